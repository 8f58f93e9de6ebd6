import type { FastifyError, FastifyInstance } from "fastify";
import type * as z from "zod";
import { formatMessage, isMessageCode, type MessageCode } from "../../contract/messages";
import { fieldErrors, type FieldError } from "../../contract/validation";
import type { Verdict } from "../../contract/verdict";

/** An answer the API gives on purpose: status + a message code of contract/messages.ts. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: MessageCode,
    readonly fields?: Record<string, FieldError>,
  ) {
    super(formatMessage(code));
  }
}

/** The value of an allowing verdict of the contract's rules; a refusal becomes the API's answer. */
export function allowed<T>(verdict: Verdict<T>): T {
  if (verdict.ok) return verdict.value;
  throw new AppError(verdict.refusal.status, verdict.refusal.code);
}

export function validationError(error: z.ZodError): AppError {
  return fieldsError(fieldErrors(error));
}

export function fieldsError(fields: Record<string, FieldError>): AppError {
  const err = new AppError(400, "validation", fields);
  const first = Object.values(fields)[0];
  if (first) err.message = first.message;
  return err;
}

/** A 400 on one field with one of the spec's messages (e.g. a wrong confirmation code). */
export function fieldError(status: number, code: MessageCode, field: string): AppError {
  const err = new AppError(status, code, { [field]: { code, params: { field }, message: formatMessage(code, { field }) } });
  return err;
}

/** The code of an error the framework raises itself (also what the OpenAPI document lists for those). */
export const codeByStatus: Record<number, MessageCode> = {
  400: "validation",
  401: "unauthorized",
  403: "forbidden",
  404: "notFound",
  429: "tooManyRequests",
};

export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((raw: FastifyError | AppError, request, reply) => {
    if (raw instanceof AppError) {
      return reply.status(raw.statusCode).send({ statusCode: raw.statusCode, code: raw.code, message: raw.message, ...(raw.fields ? { fields: raw.fields } : {}) });
    }
    const status = typeof raw.statusCode === "number" && raw.statusCode >= 400 && raw.statusCode < 600 ? raw.statusCode : 500;
    if (status >= 500) request.log.error(raw);
    // Fastify's own 4xx (bad JSON, wrong content type, body too large) keep their status with our shape.
    const code: MessageCode = isMessageCode(raw.code) ? raw.code : (codeByStatus[status] ?? "somethingWentWrong");
    return reply.status(status).send({ statusCode: status, code, message: formatMessage(code) });
  });
}

import { STATUS_CODES } from "node:http";
import type { Socket } from "node:net";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type * as z from "zod";
import type { SessionType } from "../../contract/enums";
import { formatMessage, isMessageCode, statusMessageCode, type MessageCode } from "../../contract/messages";
import { fieldErrors, type FieldError } from "../../contract/validation";
import type { Verdict } from "../../contract/verdict";
import { isDatabaseUnavailable } from "../db/errors";

/** An answer the API gives on purpose: status + a message code of contract/messages.ts. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: MessageCode,
    readonly fields?: Record<string, FieldError>,
    /** A late save's 418: the sessions that had started (contract/common.ts `ErrorBody.sessions`). */
    readonly sessions?: readonly SessionType[],
  ) {
    super(formatMessage(code));
  }
}

/** The value of an allowing verdict of the contract's rules; a refusal becomes the API's answer. */
export function allowed<T>(verdict: Verdict<T>): T {
  if (verdict.ok) return verdict.value;
  throw new AppError(verdict.refusal.status, verdict.refusal.code, undefined, verdict.refusal.sessions);
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
  const err = new AppError(status, code, {
    [field]: { code, params: { field }, message: formatMessage(code, { field }) },
  });
  return err;
}

/** Fastify's own refusals by error code, where the status alone would say less (or the wrong thing). */
const codeOfFrameworkError: Record<string, { status: number; code: MessageCode }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { status: 413, code: "payloadTooLarge" },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { status: 415, code: "unsupportedMediaType" },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: { status: 400, code: "malformedRequest" },
  FST_ERR_CTP_EMPTY_JSON_BODY: { status: 400, code: "malformedRequest" },
  FST_ERR_CTP_INVALID_JSON_BODY: { status: 400, code: "malformedRequest" },
  FST_ERR_BAD_URL: { status: 400, code: "malformedRequest" },
  // A path segment longer than any id names nothing.
  FST_ERR_MAX_PARAM_LENGTH: { status: 404, code: "notFound" },
  // @fastify/multipart's limits (POST /s3): the file or the form is too large.
  FST_REQ_FILE_TOO_LARGE: { status: 413, code: "fileTooLarge" },
  FST_PARTS_LIMIT: { status: 413, code: "payloadTooLarge" },
  FST_FILES_LIMIT: { status: 413, code: "payloadTooLarge" },
  FST_FIELDS_LIMIT: { status: 413, code: "payloadTooLarge" },
};

export function sendError(reply: FastifyReply, err: AppError): FastifyReply {
  return reply.status(err.statusCode).send({
    statusCode: err.statusCode,
    code: err.code,
    message: err.message,
    ...(err.fields ? { fields: err.fields } : {}),
    ...(err.sessions ? { sessions: err.sessions } : {}),
  });
}

/** Any failure as the contract's error body: AppErrors as they are, Fastify's refusals with their own codes, the rest a logged 500. */
function toAppError(raw: FastifyError | AppError, request: FastifyRequest): AppError {
  if (raw instanceof AppError) return raw;
  const known = typeof raw.code === "string" ? codeOfFrameworkError[raw.code] : undefined;
  if (known) return new AppError(known.status, known.code);
  // The database away (a restart, a dropped connection, a connect that timed out): the pool logs that once; the request may be sent again.
  if (isDatabaseUnavailable(raw)) return new AppError(503, "serviceUnavailable");
  const status =
    typeof raw.statusCode === "number" && raw.statusCode >= 400 && raw.statusCode < 600 ? raw.statusCode : 500;
  if (status < 500)
    return new AppError(status, isMessageCode(raw.code) ? raw.code : (statusMessageCode[status] ?? "malformedRequest"));
  // The error only: never the request's body or query, which hold what the player typed.
  request.log.error({ err: raw }, "request failed");
  return new AppError(status, "somethingWentWrong");
}

export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((raw: FastifyError | AppError, request, reply) => sendError(reply, toAppError(raw, request)));
  // Once the server is stopping (SIGTERM), a request still arriving on a kept-alive connection is refused in the
  // contract's shape, and the connection closes so the client's next request goes to another instance. Fastify's
  // own 503 (return503OnClosing, off in app.ts) has no code.
  let closing = false;
  app.addHook("preClose", async () => {
    closing = true;
  });
  app.addHook("onRequest", async (_request, reply) => {
    if (closing) return sendError(reply.header("connection", "close"), new AppError(503, "serviceUnavailable"));
  });
}

/** Fastify's refusals before routing (a URL that does not decode, a parameter too long), in the same shape. */
export function frameworkErrors(raw: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  void sendError(reply, toAppError(raw, request));
}

/**
 * Refusals of Node's HTTP parser, before Fastify sees a request (headers or URL over 16 KiB, a request
 * that does not parse, a timeout), in the same shape with their own codes. The connection then closes, as
 * Node would: its input cannot be trusted to frame another request.
 */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === "ECONNRESET" || socket.destroyed) return;
  const status = err.code === "HPE_HEADER_OVERFLOW" ? 431 : err.code === "ERR_HTTP_REQUEST_TIMEOUT" ? 408 : 400;
  const code = statusMessageCode[status] ?? "malformedRequest";
  const body = JSON.stringify({ statusCode: status, code, message: formatMessage(code) });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(err);
}

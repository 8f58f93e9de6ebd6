import * as z from "zod";
import { formatMessage, isMessageCode, type MessageCode } from "./messages";

// Field rules of spec section 5. Every schema sets its error to a message code so
// the client can translate it and the server can answer it in English.

export const required = () => z.string({ error: "required" }).trim().min(1, { error: "required" });

export const email = () => required().pipe(z.email({ error: "email" }).max(254, { error: "maxLength" }));

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 64;
export const passwordPattern = /^(?=.*\p{L})(?=.*\d)(?=.*[^\p{L}\d\s]).+$/u;
export const password = () =>
  z
    .string({ error: "required" })
    .min(1, { error: "required" })
    .min(PASSWORD_MIN, { error: "minLength" })
    .max(PASSWORD_MAX, { error: "maxLength" })
    .regex(passwordPattern, { error: "passwordRule" });

export const ethAddressPattern = /^0x[0-9a-fA-F]{40}$/;
export const ethAddress = () => z.string().regex(ethAddressPattern, { error: "ethAddress" });

export const phonePattern = /^\+?[0-9 ()-]{6,20}$/;
export const phone = () => z.string().regex(phonePattern, { error: "phone" });

/** Optional text field: '' and missing both mean "not set". */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: "maxLength" })
    .optional()
    .transform((v) => (v ? v : undefined));

export const CONFIRMATION_CODE_LENGTH = 6;
export const confirmationCode = () =>
  z.string({ error: "required" }).regex(/^\d{6}$/, { error: "invalidConfirmationCode" });

export type FieldError = { code: MessageCode; params: Record<string, string | number>; message: string };

/** Maps one zod issue to a spec message code plus its params. */
export function issueToFieldError(issue: z.core.$ZodIssue): FieldError {
  const field = issue.path.map(String).join(".");
  // A schema's own message code wins; zod's default text falls back to the
  // generic code for the issue kind.
  const custom = isMessageCode(issue.message) ? issue.message : undefined;
  let code: MessageCode = custom ?? "somethingWentWrong";
  const params: Record<string, string | number> = { field };
  if (issue.code === "too_small") {
    const min = Number(issue.minimum);
    if (issue.origin === "string") {
      code = custom ?? "minLength";
      params.min = min;
    } else if (issue.origin === "number") {
      code = custom ?? "numberMin";
      params.min = min;
    }
  } else if (issue.code === "too_big") {
    const max = Number(issue.maximum);
    if (issue.origin === "string") {
      code = custom ?? "maxLength";
      params.max = max;
    } else if (issue.origin === "number") {
      code = custom ?? "numberMax";
      params.max = max;
    }
  } else if (issue.code === "invalid_type" && !custom) {
    code = "required";
  }
  return { code, params, message: formatMessage(code, params) };
}

/** First error per field, keyed by the field's dotted path. */
export function fieldErrors(error: z.ZodError): Record<string, FieldError> {
  const out: Record<string, FieldError> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join(".") || "_";
    out[key] ??= issueToFieldError(issue);
  }
  return out;
}

import * as z from "zod";
import { formatMessage, isMessageCode, type MessageCode } from "./messages";
import { optionalSafeText, safeText } from "./text";

// Field rules of spec section 5. Every schema sets its error to a message code so
// the client can translate it and the server can answer it in English.

/** A required one-line text (contract/text.ts decides what text may hold). */
export const required = () => safeText().min(1, { error: "required" });

// The document describes what a client sends, the pipe's input: its meta says what the pipe then requires of it.
export const email = () =>
  required()
    .pipe(z.email({ error: "email" }).max(254, { error: "maxLength" }))
    .meta({ format: "email", maxLength: 254 });

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

/**
 * The password typed again. It must equal `password` (the body's refinement answers `passwordsMustMatch`), so it
 * is taken only where the password rule holds: the document says so, while a mismatch keeps its own message.
 */
export const confirmPassword = () =>
  z.string({ error: "required" }).min(1, { error: "required" }).meta({
    minLength: PASSWORD_MIN,
    maxLength: PASSWORD_MAX,
    pattern: passwordPattern.source,
    description: "The same text as `password`.",
  });

/** A token the server made (a refresh token: base64url): its alphabet only, never a control character. */
export const opaqueToken = () =>
  z
    .string({ error: "required" })
    .min(1, { error: "required" })
    .max(512, { error: "maxLength" })
    .regex(/^[\w-]+$/, { error: "validation" });

export const ethAddressPattern = /^0x[0-9a-fA-F]{40}$/;
export const ethAddress = () => z.string().regex(ethAddressPattern, { error: "ethAddress" });

export const phonePattern = /^\+?[0-9 ()-]{6,20}$/;
export const phone = () => z.string().regex(phonePattern, { error: "phone" });

/** Optional one-line text field: '' and missing both mean "not set". */
export const optionalText = (max: number) => optionalSafeText(max);

/** An ISO 3166 country code, stored upper-case. */
export const countryCode = () =>
  z
    .string({ error: "validation" })
    .trim()
    .regex(/^[A-Za-z]{2}$/, { error: "validation" })
    .overwrite((v) => v.toUpperCase());

/** A BCP 47 language tag such as `en` or `pt-BR` (query strings that pick a language). */
export const languageTag = () =>
  z
    .string({ error: "validation" })
    .max(35, { error: "maxLength" })
    .regex(/^[A-Za-z]{2,3}(-[A-Za-z0-9]{1,8})*$/, { error: "validation" });

/** A client's key for a retried request (a UUID, say): letters, digits and `_ - . :` only. */
export const idempotencyKey = (min: number, max: number) =>
  z
    .string({ error: "required" })
    .min(min, { error: "minLength" })
    .max(max, { error: "maxLength" })
    .regex(/^[\w.:-]+$/, { error: "validation" });

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
  // A refusal of the request, never "something went wrong" (that reads like the server's own failure).
  let code: MessageCode = custom ?? "validation";
  const params: Record<string, string | number> = { field };
  if (issue.code === "too_small") {
    const min = Number(issue.minimum);
    if (issue.origin === "string") {
      code = custom ?? "minLength";
      // The spec's sentence says "more than {min}": the longest text refused, one under the rule's minimum.
      params.min = min - 1;
    } else if (issue.origin === "number") {
      code = custom ?? "numberMin";
      params.min = min;
    }
  } else if (issue.code === "too_big") {
    const max = Number(issue.maximum);
    if (issue.origin === "string") {
      code = custom ?? "maxLength";
      // "less than {max}": the shortest text refused, one over the rule's maximum.
      params.max = max + 1;
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

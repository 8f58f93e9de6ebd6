import { useTranslation } from "react-i18next";
import type * as z from "zod";
import type { ErrorBody } from "../../contract/common";
import { fieldErrors } from "../../contract/validation";

export type ShownError = { code: string; params?: Record<string, string | number>; message?: string };
export type ErrorMap = Record<string, ShownError>;

/** Client-side check with the contract's own schema: the same rules and message codes as the server. */
export function validateWith(schema: z.ZodType, values: unknown): ErrorMap | null {
  const result = schema.safeParse(values);
  return result.success ? null : fieldErrors(result.error);
}

/** Per-field errors of a server answer (400 with `fields`). */
export function serverFieldErrors(error: ErrorBody | null | undefined): ErrorMap {
  return error?.fields ?? {};
}

/** Translates a message code from the `errors` namespace, falling back to the server's English text. */
export function useErrorText() {
  const { t } = useTranslation("errors");
  return (error: ShownError | null | undefined): string | undefined =>
    error ? t(error.code, { ...error.params, defaultValue: error.message ?? t("somethingWentWrong") }) : undefined;
}

import { useState } from "react";
import type * as z from "zod";
import type { ErrorBody } from "../../contract/common";
import { serverFieldErrors, useErrorText, validateWith, type ErrorMap } from "../ui/fieldErrors";

/**
 * Form state for the auth modals: what was typed stays on error; client errors come from the contract
 * schema, server errors from the answer's `fields` (or one message for the whole form).
 */
export function useAuthForm<V extends Record<string, unknown>>(initial: V, serverError: ErrorBody | null | undefined) {
  const [values, setValues] = useState<V>(initial);
  const [clientErrors, setClientErrors] = useState<ErrorMap>({});
  const errorText = useErrorText();
  const fromServer = serverFieldErrors(serverError);

  const set = <K extends keyof V>(key: K, value: V[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setClientErrors(({ [key as string]: _dropped, ...rest }) => rest);
  };

  /**
   * True when the values pass the schema; otherwise shows the errors. A schema's cross-field refinement
   * (passwords must match) only runs once every field is valid, so the form checks the match itself too.
   */
  const check = (schema: z.ZodType, toValidate: unknown = values) => {
    const errors: ErrorMap = { ...validateWith(schema, toValidate) };
    const v = toValidate as { password?: unknown; confirmPassword?: unknown };
    if (typeof v.confirmPassword === "string" && v.confirmPassword !== "" && v.password !== v.confirmPassword) {
      errors.confirmPassword ??= { code: "passwordsMustMatch", params: {} };
    }
    setClientErrors(errors);
    return Object.keys(errors).length === 0;
  };

  const fieldError = (name: string) => errorText(clientErrors[name] ?? fromServer[name]);
  const hasFieldErrors = Object.keys(fromServer).length > 0;
  const formError = serverError && !hasFieldErrors ? errorText(serverError) : undefined;

  /** The props a text field needs for `name`: its value, change handler and translated error. */
  const field = <K extends keyof V & string>(name: K) => ({
    name,
    value: String(values[name] ?? ""),
    onChange: (e: { target: { value: string } }) => set(name, e.target.value as V[K]),
    error: fieldError(name),
  });

  return { values, set, check, field, fieldError, formError };
}

import type { TFunction } from "i18next";
import type { ErrorBody } from "../../../contract/common";

/** A server refusal in the operator's language (errors:<code>), its English message as the fallback. */
export const errorText = (t: TFunction, error: ErrorBody | null) =>
  error ? t(`errors:${error.code}`, { defaultValue: error.message }) : null;

import { useId, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { manufacturerAnswers } from "../../../contract/questionRules";
import { GAME_CLASS } from "../../../contract/rules";
import { useRidersDropdown } from "../../api/races";
import textField from "../../ui/TextField.module.css";

type Props = {
  set: "riders" | "manufacturers";
  value: string;
  disabled: boolean;
  error: string | null | undefined;
  onChange(text: string): void;
  /** Drawn instead when the riders cannot be read: the answer can still be written. */
  fallback: ReactNode;
};

/**
 * The answer to a question about riders or manufacturers, chosen from the known ones (contract/questionRules.ts
 * answerSetOf): the choice is the answer's text, so it is spelt as the correct answer is.
 */
export function KnownAnswer({ set, value, disabled, error, onChange, fallback }: Props) {
  const { t } = useTranslation("bonus");
  const id = useId();
  const riders = useRidersDropdown(GAME_CLASS);
  if (set === "riders" && riders.isError) return <>{fallback}</>;
  const names =
    set === "manufacturers"
      ? manufacturerAnswers
      : (riders.data ?? []).map((r) => r.name).toSorted((a, b) => a.localeCompare(b));
  // An answer given earlier that is not in the list (written before the choice existed) stays selectable.
  const choices = value && !names.includes(value) ? [value, ...names] : names;
  const errorId = `${id}-error`;
  return (
    <div className={textField.field}>
      <label htmlFor={id} className={textField.label}>
        {t(set === "riders" ? "modal.chooseRider" : "modal.chooseManufacturer")}
      </label>
      <select
        id={id}
        className={`${textField.input} ${error ? textField.invalid : ""}`}
        value={value}
        disabled={disabled || (set === "riders" && riders.isPending)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => onChange(event.currentTarget.value)}
      >
        <option value="" disabled>
          {t(set === "riders" ? "modal.pickRider" : "modal.pickManufacturer")}
        </option>
        {choices.map((name) => (
          <option key={name} value={name}>
            {name}
          </option>
        ))}
      </select>
      {error ? (
        <p id={errorId} className={textField.error} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

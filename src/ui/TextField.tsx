import { useId, type InputHTMLAttributes, type ReactNode } from "react";
import styles from "./TextField.module.css";

export type TextFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, "id"> & {
  label: ReactNode;
  /** Already translated message; its presence marks the field invalid. */
  error?: string | null;
  hint?: ReactNode;
  /** Renders a <textarea> for longer texts such as a bio. */
  multiline?: boolean;
  rows?: number;
};

export function TextField({ label, error, hint, multiline = false, rows = 4, className, ...input }: TextFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(" ") || undefined;
  const shared = {
    id,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy,
    className: `${styles.input} ${error ? styles.invalid : ""}`,
  };
  return (
    <div className={[styles.field, className].filter(Boolean).join(" ")}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      {multiline ? (
        <textarea
          {...shared}
          rows={rows}
          name={input.name}
          value={input.value as string | undefined}
          defaultValue={input.defaultValue as string | undefined}
          onChange={input.onChange as never}
          onBlur={input.onBlur as never}
          placeholder={input.placeholder}
          maxLength={input.maxLength}
          disabled={input.disabled}
          readOnly={input.readOnly}
          required={input.required}
        />
      ) : (
        <input {...input} {...shared} />
      )}
      {hint && !error ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

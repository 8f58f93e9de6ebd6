import { useId, type ReactNode, type SelectHTMLAttributes } from "react";
import type { Country } from "../../contract/system";
import styles from "./TextField.module.css";

export type SelectFieldProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, "id" | "onChange"> & {
  label: ReactNode;
  /** Already translated message; its presence marks the field invalid. */
  error?: string | null;
  onChange(value: string): void;
  children: ReactNode;
};

/** A select with its label and its error tied to it, drawn as the text fields are (TextField.module.css). */
export function SelectField({ label, error, onChange, children, className, ...select }: SelectFieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className={[styles.field, className].filter(Boolean).join(" ")}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <select
        {...select}
        id={id}
        className={`${styles.input} ${error ? styles.invalid : ""}`}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => onChange(event.target.value)}
      >
        {children}
      </select>
      {error ? (
        <p id={errorId} className={styles.error} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The countries of GET /system/countries as options, each with its flag. */
export function CountryOptions({ countries }: { countries: readonly Country[] }) {
  return countries.map((country) => (
    <option key={country.code} value={country.code}>
      {country.sign} {country.name}
    </option>
  ));
}

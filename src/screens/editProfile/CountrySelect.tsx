import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { Country } from "../../../contract/system";
import styles from "./EditProfileScreen.module.css";

export type CountrySelectProps = {
  value: string;
  onChange(code: string): void;
  countries: readonly Country[];
  error: string | null;
};

/** Countries of GET /system/countries with their flags; '' means "not set". */
export function CountrySelect({ value, onChange, countries, error }: CountrySelectProps) {
  const { t } = useTranslation("profile");
  const id = useId();
  return (
    <div className={styles.selectField}>
      <label htmlFor={id} className={styles.selectLabel}>
        {t("edit.country")}
      </label>
      <select
        id={id}
        name="country"
        className={styles.select}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      >
        <option value="">{t("edit.noCountry")}</option>
        {countries.map((country) => (
          <option key={country.code} value={country.code}>
            {country.sign} {country.name}
          </option>
        ))}
      </select>
      {error ? (
        <p id={`${id}-error`} role="alert" className={styles.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

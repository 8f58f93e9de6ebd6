import { useTranslation } from "react-i18next";
import type { Country } from "../../../contract/system";
import { CountryOptions, SelectField } from "../../ui/SelectField";

export type CountrySelectProps = {
  value: string;
  onChange(code: string): void;
  countries: readonly Country[];
  error: string | null;
};

/** Countries of GET /system/countries with their flags; '' means "not set". */
export function CountrySelect({ value, onChange, countries, error }: CountrySelectProps) {
  const { t } = useTranslation("profile");
  return (
    <SelectField label={t("edit.country")} name="country" value={value} onChange={onChange} error={error}>
      <option value="">{t("edit.noCountry")}</option>
      <CountryOptions countries={countries} />
    </SelectField>
  );
}

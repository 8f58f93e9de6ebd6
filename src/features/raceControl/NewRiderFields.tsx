import { useTranslation } from "react-i18next";
import { GAME_CLASS } from "../../../contract/rules";
import type { FieldError } from "../../../contract/validation";
import type { NewRiderDraft } from "../../../machines/raceControlAction.machine";
import { useTeams } from "../../api/races";
import { useCountries } from "../../api/system";
import { CountryOptions, SelectField } from "../../ui/SelectField";
import { TextField } from "../../ui/TextField";
import styles from "./raceControl.module.css";

export type NewRiderFieldsProps = {
  draft: NewRiderDraft;
  /** The contract's errors by field, once the operator has tried to confirm. */
  errors: Partial<Record<keyof NewRiderDraft, FieldError>>;
  disabled: boolean;
  onChange(draft: NewRiderDraft): void;
};

/**
 * A rider on no list yet, as the CLI's `--name --team --country` bring one in: race number, name, one of the game
 * class's teams and a country of the product's list.
 */
export function NewRiderFields({ draft, errors, disabled, onChange }: NewRiderFieldsProps) {
  const { t } = useTranslation(["raceControl", "errors"]);
  const teams = useTeams(GAME_CLASS);
  const countries = useCountries();
  const label = (field: keyof NewRiderDraft) => t(`action.new.${field}`);
  // The spec's sentences name the field by its label here, not by the body's property.
  const errorOf = (field: keyof NewRiderDraft) => {
    const error = errors[field];
    return error ? t(`errors:${error.code}`, { ...error.params, field: label(field) }) : null;
  };
  const set = (field: keyof NewRiderDraft) => (value: string) => onChange({ ...draft, [field]: value });
  return (
    <fieldset className={styles.newRider}>
      <legend className={styles.legend}>{t("action.new.legend")}</legend>
      <TextField
        label={label("number")}
        name="number"
        inputMode="numeric"
        autoComplete="off"
        value={draft.number}
        disabled={disabled}
        error={errorOf("number")}
        onChange={(e) => set("number")(e.target.value)}
      />
      <TextField
        label={label("name")}
        name="name"
        autoComplete="off"
        value={draft.name}
        disabled={disabled}
        error={errorOf("name")}
        onChange={(e) => set("name")(e.target.value)}
      />
      <SelectField
        label={label("teamId")}
        value={draft.teamId}
        error={errorOf("teamId")}
        disabled={disabled}
        onChange={set("teamId")}
      >
        <option value="">{t(teams.isPending ? "action.new.teamsLoading" : "action.new.chooseTeam")}</option>
        {(teams.data ?? []).map((team) => (
          <option key={team.id} value={team.id}>
            {team.name}
          </option>
        ))}
      </SelectField>
      <SelectField
        label={label("country")}
        value={draft.country}
        error={errorOf("country")}
        disabled={disabled}
        onChange={set("country")}
      >
        <option value="">{t(countries.isPending ? "action.new.countriesLoading" : "action.new.chooseCountry")}</option>
        <CountryOptions countries={countries.data ?? []} />
      </SelectField>
    </fieldset>
  );
}

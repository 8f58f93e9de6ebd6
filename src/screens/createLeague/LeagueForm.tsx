import dayjs from "dayjs";
import { useCallback, useId, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "wouter";
import type { LeagueType } from "../../../contract/enums";
import { endOfDay } from "../../../contract/leagueRules";
import { LEAGUE_NAME_MAX, LeagueBody, type League } from "../../../contract/leagues";
import { fieldErrors, type FieldError } from "../../../contract/validation";
import { ApiError } from "../../api/client";
import { useSaveLeague } from "../../api/leagues";
import { useCountries } from "../../api/system";
import { leaguePath } from "../../features/leagues/LeagueCard";
import { Button } from "../../ui/Button";
import { CountryOptions, SelectField } from "../../ui/SelectField";
import { TextField } from "../../ui/TextField";
import { LeagueImageField, type PictureChoice } from "./LeagueImageField";
import styles from "./CreateLeagueScreen.module.css";

type Form = { name: string; type: LeagueType | ""; description: string; country: string; endDate: string };

const formOf = (league: League | undefined): Form => ({
  name: league?.name ?? "",
  type: league?.type ?? "",
  description: league?.description ?? "",
  country: league?.country ?? "",
  endDate: league?.endDate ? dayjs(league.endDate).format("YYYY-MM-DD") : "",
});

const bodyOf = (form: Form) => ({
  name: form.name.trim(),
  type: form.type || undefined,
  description: form.description.trim() || undefined,
  country: form.country || undefined,
  endDate: form.endDate ? endOfDay(form.endDate) : undefined,
});

/** The league's fields (name 3-20, type, description, country, end date, picture), checked by the contract, saved in one go. */
export function LeagueForm({ league, types }: { league: League | undefined; types: readonly LeagueType[] }) {
  const { t } = useTranslation("leagues");
  const countries = useCountries();
  const save = useSaveLeague();
  const [, navigate] = useLocation();
  const ids = { type: useId(), cropping: useId() };
  const [form, setForm] = useState(() => formOf(league));
  const [picture, setPicture] = useState<PictureChoice>({ kept: league?.image ?? null, cropped: null });
  const [cropping, setCropping] = useState(false);
  const [checked, setChecked] = useState<Record<string, FieldError>>({});
  const [today] = useState(() => dayjs().format("YYYY-MM-DD"));
  const failure = save.error instanceof ApiError ? save.error : null;
  // A field's message answers what was sent or checked: once the player changes the field, it no longer applies.
  const set = (name: keyof Form) => (value: string) => {
    setForm({ ...form, [name]: value });
    if (checked[name]) {
      const rest = { ...checked };
      delete rest[name];
      setChecked(rest);
    }
    if (failure?.body.fields?.[name]) save.reset();
  };
  const onBusy = useCallback((busy: boolean) => setCropping(busy), []);

  const errors = failure?.body.fields
    ? { ...checked, ...(failure.body.fields as Record<string, FieldError>) }
    : checked;
  const errorText = (name: string) => (errors[name] ? t(`errors:${errors[name].code}`, errors[name].params) : null);

  function submit(event: FormEvent) {
    event.preventDefault();
    const result = LeagueBody.safeParse(bodyOf(form));
    setChecked(result.success ? {} : fieldErrors(result.error));
    if (!result.success) return;
    save.mutate(
      {
        editId: league?.id ?? null,
        body: { ...bodyOf(form), image: picture.kept ?? undefined },
        picture: picture.cropped,
      },
      {
        onSuccess: (saved) => {
          navigate(leaguePath(saved.id));
          // The form was scrolled down to its button: the league's page opens at its top, its name in view.
          window.scrollTo({ top: 0, left: 0 });
        },
      },
    );
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <div className={styles.fields}>
        <TextField
          label={t("create.name")}
          name="name"
          value={form.name}
          maxLength={LEAGUE_NAME_MAX}
          onChange={(e) => set("name")(e.target.value)}
          error={errorText("name")}
          hint={t("create.nameHint")}
          autoComplete="off"
        />
        <fieldset className={styles.types} aria-describedby={errors.type ? `${ids.type}-error` : undefined}>
          <legend className={styles.label}>{t("create.type")}</legend>
          <div className={styles.typeOptions}>
            {types.map((type) => (
              <label key={type} className={`${styles.typeOption} ${form.type === type ? styles.typeChosen : ""}`}>
                <input
                  type="radio"
                  name="type"
                  value={type}
                  checked={form.type === type}
                  onChange={() => set("type")(type)}
                />
                <span className={styles.typeName}>{t(`type.${type}`)}</span>
                <span className={styles.typeText}>{t(`create.typeText.${type}`)}</span>
              </label>
            ))}
          </div>
          {errors.type ? (
            <p id={`${ids.type}-error`} role="alert" className={styles.error}>
              {errorText("type")}
            </p>
          ) : null}
        </fieldset>
        <TextField
          label={t("create.description")}
          name="description"
          multiline
          rows={3}
          value={form.description}
          maxLength={300}
          onChange={(e) => set("description")(e.target.value)}
          error={errorText("description")}
        />
        <div className={styles.pair}>
          <SelectField
            className={styles.selectField}
            label={t("create.country")}
            name="country"
            value={form.country}
            onChange={set("country")}
          >
            <option value="">{t("create.noCountry")}</option>
            <CountryOptions countries={countries.data ?? []} />
          </SelectField>
          <TextField
            className={styles.selectField}
            label={t("create.endDate")}
            name="endDate"
            type="date"
            value={form.endDate}
            min={today}
            onChange={(e) => set("endDate")(e.target.value)}
          />
        </div>
      </div>
      <LeagueImageField saved={league?.image ?? null} onChange={setPicture} onBusy={onBusy} />
      <div className={styles.submitRow}>
        <Button
          type="submit"
          size="lg"
          loading={save.isPending}
          disabled={cropping}
          aria-describedby={cropping ? ids.cropping : undefined}
        >
          {league ? t("create.save") : t("create.submit")}
        </Button>
        {cropping ? (
          <p id={ids.cropping} className={styles.hint}>
            {t("create.croppingHint")}
          </p>
        ) : null}
        {failure && !failure.body.fields && !failure.handled ? (
          <p role="alert" className={styles.error}>
            {t(`errors:${failure.code}`)}
          </p>
        ) : null}
      </div>
    </form>
  );
}

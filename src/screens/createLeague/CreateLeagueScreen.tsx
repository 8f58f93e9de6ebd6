import { useQuery, useQueryClient } from "@tanstack/react-query";
import dayjs from "dayjs";
import { useEffect, useId, useState, type ChangeEvent, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useSearch } from "wouter";
import { LEAGUE_NAME_MAX, LeagueBody, type League } from "../../../contract/leagues";
import type { LeagueType } from "../../../contract/enums";
import { fieldErrors, type FieldError } from "../../../contract/validation";
import { ApiError } from "../../api/client";
import { createLeague, getLeague, getUserLeagues, updateLeague } from "../../api/leagues";
import { leagueKeys } from "../../api/queryKeys";
import { uploadImage } from "../../api/uploads";
import { useProfile } from "../../app/hooks";
import { queryKeys } from "../../app/paths";
import { Button, buttonClass } from "../../ui/Button";
import { EmptyState } from "../../ui/EmptyState";
import { Spinner } from "../../ui/Spinner";
import { TextField } from "../../ui/TextField";
import { useCountries } from "../profile/useCountries";
import { leaguePath } from "../leagues/LeagueCard";
import { LeaguesHeader } from "../leagues/LeaguesTabs";
import shared from "../leagues/leagues.module.css";
import { ImageCropper } from "./ImageCropper";
import { imageFileError, loadImage } from "./leagueImage";
import styles from "./CreateLeagueScreen.module.css";

/** Types a player may create; VIP leagues are the Gurus' (they come with rewards). */
const creatableTypes: readonly LeagueType[] = ["PUBLIC", "PRIVATE"];

type Form = { name: string; type: LeagueType | ""; description: string; country: string; endDate: string };
const emptyForm: Form = { name: "", type: "", description: "", country: "", endDate: "" };

const formOf = (league: League): Form => ({
  name: league.name,
  type: league.type,
  description: league.description ?? "",
  country: league.country ?? "",
  endDate: league.endDate ? dayjs(league.endDate).format("YYYY-MM-DD") : "",
});

const bodyOf = (form: Form, image: string | undefined) => ({
  name: form.name.trim(),
  type: form.type || undefined,
  description: form.description.trim() || undefined,
  country: form.country || undefined,
  endDate: form.endDate ? new Date(`${form.endDate}T23:59:59`).toISOString() : undefined,
  image,
});

/**
 * /leagues/create: name (3-20), type, description, country, end date and a 354 × 180 picture.
 * With `?isEdit=true&league={id}` (the spec's query keys) the owner edits that league (PUT /leagues/{id}).
 */
export default function CreateLeagueScreen() {
  const { t } = useTranslation("leagues");
  const me = useProfile();
  const countries = useCountries();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const ids = { type: useId(), country: useId(), file: useId(), date: useId() };
  const search = new URLSearchParams(useSearch());
  const editId = search.get(queryKeys.isEdit) === "true" ? search.get(queryKeys.league) : null;
  const editing = useQuery({
    queryKey: leagueKeys.one(editId ?? ""),
    queryFn: ({ signal }) => getLeague(editId!, signal),
    enabled: editId !== null,
  });
  const [typed, setForm] = useState<Form | null>(null);
  // Editing starts from the league as saved; then it holds what the owner types.
  const form = typed ?? (editing.data ? formOf(editing.data) : emptyForm);
  const [keptImage, setKeptImage] = useState<string | null | undefined>(undefined);
  const currentImage = keptImage === undefined ? (editing.data?.image ?? null) : keptImage;
  const [errors, setErrors] = useState<Record<string, FieldError>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [picked, setPicked] = useState<{ img: HTMLImageElement; type: string } | null>(null);
  const [cropped, setCropped] = useState<{ blob: Blob; url: string } | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const [today] = useState(() => dayjs().format("YYYY-MM-DD"));
  const mine = useQuery({
    queryKey: leagueKeys.mine(me?.id ?? ""),
    queryFn: ({ signal }) => getUserLeagues(me!.id, signal),
    enabled: me !== null,
  });
  const owned = mine.data?.find((l) => l.owner.id === me?.id);

  useEffect(() => () => void (cropped && URL.revokeObjectURL(cropped.url)), [cropped]);

  const set = (name: keyof Form) => (value: string) => setForm({ ...form, [name]: value });
  const errorText = (name: string) => (errors[name] ? t(`errors:${errors[name].code}`, errors[name].params) : null);

  async function pick(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = "";
    if (!file) return;
    const problem = imageFileError(file);
    if (problem) {
      setImageError(t(`errors:${problem}`));
      return;
    }
    try {
      setImageError(null);
      setPicked({ img: await loadImage(file), type: file.type });
    } catch {
      setImageError(t("errors:notImage"));
    }
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const checked = LeagueBody.safeParse(bodyOf(form, undefined));
    if (!checked.success) {
      setErrors(fieldErrors(checked.error));
      return;
    }
    setErrors({});
    setSaving(true);
    try {
      const image = cropped ? (await uploadImage(cropped.blob, cropped.blob.type === "image/png" ? "league.png" : "league.jpg")).url : (currentImage ?? undefined);
      const league = editId ? await updateLeague(editId, bodyOf(form, image)) : await createLeague(bodyOf(form, image));
      await queryClient.invalidateQueries({ queryKey: leagueKeys.all });
      navigate(leaguePath(league.id));
    } catch (error) {
      if (error instanceof ApiError && error.body.fields) setErrors(error.body.fields as Record<string, FieldError>);
      else if (!(error instanceof ApiError && error.handled)) setFailure(error instanceof ApiError ? error.code : "somethingWentWrong");
    } finally {
      setSaving(false);
    }
  }

  let body;
  if (mine.isPending || (editId && editing.isPending)) body = <Spinner size="lg" label={t("loading")} />;
  else if (editId && editing.isError) body = <EmptyState title={t("loadError")} action={<Button onClick={() => void editing.refetch()}>{t("retry")}</Button>} />;
  else if (owned && !editId) {
    // Spec: "One league per user."
    body = (
      <EmptyState
        title={t("create.ownedTitle")}
        text={t("create.ownedText", { name: owned.name })}
        action={
          <Link href={leaguePath(owned.id)} className={buttonClass({ variant: "secondary" })}>
            {t("create.openOwned")}
          </Link>
        }
      />
    );
  } else {
    body = (
      <form className={styles.form} onSubmit={submit} noValidate>
        <div className={styles.fields}>
          <TextField
            label={t("create.name")}
            name="name"
            value={form.name}
            maxLength={LEAGUE_NAME_MAX}
            onChange={(event) => set("name")(event.target.value)}
            error={errorText("name")}
            hint={t("create.nameHint")}
            autoComplete="off"
          />
          <fieldset className={styles.types} aria-describedby={errors.type ? `${ids.type}-error` : undefined}>
            <legend className={styles.label}>{t("create.type")}</legend>
            <div className={styles.typeOptions}>
              {creatableTypes.map((type) => (
                <label key={type} className={`${styles.typeOption} ${form.type === type ? styles.typeChosen : ""}`}>
                  <input type="radio" name="type" value={type} checked={form.type === type} onChange={() => set("type")(type)} />
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
            onChange={(event) => set("description")(event.target.value)}
            error={errorText("description")}
          />
          <div className={styles.pair}>
            <div className={styles.selectField}>
              <label htmlFor={ids.country} className={styles.label}>
                {t("create.country")}
              </label>
              <select id={ids.country} className={styles.select} value={form.country} onChange={(event) => set("country")(event.target.value)}>
                <option value="">{t("create.noCountry")}</option>
                {(countries.data ?? []).map((c) => (
                  <option key={c.code} value={c.code}>
                    {c.sign} {c.name}
                  </option>
                ))}
              </select>
            </div>
            <div className={styles.selectField}>
              <label htmlFor={ids.date} className={styles.label}>
                {t("create.endDate")}
              </label>
              <input
                id={ids.date}
                type="date"
                className={styles.select}
                value={form.endDate}
                min={today}
                onChange={(event) => set("endDate")(event.target.value)}
              />
            </div>
          </div>
        </div>
        <div className={styles.imageColumn}>
          <p className={styles.label}>{t("create.image")}</p>
          {picked ? (
            <ImageCropper
              image={picked.img}
              type={picked.type}
              onCancel={() => setPicked(null)}
              onDone={(blob) => {
                setCropped({ blob, url: URL.createObjectURL(blob) });
                setPicked(null);
              }}
            />
          ) : (
            <div className={styles.imagePreview}>
              {cropped || currentImage ? (
                <img src={cropped?.url ?? currentImage!} alt={t("create.imagePreview")} width={354} height={180} />
              ) : (
                <span>{t("create.imageEmpty")}</span>
              )}
            </div>
          )}
          {picked ? null : (
            <div className={styles.imageActions}>
              <label htmlFor={ids.file} className={buttonClass({ variant: "secondary", size: "sm" })}>
                {cropped || currentImage ? t("create.imageChange") : t("create.imagePick")}
              </label>
              <input id={ids.file} type="file" accept="image/png,image/jpeg" className="visually-hidden" onChange={(event) => void pick(event)} />
              {cropped || currentImage ? (
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => {
                    setCropped(null);
                    setKeptImage(null);
                  }}
                >
                  {t("create.imageRemove")}
                </Button>
              ) : null}
            </div>
          )}
          <p className={styles.hint}>{t("create.imageHint")}</p>
          {imageError ? (
            <p role="alert" className={styles.error}>
              {imageError}
            </p>
          ) : null}
        </div>
        <div className={styles.submitRow}>
          <Button type="submit" size="lg" loading={saving} disabled={picked !== null}>
            {editId ? t("create.save") : t("create.submit")}
          </Button>
          {failure ? (
            <p role="alert" className={styles.error}>
              {t(`errors:${failure}`)}
            </p>
          ) : null}
        </div>
      </form>
    );
  }

  return (
    <div className={shared.page}>
      <LeaguesHeader title={editId ? t("create.editTitle") : t("create.title")} lead={editId ? t("create.editLead") : t("create.lead")} />
      {body}
    </div>
  );
}

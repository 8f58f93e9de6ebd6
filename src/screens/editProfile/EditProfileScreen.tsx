import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { UpdateProfileBody } from "../../../contract/users";
import { fieldErrors, type FieldError } from "../../../contract/validation";
import { ApiError } from "../../api/client";
import { updateProfile } from "../../api/users";
import { useAuth } from "../../app/hooks";
import { paths } from "../../app/paths";
import { Button } from "../../ui/Button";
import { Spinner } from "../../ui/Spinner";
import { TextField } from "../../ui/TextField";
import { useCountries } from "../../api/system";
import { AccountSection } from "./AccountSection";
import { CountrySelect } from "./CountrySelect";
import { bodyFrom, valuesFrom, type FormValues, type TextFieldName } from "./profileForm";
import styles from "./EditProfileScreen.module.css";

type Status = "idle" | "saving" | "saved" | "failed";

const groups: readonly { title: string; hint?: string; fields: readonly TextFieldName[] }[] = [
  { title: "publicSection", fields: ["name", "bio"] },
  { title: "favouritesSection", fields: ["favouriteRider", "favouriteManufacturer", "favouriteCircuit"] },
  { title: "socialSection", fields: ["twitter", "instagram"] },
  { title: "privateSection", hint: "privateHint", fields: ["address", "zipCode", "city", "phone", "walletAddress"] },
];
const multiline: ReadonlySet<TextFieldName> = new Set(["bio"]);
const autoComplete: Partial<Record<TextFieldName, string>> = {
  name: "nickname",
  address: "street-address",
  zipCode: "postal-code",
  city: "address-level2",
  phone: "tel",
};

export default function EditProfileScreen() {
  const { t } = useTranslation("profile");
  const { profile, send } = useAuth();
  const countries = useCountries();
  const [values, setValues] = useState<FormValues | null>(null);
  const [errors, setErrors] = useState<Record<string, FieldError>>({});
  const [status, setStatus] = useState<Status>("idle");
  const [failure, setFailure] = useState<string | null>(null);

  if (!profile) return <Spinner size="lg" label={t("loading")} />;
  // The form starts from the loaded profile and then holds what the player types, whatever happens.
  const form = values ?? valuesFrom(profile);
  const set = (name: keyof FormValues) => (value: string) => {
    setValues({ ...form, [name]: value });
    if (status === "saved") setStatus("idle");
  };
  const errorText = (name: string) => {
    const error = errors[name];
    return error ? t(`errors:${error.code}`, error.params) : null;
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = UpdateProfileBody.safeParse(bodyFrom(form));
    if (!checked.success) {
      setErrors(fieldErrors(checked.error));
      setStatus("idle");
      return;
    }
    setErrors({});
    setFailure(null);
    setStatus("saving");
    try {
      const saved = await updateProfile(bodyFrom(form));
      send({ type: "auth.profile.updated", profile: saved });
      setStatus("saved");
    } catch (error) {
      setStatus("failed");
      if (error instanceof ApiError && error.body.fields) setErrors(error.body.fields as Record<string, FieldError>);
      else if (!(error instanceof ApiError && error.handled)) setFailure(error instanceof ApiError ? error.code : "somethingWentWrong");
    }
  }

  return (
    <div className={styles.page}>
      <div className={styles.head}>
        <div>
          <h1 className={styles.title}>{t("edit.title")}</h1>
          <p className={styles.lead}>{t("edit.lead")}</p>
        </div>
        <Link href={paths.profile} className={styles.back}>
          {t("edit.backToProfile")}
        </Link>
      </div>
      <form className={styles.form} onSubmit={submit} noValidate>
        {groups.map((group) => (
          <fieldset key={group.title} className={styles.group}>
            <legend className={styles.legend}>{t(`edit.${group.title}`)}</legend>
            {group.hint ? <p className={styles.hint}>{t(`edit.${group.hint}`)}</p> : null}
            <div className={styles.fields}>
              {group.fields.flatMap((name) => [
                <TextField
                  key={name}
                  name={name}
                  className={multiline.has(name) ? styles.wide : undefined}
                  label={t(`edit.${name}`)}
                  value={form[name]}
                  onChange={(event) => set(name)(event.target.value)}
                  error={errorText(name)}
                  hint={name === "walletAddress" ? t("edit.walletHint") : undefined}
                  multiline={multiline.has(name)}
                  autoComplete={autoComplete[name] ?? "off"}
                  inputMode={name === "phone" ? "tel" : undefined}
                />,
                name === "name" ? (
                  <CountrySelect
                    key="country"
                    value={form.country}
                    onChange={set("country")}
                    countries={countries.data ?? []}
                    error={errorText("country")}
                  />
                ) : null,
              ])}
            </div>
          </fieldset>
        ))}
        <div className={styles.submitRow}>
          <Button type="submit" size="lg" loading={status === "saving"}>
            {status === "saving" ? t("edit.saving") : t("edit.save")}
          </Button>
          <div aria-live="polite" className={styles.status}>
            {status === "saved" ? <p className={styles.success}>{t("edit.saved")}</p> : null}
            {failure ? (
              <p role="alert" className={styles.error}>
                {t(`errors:${failure}`)}
              </p>
            ) : null}
          </div>
        </div>
      </form>
      <AccountSection profile={profile} />
    </div>
  );
}

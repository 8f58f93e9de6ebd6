import { useCallback, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { UpdateProfileBody } from "../../../contract/users";
import { fieldErrors, type FieldError } from "../../../contract/validation";
import { ApiError } from "../../api/client";
import { uploadImage } from "../../api/uploads";
import { useUpdateProfile } from "../../api/users";
import { useAuth } from "../../runtime/hooks";
import { paths } from "../../config/paths";
import { Button } from "../../ui/Button";
import { Spinner } from "../../ui/Spinner";
import { TextField } from "../../ui/TextField";
import { useCountries } from "../../api/system";
import { AccountSection } from "./AccountSection";
import { AvatarField, type AvatarChoice } from "./AvatarField";
import { CountrySelect } from "./CountrySelect";
import { bodyFrom, valuesFrom, type FormValues, type TextFieldName } from "./profileForm";
import styles from "./EditProfileScreen.module.css";

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
  const save = useUpdateProfile({ onSuccess: (saved) => send({ type: "auth.profile.updated", profile: saved }) });
  const [values, setValues] = useState<FormValues | null>(null);
  const [checked, setChecked] = useState<Record<string, FieldError>>({});
  const [avatar, setAvatar] = useState<AvatarChoice>({ kind: "kept" });
  const [framing, setFraming] = useState(false);
  const [uploading, setUploading] = useState(false);
  const [uploadFailure, setUploadFailure] = useState<string | null>(null);
  const onFraming = useCallback((busy: boolean) => setFraming(busy), []);

  if (!profile) return <Spinner size="lg" label={t("loading")} />;
  // The form starts from the loaded profile and then holds what the player types, whatever happens.
  const form = values ?? valuesFrom(profile);
  const rejected = save.error instanceof ApiError ? save.error : null;
  // The server's field errors replace the form's own check until the next check; any other failure stays shown until the next save.
  const errors = rejected?.body.fields ? (rejected.body.fields as Record<string, FieldError>) : checked;
  const failure =
    save.isError && !rejected?.body.fields && !rejected?.handled ? (rejected?.code ?? "somethingWentWrong") : null;
  const set = (name: keyof FormValues) => (value: string) => {
    setValues({ ...form, [name]: value });
    if (save.isSuccess) save.reset();
  };
  const errorText = (name: string) => {
    const error = errors[name];
    return error ? t(`errors:${error.code}`, error.params) : null;
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    const result = UpdateProfileBody.safeParse(bodyFrom(form));
    setChecked(result.success ? {} : fieldErrors(result.error));
    if (!result.success) {
      // A failure that is not about a field stays said; the rest (server field errors, "saved") gives way to the check.
      if (failure === null) save.reset();
      return;
    }
    // A new avatar is uploaded first (POST /s3), then the profile names it; a removed one is sent as none.
    let img: string | null | undefined;
    if (avatar.kind === "removed") img = null;
    if (avatar.kind === "cropped") {
      setUploading(true);
      setUploadFailure(null);
      try {
        img = (await uploadImage(avatar.blob, avatar.blob.type === "image/png" ? "avatar.png" : "avatar.jpg")).url;
      } catch (error) {
        setUploadFailure(error instanceof ApiError ? error.code : "somethingWentWrong");
        return;
      } finally {
        setUploading(false);
      }
    }
    save.mutate(img === undefined ? bodyFrom(form) : { ...bodyFrom(form), img }, {
      onSuccess: () => setAvatar({ kind: "kept" }),
    });
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
      <form className={styles.form} onSubmit={(event) => void submit(event)} noValidate>
        <fieldset className={styles.group}>
          <legend className={styles.legend}>{t("edit.avatarSection")}</legend>
          <AvatarField saved={profile.img} onChange={setAvatar} onBusy={onFraming} />
        </fieldset>
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
          <Button
            type="submit"
            size="lg"
            loading={save.isPending || uploading}
            disabled={framing}
            aria-describedby={framing ? "avatar-framing" : undefined}
          >
            {save.isPending || uploading ? t("edit.saving") : t("edit.save")}
          </Button>
          {framing ? (
            <p id="avatar-framing" className={styles.hint}>
              {t("leagues:create.croppingHint")}
            </p>
          ) : null}
          <div aria-live="polite" className={styles.status}>
            {save.isSuccess ? <p className={styles.success}>{t("edit.saved")}</p> : null}
            {(failure ?? uploadFailure) ? (
              <p role="alert" className={styles.error}>
                {t(`errors:${failure ?? uploadFailure}`)}
              </p>
            ) : null}
          </div>
        </div>
      </form>
      <AccountSection profile={profile} />
    </div>
  );
}

import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { NoteEmailBody, type Profile } from "../../../contract/users";
import { fieldErrors, type FieldError } from "../../../contract/validation";
import { ApiError } from "../../api/client";
import { addNoteEmail, deleteAccount } from "../../api/users";
import { useAuth, useModal } from "../../app/hooks";
import { Button } from "../../ui/Button";
import { TextField } from "../../ui/TextField";
import styles from "./EditProfileScreen.module.css";

/** The account e-mail (read-only), the note e-mail, password change and account deletion. */
export function AccountSection({ profile }: { profile: Profile }) {
  const { t } = useTranslation("profile");
  const { send } = useAuth();
  const modal = useModal();
  const [noteEmail, setNoteEmail] = useState(profile.noteEmail ?? "");
  const [error, setError] = useState<FieldError | { code: string; params?: Record<string, string | number> } | null>(null);
  const [state, setState] = useState<"idle" | "saving" | "saved">("idle");
  const [deleting, setDeleting] = useState<"idle" | "deleting" | "failed">("idle");

  async function saveNoteEmail(event: FormEvent) {
    event.preventDefault();
    const checked = NoteEmailBody.safeParse({ email: noteEmail });
    if (!checked.success) {
      setError(fieldErrors(checked.error).email ?? null);
      return;
    }
    setError(null);
    setState("saving");
    try {
      await addNoteEmail(checked.data.email);
      send({ type: "auth.profile.updated", profile: { ...profile, noteEmail: checked.data.email } });
      setState("saved");
    } catch (failure) {
      setState("idle");
      const body = failure instanceof ApiError ? failure.body : null;
      setError(body?.fields?.email ?? { code: body?.code ?? "somethingWentWrong" });
    }
  }

  async function remove() {
    setDeleting("deleting");
    try {
      await deleteAccount();
      send({ type: "auth.signOut" });
    } catch {
      setDeleting("failed");
    }
  }

  async function confirmDelete() {
    if ((await modal.ask({ text: t("edit.deleteConfirm"), confirmLabel: t("edit.deleteConfirmButton") })) === "confirm") await remove();
  }

  return (
    <section className={styles.group} aria-labelledby="account-title">
      <h2 id="account-title" className={styles.legend}>
        {t("edit.accountSection")}
      </h2>
      <div className={styles.fields}>
        <TextField label={t("edit.email")} value={profile.email} readOnly hint={t("edit.emailHint")} type="email" />
        <form onSubmit={saveNoteEmail} noValidate className={styles.inlineForm}>
          <TextField
            label={t("edit.noteEmail")}
            type="email"
            name="noteEmail"
            autoComplete="email"
            value={noteEmail}
            onChange={(event) => {
              setNoteEmail(event.target.value);
              setState("idle");
            }}
            hint={t("edit.noteEmailHint")}
            error={error ? t(`errors:${error.code}`, error.params ?? {}) : null}
          />
          <Button type="submit" variant="secondary" loading={state === "saving"}>
            {t("edit.saveNoteEmail")}
          </Button>
          <p aria-live="polite" className={styles.success}>
            {state === "saved" ? t("edit.noteEmailSaved") : ""}
          </p>
        </form>
      </div>
      <div className={styles.accountActions}>
        <Button variant="secondary" onClick={() => modal.open("ChangePassword")}>
          {t("edit.changePassword")}
        </Button>
        <div className={styles.danger}>
          <p className={styles.hint}>{t("edit.deleteHint")}</p>
          <Button variant="danger" onClick={() => void confirmDelete()} loading={deleting === "deleting"}>
            {t("edit.deleteAccount")}
          </Button>
          {deleting === "failed" ? (
            <p role="alert" className={styles.error}>
              {t("errors:somethingWentWrong")}
            </p>
          ) : null}
        </div>
      </div>
    </section>
  );
}

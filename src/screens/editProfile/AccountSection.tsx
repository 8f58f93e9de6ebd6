import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { NoteEmailBody, type Profile } from "../../../contract/users";
import { fieldErrors, type FieldError } from "../../../contract/validation";
import { ApiError } from "../../api/client";
import { useAddNoteEmail, useDeleteAccount } from "../../api/users";
import { useAuth, useModal } from "../../runtime/hooks";
import { Button } from "../../ui/Button";
import { TextField } from "../../ui/TextField";
import styles from "./EditProfileScreen.module.css";

/** The account e-mail (read-only), the note e-mail, password change and account deletion. */
export function AccountSection({ profile }: { profile: Profile }) {
  const { t } = useTranslation("profile");
  const { send } = useAuth();
  const modal = useModal();
  const [noteEmail, setNoteEmail] = useState(profile.noteEmail ?? "");
  const [checked, setChecked] = useState<FieldError | null>(null);
  const saveNote = useAddNoteEmail({
    onSuccess: (_, email) => send({ type: "auth.profile.updated", profile: { ...profile, noteEmail: email } }),
  });
  const remove = useDeleteAccount({ onSuccess: () => send({ type: "auth.signOut" }) });
  const rejected = saveNote.error instanceof ApiError ? saveNote.error.body : null;
  const error: FieldError | { code: string; params?: Record<string, string | number> } | null =
    checked ??
    (saveNote.isError ? (rejected?.fields?.email ?? { code: rejected?.code ?? "somethingWentWrong" }) : null);

  function saveNoteEmail(event: FormEvent) {
    event.preventDefault();
    const result = NoteEmailBody.safeParse({ email: noteEmail });
    setChecked(result.success ? null : (fieldErrors(result.error).email ?? null));
    // The check's verdict replaces the last answer's.
    saveNote.reset();
    if (result.success) saveNote.mutate(result.data.email);
  }

  async function confirmDelete() {
    if ((await modal.ask({ text: t("edit.deleteConfirm"), confirmLabel: t("edit.deleteConfirmButton") })) === "confirm")
      remove.mutate();
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
              if (saveNote.isSuccess) saveNote.reset();
            }}
            hint={t("edit.noteEmailHint")}
            error={error ? t(`errors:${error.code}`, error.params ?? {}) : null}
          />
          <Button type="submit" variant="secondary" loading={saveNote.isPending}>
            {t("edit.saveNoteEmail")}
          </Button>
          <p aria-live="polite" className={styles.success}>
            {saveNote.isSuccess ? t("edit.noteEmailSaved") : ""}
          </p>
        </form>
      </div>
      <div className={styles.accountActions}>
        <Button variant="secondary" onClick={() => modal.open("ChangePassword")}>
          {t("edit.changePassword")}
        </Button>
        <div className={styles.danger}>
          <p className={styles.hint}>{t("edit.deleteHint")}</p>
          <Button variant="danger" onClick={() => void confirmDelete()} loading={remove.isPending}>
            {t("edit.deleteAccount")}
          </Button>
          {remove.isError ? (
            <p role="alert" className={styles.error}>
              {t("errors:somethingWentWrong")}
            </p>
          ) : null}
        </div>
      </div>
    </section>
  );
}

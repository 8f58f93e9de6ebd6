import type { FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { ChangePasswordBody } from "../../contract/auth";
import { useChangePassword } from "../api/auth";
import { ApiError } from "../api/client";
import { authActor } from "../runtime/appActor";
import { Button } from "../ui/Button";
import { TextField } from "../ui/TextField";
import type { ModalComponentProps } from "../ui/modal/modalTypes";
import { ModalTitle } from "../ui/modal/ModalTitle";
import { useAuthForm } from "./useAuthForm";
import { FormAlert } from "./FormAlert";
import styles from "../ui/modal/modal.module.css";

/** Also opened un-closeable when the profile says `mustChangePassword` (spec section 8). */
export default function ChangePasswordModal({ entry, close }: ModalComponentProps<"ChangePassword">) {
  const { t } = useTranslation("auth");
  const { t: tErrors } = useTranslation("errors");
  const forced = entry.props.forced === true;
  // The profile's mustChangePassword flag is now false on the server.
  const mutation = useChangePassword({ onSuccess: () => authActor.send({ type: "auth.profile.reload" }) });
  const serverError = mutation.error instanceof ApiError ? mutation.error.body : null;
  const form = useAuthForm({ oldPassword: "", password: "", confirmPassword: "" }, serverError);

  if (mutation.isSuccess) {
    return (
      <div className={styles.center}>
        <ModalTitle>{t("changePassword.doneTitle")}</ModalTitle>
        <p className={styles.lead}>{t("changePassword.doneText")}</p>
        <Button block onClick={close}>
          {t("changePassword.doneOk")}
        </Button>
      </div>
    );
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!form.check(ChangePasswordBody)) return;
    mutation.mutate(form.values);
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <ModalTitle>{t("changePassword.title")}</ModalTitle>
      <FormAlert text={forced ? tErrors("mustChangePassword") : null} />
      <FormAlert text={form.formError} />
      <TextField
        label={t("fields.oldPassword")}
        type="password"
        autoComplete="current-password"
        {...form.field("oldPassword")}
      />
      <TextField
        label={t("fields.newPassword")}
        type="password"
        autoComplete="new-password"
        hint={t("fields.passwordHint")}
        {...form.field("password")}
      />
      <TextField
        label={t("fields.confirmPassword")}
        type="password"
        autoComplete="new-password"
        {...form.field("confirmPassword")}
      />
      <Button type="submit" size="lg" block loading={mutation.isPending}>
        {t("changePassword.submit")}
      </Button>
    </form>
  );
}

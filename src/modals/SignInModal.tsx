import { useEffect, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { SignInEmailBody } from "../../contract/auth";
import { authActor } from "../runtime/appActor";
import { modals, useAuth } from "../runtime/hooks";
import { Button } from "../ui/Button";
import { Checkbox } from "../ui/Checkbox";
import { TextField } from "../ui/TextField";
import { ModalTitle } from "../ui/modal/ModalTitle";
import { SocialButtons } from "./SocialButtons";
import { useAuthForm } from "./useAuthForm";
import { FormAlert } from "./FormAlert";
import styles from "../ui/modal/modal.module.css";

export default function SignInModal() {
  const { t } = useTranslation("auth");
  const { is, error } = useAuth();
  const busy = is("busy") || is("loadingProfile");
  const form = useAuthForm(
    { email: "", password: "", rememberMe: false },
    is("guest") || is("recovery") ? error : null,
  );

  // A stale error from an earlier attempt must not greet a fresh form.
  useEffect(() => {
    authActor.send({ type: "auth.error.clear" });
  }, []);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!form.check(SignInEmailBody)) return;
    const { email, password, rememberMe } = form.values;
    authActor.send({ type: "auth.signIn", email: email.trim(), password, rememberMe });
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <ModalTitle>{t("signIn.title")}</ModalTitle>
      <p className={styles.lead}>{t("signIn.lead")}</p>
      <FormAlert text={form.formError} />
      <TextField label={t("fields.email")} type="email" autoComplete="email" {...form.field("email")} />
      <TextField
        label={t("fields.password")}
        type="password"
        autoComplete="current-password"
        {...form.field("password")}
      />
      <div className={styles.row}>
        <Checkbox
          label={t("signIn.rememberMe")}
          checked={form.values.rememberMe}
          onChange={(e) => form.set("rememberMe", e.target.checked)}
        />
        <button
          type="button"
          className={styles.linkButton}
          onClick={() => modals.replace("RecoveryPassword", { email: form.values.email })}
        >
          {t("signIn.forgot")}
        </button>
      </div>
      <Button type="submit" size="lg" block loading={busy}>
        {t("signIn.submit")}
      </Button>
      <SocialButtons />
      <p className={styles.footer}>
        {t("signIn.noAccount")}{" "}
        <button type="button" className={styles.linkButton} onClick={() => modals.replace("SignUp")}>
          {t("signIn.toSignUp")}
        </button>
      </p>
    </form>
  );
}

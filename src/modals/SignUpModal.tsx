import { useEffect, useState, type FormEvent } from "react";
import { Trans, useTranslation } from "react-i18next";
import { SignUpBody } from "../../contract/auth";
import { authActor } from "../runtime/appActor";
import { modals, useAuth } from "../runtime/hooks";
import { useLinks } from "../api/system";
import { Button } from "../ui/Button";
import { Checkbox } from "../ui/Checkbox";
import { MailIcon } from "../ui/icons";
import { TextField } from "../ui/TextField";
import type { ModalComponentProps } from "../ui/modal/modalTypes";
import { ModalTitle } from "../ui/modal/ModalTitle";
import { SocialButtons } from "./SocialButtons";
import { useAuthForm } from "./useAuthForm";
import { FormAlert } from "./FormAlert";
import styles from "../ui/modal/modal.module.css";

const external = (href: string | undefined) => <a href={href ?? "#"} target="_blank" rel="noopener noreferrer" />;

function CheckYourMail({ email, close, again }: { email: string | null; close(): void; again(): void }) {
  const { t } = useTranslation("auth");
  return (
    <div className={styles.center}>
      <MailIcon size={48} />
      <ModalTitle>{t("signUp.checkMailTitle")}</ModalTitle>
      <p className={styles.lead}>{t("signUp.checkMailText", { email: email ?? "" })}</p>
      <Button block onClick={close}>
        {t("signUp.checkMailOk")}
      </Button>
      <button type="button" className={styles.linkButton} onClick={again}>
        {t("signUp.again")}
      </button>
      <button type="button" className={styles.linkButton} onClick={() => modals.replace("SignIn")}>
        {t("signUp.toSignIn")}
      </button>
    </div>
  );
}

export default function SignUpModal({ close }: ModalComponentProps<"SignUp">) {
  const { t, i18n } = useTranslation("auth");
  const { is, error, pendingEmail } = useAuth();
  const links = useLinks().data;
  const form = useAuthForm(
    { name: "", email: "", password: "", confirmPassword: "", agree: false },
    is("guest") ? error : null,
  );

  useEffect(() => {
    authActor.send({ type: "auth.error.clear" });
  }, []);

  // A mistyped address is put right by signing up again: the form comes back, and the machine takes a new sign-up.
  const [again, setAgain] = useState(false);
  if (is("awaitingConfirmation") && !again)
    return <CheckYourMail email={pendingEmail} close={close} again={() => setAgain(true)} />;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!form.check(SignUpBody)) return;
    const { name, email, password, confirmPassword } = form.values;
    setAgain(false);
    authActor.send({
      type: "auth.signUp",
      name: name.trim(),
      email: email.trim(),
      password,
      confirmPassword,
      agree: true,
      lng: i18n.resolvedLanguage,
    });
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <ModalTitle>{t("signUp.title")}</ModalTitle>
      <p className={styles.lead}>{t("signUp.lead")}</p>
      <FormAlert text={form.formError} />
      <TextField label={t("fields.name")} autoComplete="nickname" {...form.field("name")} />
      <TextField label={t("fields.email")} type="email" autoComplete="email" {...form.field("email")} />
      <TextField
        label={t("fields.password")}
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
      <Checkbox
        name="agree"
        checked={form.values.agree}
        onChange={(e) => form.set("agree", e.target.checked)}
        error={form.fieldError("agree")}
        label={
          <Trans
            t={t}
            i18nKey="signUp.agree"
            components={{ terms: external(links?.terms), privacy: external(links?.privacy) }}
          />
        }
      />
      <Button type="submit" size="lg" block loading={is("busy")}>
        {t("signUp.submit")}
      </Button>
      <SocialButtons />
      <p className={styles.footer}>
        {t("signUp.haveAccount")}{" "}
        <button type="button" className={styles.linkButton} onClick={() => modals.replace("SignIn")}>
          {t("signUp.toSignIn")}
        </button>
      </p>
    </form>
  );
}

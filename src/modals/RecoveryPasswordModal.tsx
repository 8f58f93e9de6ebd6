import { useEffect, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import * as z from "zod";
import { RecoverySendCodeBody } from "../../contract/auth";
import { confirmationCode, password } from "../../contract/validation";
import { authActor } from "../runtime/appActor";
import { modals, useAuth } from "../runtime/hooks";
import { Button } from "../ui/Button";
import { TextField } from "../ui/TextField";
import type { ModalComponentProps } from "../ui/modal/modalTypes";
import { ModalTitle } from "../ui/modal/ModalTitle";
import { useAuthForm } from "./useAuthForm";
import { FormAlert } from "./FormAlert";
import styles from "../ui/modal/modal.module.css";
import type { AuthTag } from "../../machines/auth.machine";

const CodeForm = z.object({ code: confirmationCode() });
const NewPasswordForm = z
  .object({ password: password(), confirmPassword: z.string().min(1, { error: "required" }) })
  .refine((b) => b.password === b.confirmPassword, { path: ["confirmPassword"], error: "passwordsMustMatch" });

const STEPS = ["enterEmail", "enterCode", "enterPassword", "done"] as const;
/** The step the auth flow's tags name (the first until it has one). */
const stepOf = (is: (tag: AuthTag) => boolean): (typeof STEPS)[number] =>
  is("recoveryDone") ? "done" : is("enterPassword") ? "enterPassword" : is("enterCode") ? "enterCode" : "enterEmail";

/** Password recovery by e-mailed code; the auth machine's recovery states drive the steps. */
export default function RecoveryPasswordModal({ entry, close }: ModalComponentProps<"RecoveryPassword">) {
  const { t } = useTranslation("auth");
  const { is, error, recoveryEmail } = useAuth();
  const prefill = entry.props.email ?? "";
  const form = useAuthForm({ email: prefill, code: "", password: "", confirmPassword: "" }, error);
  const step = stepOf(is);
  const stepIndex = STEPS.indexOf(step);

  useEffect(() => {
    const current = authActor.getSnapshot();
    if (!current.hasTag("recovery")) authActor.send({ type: "auth.recovery.start", email: prefill || undefined });
    // Leaving the modal leaves the flow: the next sign-in starts from a clean guest state.
    return () => {
      if (authActor.getSnapshot().hasTag("recovery")) authActor.send({ type: "auth.recovery.cancel" });
    };
  }, [prefill]);

  function submit(event: FormEvent) {
    event.preventDefault();
    const v = form.values;
    if (step === "enterEmail") {
      if (form.check(RecoverySendCodeBody, { email: v.email }))
        authActor.send({ type: "auth.recovery.sendCode", email: v.email.trim() });
    } else if (step === "enterCode") {
      if (form.check(CodeForm, { code: v.code.trim() }))
        authActor.send({ type: "auth.recovery.validate", code: v.code.trim() });
    } else if (step === "enterPassword") {
      if (form.check(NewPasswordForm, { password: v.password, confirmPassword: v.confirmPassword })) {
        authActor.send({ type: "auth.recovery.newPassword", password: v.password, confirmPassword: v.confirmPassword });
      }
    }
  }

  const busy = is("busy");

  if (step === "done") {
    return (
      <div className={styles.center}>
        <ModalTitle>{t("recovery.doneTitle")}</ModalTitle>
        <p className={styles.lead}>{t("recovery.doneText")}</p>
        <Button block onClick={() => modals.replace("SignIn")}>
          {t("recovery.toSignIn")}
        </Button>
      </div>
    );
  }

  return (
    <form className={styles.form} onSubmit={submit} noValidate>
      <ModalTitle>{t("recovery.title")}</ModalTitle>
      <div className={styles.steps} aria-hidden="true">
        {STEPS.slice(0, 3).map((s, i) => (
          <span key={s} className={`${styles.step} ${i <= stepIndex ? styles.stepDone : ""}`} />
        ))}
      </div>
      <p className={styles.lead}>
        {t("recovery.stepOf", { step: stepIndex + 1, total: 3 })} —{" "}
        {t(`recovery.${step}Lead`, { email: recoveryEmail })}
      </p>
      <FormAlert text={form.formError} />
      {step === "enterEmail" ? (
        <TextField label={t("fields.email")} type="email" autoComplete="email" {...form.field("email")} />
      ) : null}
      {step === "enterCode" ? (
        <>
          <TextField
            label={t("fields.code")}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            {...form.field("code")}
          />
          <button
            type="button"
            className={styles.linkButton}
            onClick={() => authActor.send({ type: "auth.recovery.sendCode", email: recoveryEmail })}
            disabled={busy}
          >
            {t("recovery.resend")}
          </button>
        </>
      ) : null}
      {step === "enterPassword" ? (
        <>
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
        </>
      ) : null}
      <Button type="submit" size="lg" block loading={busy}>
        {t(`recovery.${step}Submit`)}
      </Button>
      <p className={styles.footer}>
        <button type="button" className={styles.linkButton} onClick={close}>
          {t("recovery.cancel")}
        </button>
      </p>
    </form>
  );
}

import { useTranslation } from "react-i18next";
import { Button } from "../../ui/Button";
import { useErrorText } from "../../ui/fieldErrors";
import type { PredictionForm } from "./usePredictionForm";
import styles from "./predictions.module.css";

/** The form's save bar: what is not saved yet, Save, the result, a refusal, an error with Try Again. */
export function SaveBar({ form, riderName }: { form: PredictionForm; riderName: (id: string) => string }) {
  const { t } = useTranslation("predictions");
  const errorText = useErrorText();
  const { status, unsaved, refusal, error } = form;
  let message: string | null = null;
  let tone: "info" | "ok" | "error" = "info";
  if (refusal?.reason === "duplicate") {
    message = t("form.duplicate", { rider: riderName(refusal.riderId), category: t(`category.${refusal.heldBy}`) });
    tone = "error";
  } else if (refusal?.reason === "saved") {
    message = t("form.savedOnly");
    tone = "error";
  } else if (status === "failed") {
    message = errorText(error) ?? t("errors:somethingWentWrong");
    tone = "error";
  } else if (status === "saved") {
    message = t("form.saved");
    tone = "ok";
  } else if (unsaved > 0) message = t("form.unsaved", { unsaved });

  if (!message && status !== "saving") return null;
  return (
    <div className={styles.saveBar}>
      <p className={`${styles.saveMessage} ${styles[`tone_${tone}`]}`} role={tone === "error" ? "alert" : "status"}>
        {message}
      </p>
      <div className={styles.saveActions}>
        {status === "failed" ? (
          <>
            <Button variant="secondary" onClick={() => form.send({ type: "form.dismiss" })}>
              {t("common:close")}
            </Button>
            <Button onClick={() => form.send({ type: "form.retry" })}>{t("errors:tryAgain")}</Button>
          </>
        ) : status === "dirty" || status === "saving" ? (
          <Button loading={status === "saving"} onClick={() => form.send({ type: "form.save" })}>
            {t("form.save")}
          </Button>
        ) : null}
      </div>
    </div>
  );
}

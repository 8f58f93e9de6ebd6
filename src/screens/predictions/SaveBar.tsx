import { useSelector } from "@xstate/react";
import { useTranslation } from "react-i18next";
import type { RaceRider } from "../../../contract/races";
import { unsavedCount } from "../../../machines/predictionForm.machine";
import type { FormRef } from "../../../machines/predictionWeekend.machine";
import { Button } from "../../ui/Button";
import { useErrorText } from "../../ui/fieldErrors";
import styles from "./predictions.module.css";

/** The form's save bar: what is not saved yet, Save, the result, a refusal, an error with Try Again. */
export function SaveBar({ form, riders }: { form: FormRef; riders: ReadonlyMap<string, RaceRider> }) {
  const { t, i18n } = useTranslation("predictions");
  const errorText = useErrorText();
  const refusal = useSelector(form, (s) => s.context.refusal);
  const error = useSelector(form, (s) => s.context.error);
  const unsaved = useSelector(form, (s) => unsavedCount(s.context));
  const busy = useSelector(form, (s) => s.hasTag("busy"));
  const failed = useSelector(form, (s) => s.hasTag("failed"));
  const saved = useSelector(form, (s) => s.hasTag("saved"));
  const dirty = useSelector(form, (s) => s.hasTag("dirty"));
  const late = useSelector(form, (s) => s.context.late);
  const riderName = (id: string) => {
    const r = riders.get(id);
    return r ? t("rider.short", { number: r.number, name: r.name }) : "";
  };

  let message: string | null = null;
  let tone: "info" | "ok" | "error" = "info";
  if (refusal?.reason === "duplicate") {
    message = t("form.duplicate", { rider: riderName(refusal.riderId), category: t(`category.${refusal.heldBy}`) });
    tone = "error";
  } else if (refusal?.reason === "saved") {
    message = t("form.savedOnly");
    tone = "error";
  } else if (failed) {
    message = errorText(error) ?? t("errors:somethingWentWrong");
    tone = "error";
  } else if (saved) {
    message = t("form.saved");
    tone = "ok";
  } else if (unsaved > 0) message = t("form.unsaved", { unsaved });

  // A 418 names the sessions that had started: what was chosen there is gone, the other choices stay to be saved.
  const sessions = late
    ? new Intl.ListFormat(i18n.language, { type: "conjunction" }).format(late.sessions.map((s) => t(`session.${s}`)))
    : "";
  const lateText = late
    ? late.sessions.length > 0
      ? t("form.lateSave", { sessions })
      : t("errors:raceStarted")
    : null;

  if (!message && !busy && !lateText) return null;
  return (
    <div className={styles.saveBar}>
      {lateText ? (
        <p className={`${styles.saveMessage} ${styles.tone_error} ${styles.lateSave}`} role="alert">
          {lateText}
        </p>
      ) : null}
      <p className={`${styles.saveMessage} ${styles[`tone_${tone}`]}`} role={tone === "error" ? "alert" : "status"}>
        {message}
      </p>
      <div className={styles.saveActions}>
        {failed ? (
          <>
            <Button variant="secondary" onClick={() => form.send({ type: "form.dismiss" })}>
              {t("common:close")}
            </Button>
            <Button onClick={() => form.send({ type: "form.retry" })}>{t("errors:tryAgain")}</Button>
          </>
        ) : dirty || busy ? (
          <Button loading={busy} onClick={() => form.send({ type: "form.save" })}>
            {t("form.save")}
          </Button>
        ) : null}
      </div>
    </div>
  );
}

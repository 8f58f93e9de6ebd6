import { useSelector } from "@xstate/react";
import { useTranslation } from "react-i18next";
import type { EntryRef } from "../../../machines/raceControl.machine";
import { Button } from "../../ui/Button";
import { TextField } from "../../ui/TextField";
import { errorText } from "./errorText";
import styles from "./raceControl.module.css";
import { PreviewFigures } from "./PreviewFigures";

/** A classification entered, corrected or canceled: the numbers, the riders they name, the preview, the commit. */
export function EntryPanel({ flow, onClose }: { flow: EntryRef; onClose(): void }) {
  const { t } = useTranslation(["raceControl", "errors"]);
  const s = useSelector(flow, (x) => x);
  const { mode, session, text, resolution, preview, error, replayed } = s.context;
  const result = t(`results.${session}`);
  const editing = s.hasTag("editing");
  const problems = [
    resolution.unknown.length ? t("entry.unknown", { numbers: resolution.unknown.join(", ") }) : null,
    resolution.duplicates.length ? t("entry.duplicates", { numbers: resolution.duplicates.join(", ") }) : null,
    resolution.out.length ? t("entry.out", { numbers: resolution.out.join(", ") }) : null,
    s.hasTag("invalid") && !resolution.riders.length ? t("entry.empty") : null,
  ].filter((p): p is string => p !== null);
  return (
    <section aria-labelledby="rc-flow" className={styles.flow} data-testid="entry-panel">
      <h2 id="rc-flow" className={styles.heading}>
        {t(`entry.title.${mode}`, { result })}
      </h2>
      {mode !== "cancel" ? (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            flow.send({ type: "entry.preview" });
          }}
        >
          <TextField
            label={t("entry.numbers")}
            hint={t("entry.numbersHint")}
            value={text}
            readOnly={!editing}
            autoComplete="off"
            inputMode="numeric"
            onChange={(e) => flow.send({ type: "entry.type", text: e.target.value })}
            error={problems.length ? problems.join(" ") : null}
          />
          {resolution.riders.length ? (
            <ol className={styles.resolved} aria-label={t("entry.resolved")} data-testid="resolved-riders">
              {resolution.riders.map((r) => (
                <li key={r.id}>
                  <span className={styles.number}>{r.number}</span> {r.name}
                </li>
              ))}
            </ol>
          ) : null}
          {editing ? (
            <div className={styles.buttons}>
              <Button type="submit">{t("entry.preview")}</Button>
              <Button variant="secondary" onClick={onClose}>
                {t("close")}
              </Button>
            </div>
          ) : null}
        </form>
      ) : null}
      {s.hasTag("busy") && !s.hasTag("previewed") ? <p role="status">{t("entry.previewing")}</p> : null}
      {preview && s.hasTag("previewed") ? <PreviewFigures preview={preview} mode={mode} /> : null}
      {s.hasTag("refused") || s.hasTag("failed") ? (
        <p role="alert" className={styles.error}>
          {errorText(t, error)}
        </p>
      ) : null}
      {s.hasTag("previewed") ? (
        <div className={styles.buttons}>
          <Button
            loading={s.hasTag("busy")}
            disabled={s.hasTag("busy")}
            onClick={() => flow.send({ type: s.hasTag("failed") ? "entry.retry" : "entry.commit" })}
          >
            {t(`entry.commit.${mode}`)}
          </Button>
          {mode !== "cancel" ? (
            <Button variant="secondary" disabled={s.hasTag("busy")} onClick={() => flow.send({ type: "entry.edit" })}>
              {t("entry.edit")}
            </Button>
          ) : null}
          <Button variant="secondary" disabled={s.hasTag("busy")} onClick={onClose}>
            {t("close")}
          </Button>
        </div>
      ) : null}
      {s.hasTag("refused") ? (
        <div className={styles.buttons}>
          <Button onClick={() => flow.send({ type: "entry.retry" })}>{t("retry")}</Button>
          {mode !== "cancel" ? (
            <Button variant="secondary" onClick={() => flow.send({ type: "entry.edit" })}>
              {t("entry.edit")}
            </Button>
          ) : null}
          <Button variant="secondary" onClick={onClose}>
            {t("close")}
          </Button>
        </div>
      ) : null}
      {s.hasTag("done") ? (
        <>
          <p role="status" className={styles.done} data-testid="flow-done">
            {t(replayed ? "entry.replayed" : `entry.done.${mode}`, { result })}
          </p>
          <Button variant="secondary" onClick={onClose}>
            {t("close")}
          </Button>
        </>
      ) : null}
    </section>
  );
}

import { useSelector } from "@xstate/react";
import { useTranslation } from "react-i18next";
import type { MoveRef } from "../../../machines/raceControl.machine";
import { moveBodyOf } from "../../../machines/sessionMove.machine";
import { dateFormat } from "../../i18n/formats";
import { Button } from "../../ui/Button";
import { TextField } from "../../ui/TextField";
import { errorText } from "./errorText";
import styles from "./raceControl.module.css";
import { fromZonedInput, toZonedInput } from "./zonedTime";

const TIME: Intl.DateTimeFormatOptions = {
  weekday: "short",
  day: "numeric",
  month: "short",
  hour: "2-digit",
  minute: "2-digit",
  timeZoneName: "short",
};
/** Shortcuts for the usual delays and advances, in minutes. */
const SHIFTS = [-15, 15, 30, 60] as const;

/** A session moved (not started) or extended (running): the new time in the circuit's zone, UTC beside it. */
export function MovePanel({ flow, timeZone, onClose }: { flow: MoveRef; timeZone: string; onClose(): void }) {
  const { t, i18n } = useTranslation(["raceControl", "errors"]);
  const s = useSelector(flow, (x) => x);
  const c = s.context;
  const local = dateFormat(i18n.language, { ...TIME, timeZone });
  const utc = dateFormat(i18n.language, { ...TIME, timeZone: "UTC" });
  const from = c.running ? c.endsAt : c.startsAt;
  const to = c.to ?? from;
  const body = moveBodyOf(c);
  const session = t(`sessions.${c.session}`);
  const shift = (minutes: number) =>
    flow.send({ type: "move.set", to: new Date(Date.parse(to) + minutes * 60_000).toISOString() });
  return (
    <section aria-labelledby="rc-flow" className={styles.flow} data-testid="move-panel">
      <h2 id="rc-flow" className={styles.heading}>
        {t(c.running ? "move.titleExtend" : "move.title", { session })}
      </h2>
      <p>{t(c.running ? "move.leadExtend" : "move.lead")}</p>
      {s.hasTag("choosing") ? (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            flow.send({ type: "move.submit" });
          }}
        >
          <TextField
            label={t(c.running ? "move.newEnd" : "move.newStart", { zone: timeZone })}
            type="datetime-local"
            value={toZonedInput(to, timeZone)}
            onChange={(e) => flow.send({ type: "move.set", to: fromZonedInput(e.target.value, timeZone) })}
            hint={t("move.utc", { time: utc.format(Date.parse(to)) })}
          />
          <div className={styles.buttons} role="group" aria-label={t("move.shifts")}>
            {SHIFTS.map((m) => (
              <Button key={m} size="sm" variant="secondary" onClick={() => shift(m)}>
                {t(m < 0 ? "move.earlier" : "move.later", { minutes: Math.abs(m) })}
              </Button>
            ))}
          </div>
          <div className={styles.buttons}>
            <Button type="submit" disabled={Date.parse(to) === Date.parse(from)}>
              {t("move.review")}
            </Button>
            <Button variant="secondary" onClick={onClose}>
              {t("close")}
            </Button>
          </div>
        </form>
      ) : null}
      {s.hasTag("confirming") || s.hasTag("failed") || s.hasTag("done") ? (
        <dl className={styles.figures} data-testid="move-summary">
          <div>
            <dt>{t("move.before")}</dt>
            <dd>
              {local.format(Date.parse(c.startsAt))} – {local.format(Date.parse(c.endsAt))}
              <br />
              {utc.format(Date.parse(c.startsAt))} – {utc.format(Date.parse(c.endsAt))}
            </dd>
          </div>
          <div>
            <dt>{t("move.after")}</dt>
            <dd>
              {local.format(Date.parse(body.startsAt ?? c.startsAt))} –{" "}
              {local.format(Date.parse(body.endsAt ?? c.endsAt))}
              <br />
              {utc.format(Date.parse(body.startsAt ?? c.startsAt))} – {utc.format(Date.parse(body.endsAt ?? c.endsAt))}
            </dd>
          </div>
        </dl>
      ) : null}
      {s.hasTag("confirming") ? (
        <div className={styles.buttons}>
          <Button
            loading={s.hasTag("busy")}
            disabled={s.hasTag("busy")}
            onClick={() => flow.send({ type: "move.confirm" })}
          >
            {t(c.running ? "move.confirmExtend" : "move.confirm", { session })}
          </Button>
          <Button variant="secondary" disabled={s.hasTag("busy")} onClick={() => flow.send({ type: "move.back" })}>
            {t("move.back")}
          </Button>
        </div>
      ) : null}
      {s.hasTag("failed") ? (
        <>
          <p role="alert" className={styles.error}>
            {errorText(t, c.error)}
          </p>
          <div className={styles.buttons}>
            <Button onClick={() => flow.send({ type: "move.retry" })}>{t("retry")}</Button>
            <Button variant="secondary" onClick={() => flow.send({ type: "move.back" })}>
              {t("move.back")}
            </Button>
          </div>
        </>
      ) : null}
      {s.hasTag("done") && c.report ? (
        <>
          <p role="status" className={styles.done} data-testid="flow-done">
            {t(c.report.replayed ? "move.replayed" : "move.done", { session, notified: c.report.notified })}
          </p>
          <Button variant="secondary" onClick={onClose}>
            {t("close")}
          </Button>
        </>
      ) : null}
    </section>
  );
}

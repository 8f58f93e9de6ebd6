import { useTranslation } from "react-i18next";
import type { RaceControl } from "../../../contract/operations";
import { canCancel, canCorrect, canEnter, canMove } from "../../../machines/raceControl.machine";
import { dateFormat } from "../../i18n/formats";
import { Button } from "../../ui/Button";
import styles from "./raceControl.module.css";
import { sendControl } from "./useRaceControl";
import { countdownParts, useServerNow } from "./useServerNow";

const TIME: Intl.DateTimeFormatOptions = {
  weekday: "short",
  day: "numeric",
  month: "short",
  hour: "2-digit",
  minute: "2-digit",
  timeZoneName: "short",
};

/** "in 1 d 02:05:10" to the start (upcoming) or the end (running). */
function Countdown({ target, now }: { target: number; now: number }) {
  const { t } = useTranslation("raceControl");
  const { days, hours, minutes, seconds } = countdownParts(target, now);
  const clock = [hours, minutes, seconds].map((n) => String(n).padStart(2, "0")).join(":");
  return (
    <span role="timer" data-testid="session-countdown">
      {days > 0 ? t("countdown.days", { days, clock }) : clock}
    </span>
  );
}

/** The weekend's sessions in order, each with its state, times (circuit and UTC), countdown and actions. */
export function Timeline({ data, busy }: { data: RaceControl; busy: boolean }) {
  const { t, i18n } = useTranslation("raceControl");
  const now = useServerNow(data.now);
  const local = dateFormat(i18n.language, { ...TIME, timeZone: data.timeZone });
  const utc = dateFormat(i18n.language, { ...TIME, timeZone: "UTC" });
  return (
    <section aria-labelledby="rc-timeline" className={styles.panel}>
      <h2 id="rc-timeline" className={styles.heading}>
        {t("timeline.title")}
      </h2>
      <ol className={styles.timeline}>
        {data.sessions.map((s) => {
          const start = Date.parse(s.startsAt);
          const end = Date.parse(s.endsAt);
          return (
            <li key={s.type} className={styles.session} data-testid={`session-${s.type}`}>
              <div className={styles.sessionHead}>
                <h3 className={styles.sessionName}>{t(`sessions.${s.type}`)}</h3>
                <span className={`${styles.state} ${styles[`state${s.state}`]}`} data-testid="session-state">
                  {t(`state.${s.state}`)}
                </span>
              </div>
              <dl className={styles.times}>
                <dt>{t("timeline.circuit", { zone: data.timeZone })}</dt>
                <dd>
                  {local.format(start)} – {local.format(end)}
                </dd>
                <dt>{t("timeline.utc")}</dt>
                <dd>
                  {utc.format(start)} – {utc.format(end)}
                </dd>
                {s.state === "UPCOMING" || s.state === "RUNNING" ? (
                  <>
                    <dt>{t(s.state === "UPCOMING" ? "timeline.startsIn" : "timeline.endsIn")}</dt>
                    <dd>
                      <Countdown target={s.state === "UPCOMING" ? start : end} now={now} />
                    </dd>
                  </>
                ) : null}
              </dl>
              {s.results.length ? (
                <ul className={styles.results}>
                  {s.results.map((r) => (
                    <li key={r.key} className={styles.result}>
                      <span>
                        {t(`results.${r.key}`)}:{" "}
                        <strong>
                          {t(
                            r.canceled
                              ? "result.canceled"
                              : r.corrected
                                ? "result.corrected"
                                : r.entered
                                  ? "result.entered"
                                  : "result.missing",
                          )}
                        </strong>
                      </span>
                      <span className={styles.buttons}>
                        {canEnter(data, r.key) ? (
                          <Button
                            size="sm"
                            disabled={busy}
                            onClick={() => sendControl({ type: "result.enter", key: r.key })}
                          >
                            {t("actions.enter", { result: t(`results.${r.key}`) })}
                          </Button>
                        ) : null}
                        {canCorrect(data, r.key) ? (
                          <Button
                            size="sm"
                            variant="secondary"
                            disabled={busy}
                            onClick={() => sendControl({ type: "result.correct", key: r.key })}
                          >
                            {t("actions.correct", { result: t(`results.${r.key}`) })}
                          </Button>
                        ) : null}
                        {canCancel(data, r.key) ? (
                          <Button
                            size="sm"
                            variant="secondary"
                            disabled={busy}
                            onClick={() => sendControl({ type: "result.cancel", key: r.key })}
                          >
                            {t("actions.cancel", { result: t(`results.${r.key}`) })}
                          </Button>
                        ) : null}
                      </span>
                    </li>
                  ))}
                </ul>
              ) : null}
              {canMove(data, s.type) ? (
                <div className={styles.buttons}>
                  <Button
                    size="sm"
                    variant="secondary"
                    disabled={busy}
                    onClick={() => sendControl({ type: "session.move", session: s.type })}
                  >
                    {t(s.state === "RUNNING" ? "actions.extend" : "actions.move", { session: t(`sessions.${s.type}`) })}
                  </Button>
                </div>
              ) : null}
            </li>
          );
        })}
      </ol>
    </section>
  );
}

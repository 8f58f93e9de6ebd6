import { useTranslation } from "react-i18next";
import type { RaceSession } from "../../../contract/races";
import { useNow, useNowAt } from "./clock";
import { sessionOrder } from "../../../contract/weekendRules/structure";
import { boundariesOf, countdownParts, formatSessionTime, timeZoneName } from "./weekend";
import styles from "./predictions.module.css";

/** A countdown as "2d 04:13:09" (days only when there are some). */
export function Countdown({ until }: { until: number }) {
  const { t } = useTranslation("predictions");
  const now = useNow();
  const { days, hms } = countdownParts(until, now);
  return (
    <span className={styles.countdown} role="timer">
      {days > 0 ? t("countdown.withDays", { days, hms }) : hms}
    </span>
  );
}

/**
 * The weekend's sessions in order, each at its time in the player's zone (the zone named once above), with
 * a countdown to the next one to start and the live one marked.
 */
export function SessionTimeline({ sessions }: { sessions: readonly RaceSession[] }) {
  const { t, i18n } = useTranslation("predictions");
  // Only the countdown ticks every second; the list re-renders when a session starts or ends.
  const now = useNowAt(boundariesOf(sessions));
  const zone = timeZoneName(i18n.language);
  const ordered = sessionOrder
    .map((type) => sessions.find((s) => s.type === type))
    .filter((s): s is RaceSession => s !== undefined);
  const next = ordered.find((s) => !s.canceled && Date.parse(s.startsAt) > now);
  return (
    <section className={styles.timeline} aria-labelledby="timeline-title">
      <div className={styles.timelineHead}>
        <h2 id="timeline-title" className={styles.sectionTitle}>
          {t("timeline.title")}
        </h2>
        <p className={styles.zone}>{t("timeline.zone", { zone: zone.name, id: zone.id })}</p>
      </div>
      {next ? (
        <p className={styles.nextSession}>
          {t("timeline.next", { session: t(`session.${next.type}`) })} <Countdown until={Date.parse(next.startsAt)} />
        </p>
      ) : null}
      {/* It may scroll sideways on a phone: focusable, so the keyboard scrolls it too. */}
      <ol className={styles.sessions} tabIndex={0} aria-labelledby="timeline-title">
        {ordered.map((s) => {
          const start = Date.parse(s.startsAt);
          const end = Date.parse(s.endsAt);
          const state = s.canceled ? "canceled" : now >= end ? "finished" : now >= start ? "live" : "upcoming";
          return (
            <li
              key={s.type}
              className={`${styles.session} ${styles[`session_${state}`] ?? ""}`}
              aria-current={state === "live" ? "time" : undefined}
            >
              <span className={styles.sessionName}>{t(`session.${s.type}`)}</span>
              <time className={styles.sessionTime} dateTime={s.startsAt}>
                {formatSessionTime(i18n.language, s.startsAt)}
              </time>
              <span className={styles.sessionState}>{t(`timeline.state.${state}`)}</span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

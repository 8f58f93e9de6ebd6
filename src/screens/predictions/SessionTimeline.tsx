import { useTranslation } from "react-i18next";
import type { RaceSession } from "../../../contract/races";
import { useNow, useNowAt } from "./clock";
import { sessionOrder } from "../../../contract/weekendRules/structure";
import { boundariesOf, countdownParts, timeZoneName } from "./weekend";
import { LocalTime } from "../../ui/LocalTime";
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
 * The weekend's sessions in order, each at its time in the player's zone (named; a press shows the circuit's time and
 * UTC), with a countdown to the next one to start and the live one marked.
 */
export function SessionTimeline({
  sessions,
  circuitZone,
}: {
  sessions: readonly RaceSession[];
  circuitZone?: string | undefined;
}) {
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
          {t("timeline.next", { session: t(`session.${next.type}`) })} <Countdown until={Date.parse(next.startsAt)} />{" "}
          <span aria-hidden="true">·</span> <LocalTime at={next.startsAt} circuitZone={circuitZone} />
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
              <LocalTime className={styles.sessionTime} at={s.startsAt} circuitZone={circuitZone} />
              <span className={styles.sessionState}>{t(`timeline.state.${state}`)}</span>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

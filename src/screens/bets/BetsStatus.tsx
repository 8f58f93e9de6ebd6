import { useTranslation } from "react-i18next";
import type { RaceBets } from "../../../contract/bets";
import { modals } from "../../runtime/hooks";
import { countdownParts, useBettingOpen, useNowUntil } from "../../features/bets/useBets";
import styles from "./bets.module.css";
import { Button } from "../../ui/Button";
import { LocalTime } from "../../ui/LocalTime";

/** A countdown as "2d 04:13:09" (days only when there are some). */
function Countdown({ until }: { until: number }) {
  const { t } = useTranslation("bets");
  const now = useNowUntil(until);
  const { days, hms } = countdownParts(until, now);
  return (
    <span className={styles.countdown} role="timer" data-testid="bets-countdown">
      {days > 0 ? t("countdown.withDays", { days, hms }) : hms}
    </span>
  );
}

/** Whether bets are open and until when (the race session's start), or why not; the across-the-grid help and the player's bets. */
export function BetsStatus({ data }: { data: RaceBets }) {
  const { t } = useTranslation("bets");
  const open = useBettingOpen();
  const closesAt = data.closesAt ? Date.parse(data.closesAt) : null;
  let text;
  if (data.canceled) text = <span>{t("status.canceled")}</span>;
  else if (open && closesAt !== null) {
    text = (
      <>
        <span>{t("status.closesIn")}</span> <Countdown until={closesAt} /> <span aria-hidden="true">·</span>{" "}
        <LocalTime at={closesAt} />
      </>
    );
  } else if (data.result) text = <span>{t("status.settled")}</span>;
  else text = <span>{t("status.closed")}</span>;
  return (
    <section className={styles.status} aria-label={t("status.label")}>
      <p className={styles.statusText} aria-live="polite">
        {text}
      </p>
      <div className={styles.statusActions}>
        <Button size="sm" variant="ghost" onClick={() => modals.open("AcrossInfo", {}, { title: t("across.title") })}>
          {t("actions.acrossInfo")}
        </Button>
        <Button
          size="sm"
          variant="secondary"
          onClick={() => modals.open("AllUserBets", { raceId: data.raceId })}
          data-testid="open-all-bets"
        >
          {t("actions.myBets", { count: data.bets.length })}
        </Button>
      </div>
    </section>
  );
}

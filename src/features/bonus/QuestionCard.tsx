import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useRaceName } from "../../i18n/raceNames";
import { pointsOf } from "../../../contract/questionRules";
import type { Question } from "../../../contract/questions";
import { Button } from "../../ui/Button";
import { LocalTime } from "../../ui/LocalTime";
import { timeLeftParts, useClockUntil } from "./countdown";
import { answerQuestion } from "./bonusActor";
import styles from "./bonus.module.css";

/** "2d 04:13:09" until the deadline (days only when there are some). */
function Countdown({ until }: { until: number }) {
  const { t } = useTranslation("bonus");
  const now = useClockUntil(until);
  const { days, hms } = timeLeftParts(until, now);
  if (now >= until) return <span className={styles.closed}>{t("closed")}</span>;
  return (
    <span className={styles.countdown}>
      {t("closesIn")}{" "}
      <span role="timer" data-testid="question-countdown">
        {days > 0 ? t("countdown.withDays", { days, hms }) : hms}
      </span>{" "}
      <span aria-hidden="true">·</span> <LocalTime at={until} />
    </span>
  );
}

/**
 * One bonus question: its category, points, race and text, the countdown to its deadline, the player's answer,
 * and once graded CORRECT / WRONG with the right answer; Answer (or Change answer) while it takes answers.
 */
export function QuestionCard({ question, actions = true }: { question: Question; actions?: boolean }) {
  const { t } = useTranslation("bonus");
  const raceLabel = useRaceName();
  const closesAt = Date.parse(question.closesAt);
  const now = useClockUntil(closesAt);
  const open = now < closesAt;
  const graded = question.correctAnswer !== null;
  const answered = question.userAnswer !== null;
  const outcome = graded && answered ? question.result : "WAITING";
  return (
    <li
      className={`${styles.card} ${styles[`card_${outcome}`] ?? ""}`}
      data-testid="question"
      data-result={answered ? question.result : "UNANSWERED"}
    >
      <div className={styles.cardHead}>
        <span className={styles.category}>{t(`categories.${question.type}`)}</span>
        <span className={styles.points}>{t("points", { points: question.points })}</span>
      </div>
      <p className={styles.race}>{raceLabel(question.raceName)}</p>
      <h2 className={styles.text}>{question.text}</h2>
      <p className={styles.deadline}>
        {open ? <Countdown until={closesAt} /> : <span className={styles.closed}>{t("closed")}</span>}
      </p>
      <dl className={styles.facts}>
        <div>
          <dt>{t("yourAnswer")}</dt>
          <dd data-testid="question-answer">{answered ? question.userAnswer : t("noAnswer")}</dd>
        </div>
        {graded ? (
          <div>
            <dt>{t("correctAnswer")}</dt>
            <dd data-testid="question-correct">{question.correctAnswer}</dd>
          </div>
        ) : null}
      </dl>
      {answered ? (
        <p className={`${styles.badge} ${styles[`badge_${outcome}`] ?? ""}`} data-testid="question-result">
          {t(`result.${outcome}`, { points: pointsOf(outcome, question.points) })}
        </p>
      ) : null}
      {actions && open ? (
        <div className={styles.cardActions}>
          <Button
            className={styles.cta}
            onClick={() => answerQuestion(question)}
            aria-label={t(answered ? "actions.changeFor" : "actions.answerFor", { text: question.text })}
          >
            {t(answered ? "actions.change" : "actions.answer")}
          </Button>
        </div>
      ) : null}
    </li>
  );
}

/** The question cards in two columns (one from 991px): the list the bonus screen and the Results' answers share. */
export function QuestionList({ label, busy, children }: { label: string; busy?: boolean; children: ReactNode }) {
  return (
    <ul className={styles.list} aria-label={label} aria-busy={busy || undefined}>
      {children}
    </ul>
  );
}

/** Previous / next over a paged list (only when there is more than one page). */
export function Pager({ page, pages, onPage }: { page: number; pages: number; onPage(page: number): void }) {
  const { t } = useTranslation("bonus");
  if (pages <= 1) return null;
  return (
    <nav className={styles.pager} aria-label={t("pager.label")}>
      <Button variant="secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t("pager.previous")}
      </Button>
      <span aria-live="polite">{t("pager.page", { page, pages })}</span>
      <Button variant="secondary" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t("pager.next")}
      </Button>
    </nav>
  );
}

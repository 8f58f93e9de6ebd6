import { useSelector } from "@xstate/react";
import { useTranslation } from "react-i18next";
import { ANSWER_MAX } from "../../../contract/questions";
import { answerSetOf } from "../../../contract/questionRules";
import type { BonusAnswerTag } from "../../../machines/bonusAnswer.machine";
import type { AnswerRef } from "../../../machines/bonusQuestions.machine";
import { ModalTitle } from "../../ui/modal/ModalTitle";
import type { ModalComponentProps } from "../../ui/modal/modalTypes";
import modalStyles from "../../ui/modal/modal.module.css";
import { Button } from "../../ui/Button";
import { useErrorText } from "../../ui/fieldErrors";
import { TextField } from "../../ui/TextField";
import { LocalTime } from "../../ui/LocalTime";
import { timeLeftParts, useClockUntil } from "./countdown";
import { useAnswerFlow, useAnsweredQuestion } from "./bonusActor";
import { KnownAnswer } from "./KnownAnswer";
import styles from "./bonus.module.css";

/**
 * The ChooseAnswer modal, a view of the bonus owner's answer flow: the question with its points and countdown, the
 * answer field (an ABOUT_GENERAL question's options, a rider or a manufacturer to choose), Send, and the outcome: saved, refused (the reason beside
 * the field), a failure with Try Again, or 'The time to answer this question has expired'. Closing it ends the flow.
 */
export default function ChooseAnswerModal({ close }: ModalComponentProps<"ChooseAnswer">) {
  const flow = useAnswerFlow();
  return flow ? <AnswerFlow flow={flow} close={close} /> : null;
}

function AnswerFlow({ flow, close }: { flow: AnswerRef; close(): void }) {
  const { t } = useTranslation("bonus");
  const errorText = useErrorText();
  const snapshot = useSelector(flow, (s) => s);
  const question = useAnsweredQuestion();
  const context = snapshot.context;
  const is = (tag: BonusAnswerTag) => snapshot.hasTag(tag);
  const now = useClockUntil(context.closesAt);
  const { days, hms } = timeLeftParts(context.closesAt, now);
  const ok = (
    <Button block className={styles.cta} onClick={close}>
      {t("common:ok")}
    </Button>
  );

  if (is("sent")) {
    return (
      <div className={modalStyles.center}>
        <ModalTitle>
          <span role="status" data-testid="answer-sent">
            {t("modal.sent")}
          </span>
        </ModalTitle>
        <p className={styles.modalText}>
          {t("modal.sentAnswer", { answer: context.answered?.userAnswer ?? context.text })}
        </p>
        {ok}
      </div>
    );
  }
  if (is("expired")) {
    return (
      <div className={modalStyles.center}>
        <ModalTitle>
          <span role="alert">{t("errors:answerExpired")}</span>
        </ModalTitle>
        {ok}
      </div>
    );
  }

  const busy = is("busy");
  const error = context.error ? errorText(context.error) : undefined;
  const set = answerSetOf(context.type);
  const freeText = (
    <TextField
      label={t("modal.field")}
      hint={t("modal.hint")}
      value={context.text}
      maxLength={ANSWER_MAX}
      disabled={busy}
      autoComplete="off"
      error={is("refused") ? error : null}
      onChange={(event) => flow.send({ type: "answer.text", text: event.currentTarget.value })}
    />
  );
  return (
    <form
      className={styles.answerModal}
      onSubmit={(event) => {
        event.preventDefault();
        flow.send({ type: "answer.send" });
      }}
    >
      <ModalTitle>{t("modal.title")}</ModalTitle>
      {question ? (
        <>
          <p className={styles.modalMeta}>
            {t(`categories.${question.type}`)} · {t("points", { points: question.points })}
          </p>
          <p className={styles.modalQuestion} id="choose-answer-question">
            {question.text}
          </p>
        </>
      ) : null}
      <p className={styles.countdown}>
        {t("closesIn")} <span role="timer">{days > 0 ? t("countdown.withDays", { days, hms }) : hms}</span>{" "}
        <span aria-hidden="true">·</span> <LocalTime at={context.closesAt} />
      </p>
      {set === "options" ? (
        <fieldset
          className={styles.options}
          disabled={busy}
          aria-describedby={error && is("refused") ? "choose-answer-error" : undefined}
        >
          <legend className={styles.optionsLegend}>{t("modal.options")}</legend>
          {context.options.map((option) => (
            <label
              key={option.id}
              className={`${styles.option} ${context.optionId === option.id ? styles.optionChosen : ""}`}
            >
              <input
                type="radio"
                name="answer-option"
                value={option.id}
                checked={context.optionId === option.id}
                onChange={() => flow.send({ type: "answer.choose", optionId: option.id })}
              />
              <span>{option.text}</span>
            </label>
          ))}
          {error && is("refused") ? (
            <p className={modalStyles.alert} role="alert" id="choose-answer-error">
              {error}
            </p>
          ) : null}
        </fieldset>
      ) : set === "free" ? (
        freeText
      ) : (
        <KnownAnswer
          set={set}
          value={context.text}
          disabled={busy}
          error={is("refused") ? error : null}
          onChange={(text) => flow.send({ type: "answer.text", text })}
          fallback={freeText}
        />
      )}
      {is("failed") ? (
        <p className={modalStyles.alert} role="alert">
          {error}
        </p>
      ) : null}
      <div className={modalStyles.actions}>
        {is("failed") ? (
          <Button block className={styles.cta} onClick={() => flow.send({ type: "answer.retry" })}>
            {t("errors:tryAgain")}
          </Button>
        ) : (
          <Button block className={styles.cta} type="submit" loading={busy}>
            {t("modal.send")}
          </Button>
        )}
      </div>
    </form>
  );
}

import { useSelector } from "@xstate/react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { changedPicks, lateOpensAt, shownCost } from "../../../machines/predictionChange.machine";
import { useBalance } from "../../api/diamonds";
import { useProfile } from "../../app/hooks";
import { ModalTitle } from "../../modals/ModalTitle";
import type { ModalComponentProps } from "../../modals/modalTypes";
import modalStyles from "../../modals/modal.module.css";
import { Button } from "../../ui/Button";
import { useErrorText } from "../../ui/fieldErrors";
import type { ChangeActor } from "./changeFlow";
import { stillOpen } from "./stillOpen";
import styles from "./predictions.module.css";

export type ChangePredictionProps = {
  actor: ChangeActor;
  /** Per changed category: "Race winner: #63 M. Bellini → #93 Á. Núñez", already translated. */
  lines: string[];
};

/**
 * The ChangePrediction modal, a view of machines/predictionChange: the tier and its price for the changed
 * picks, too few diamonds, no tier open now, expired, a failure with Try Again, and done. Closing it cancels.
 */
export default function ChangePredictionModal({ entry, close }: ModalComponentProps) {
  const { t, i18n } = useTranslation("predictions");
  const errorText = useErrorText();
  const { actor, lines } = entry.props as unknown as ChangePredictionProps;
  const value = useSelector(actor, (s) => (typeof s.value === "string" ? s.value : "idle"));
  const context = useSelector(actor, (s) => s.context);
  const me = useProfile();
  const live = useBalance(me?.id);

  // The live balance (another tab spent, or the shop credited) re-checks the price.
  const liveBalance = live.data ? Number(live.data.balance) : null;
  useEffect(() => {
    if (liveBalance !== null && liveBalance !== actor.getSnapshot().context.balance && actor.getSnapshot().status === "active") {
      actor.send({ type: "change.balance", balance: liveBalance });
    }
  }, [actor, liveBalance]);
  // Closed by Escape or the close button: a flow still open is canceled, and the actor stops with the modal.
  useEffect(
    () => () => {
      if (stillOpen(entry.id)) return;
      if (actor.getSnapshot().status === "active") actor.send({ type: "change.cancel" });
      actor.stop();
    },
    [actor, entry.id],
  );
  useEffect(() => {
    if (value === "canceled") close();
  }, [value, close]);

  const count = context.request ? changedPicks(context.request.changes).length : 0;
  const cost = shownCost(context);
  const summary = (
    <ul className={styles.changeLines}>
      {lines.map((line) => (
        <li key={line}>{line}</li>
      ))}
    </ul>
  );
  const cancel = (
    <Button variant="secondary" onClick={() => actor.send({ type: "change.cancel" })}>
      {t("common:cancel")}
    </Button>
  );

  if (value === "changed") {
    return (
      <div className={modalStyles.center}>
        <ModalTitle>
          <span role="status">{t("change.done")}</span>
        </ModalTitle>
        <p className={styles.modalText}>{t("balance.now", { balance: context.balance })}</p>
        <Button block onClick={close}>
          {t("common:ok")}
        </Button>
      </div>
    );
  }
  if (value === "expired") {
    return (
      <div className={modalStyles.center}>
        <ModalTitle>
          <span role="alert">{t("errors:predictionExpired")}</span>
        </ModalTitle>
        <Button block onClick={close}>
          {t("common:ok")}
        </Button>
      </div>
    );
  }
  if (value === "between" && context.request) {
    const opens = new Intl.DateTimeFormat(i18n.language, { hour: "2-digit", minute: "2-digit" }).format(new Date(lateOpensAt(context.request.session)));
    return (
      <div>
        <ModalTitle>{t("change.betweenTitle")}</ModalTitle>
        {summary}
        <p className={styles.modalText} role="status">
          {t("change.between", { time: opens })}
        </p>
        <div className={`${modalStyles.actions} ${styles.modalActions}`}>{cancel}</div>
      </div>
    );
  }
  if (value === "insufficient") {
    return (
      <div>
        <ModalTitle>{t("change.insufficientTitle")}</ModalTitle>
        {summary}
        <p className={modalStyles.alert} role="alert">
          {t("change.insufficient", { cost, balance: context.balance })}
        </p>
        <div className={`${modalStyles.actions} ${styles.modalActions}`}>{cancel}</div>
      </div>
    );
  }
  if (value === "failed") {
    return (
      <div>
        <ModalTitle>{t("change.title")}</ModalTitle>
        {summary}
        <p className={modalStyles.alert} role="alert">
          {errorText(context.error)}
        </p>
        <div className={`${modalStyles.actions} ${styles.modalActions}`}>
          {cancel}
          <Button onClick={() => actor.send({ type: "change.retry" })}>{t("errors:tryAgain")}</Button>
        </div>
      </div>
    );
  }
  const submitting = value === "submitting" || value === "rechecking" || value === "checking";
  return (
    <div>
      <ModalTitle>{t("change.title")}</ModalTitle>
      {summary}
      {context.repriced ? (
        <p className={modalStyles.alert} role="alert">
          {t("change.repriced")}
        </p>
      ) : null}
      {context.tier ? (
        <p className={styles.modalText}>
          <span className={styles.tier}>{t(`change.tier.${context.tier}`)}</span> {t("change.price", { picks: count, each: context.costs[context.tier], cost })}
        </p>
      ) : null}
      <p className={styles.modalText}>{t("balance.after", { balance: context.balance, after: context.balance - cost })}</p>
      <div className={`${modalStyles.actions} ${styles.modalActions}`}>
        <Button variant="secondary" disabled={submitting} onClick={() => actor.send({ type: "change.cancel" })}>
          {t("common:cancel")}
        </Button>
        <Button loading={submitting} onClick={() => actor.send({ type: "change.confirm" })}>
          {t("change.confirm", { cost })}
        </Button>
      </div>
    </div>
  );
}

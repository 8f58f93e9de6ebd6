import { useSelector } from "@xstate/react";
import { useTranslation } from "react-i18next";
import { changedPicks, lateOpensFor, shownCost, type ChangeTag } from "../../../machines/predictionChange.machine";
import type { ChangeRef } from "../../../machines/predictionWeekend.machine";
import { ModalTitle } from "../../ui/modal/ModalTitle";
import type { ModalComponentProps } from "../../ui/modal/modalTypes";
import modalStyles from "../../ui/modal/modal.module.css";
import { Button } from "../../ui/Button";
import { useErrorText } from "../../ui/fieldErrors";
import { LocalTime, TimeInText } from "../../ui/LocalTime";
import { useChange, useWeekendData } from "./useWeekend";
import styles from "./predictions.module.css";

/**
 * The ChangePrediction modal, a view of the weekend's change flow: the tier and its price for the changed picks,
 * too few diamonds, no tier open now, expired, a failure with Try Again, and done. Closing it ends the flow.
 */
export default function ChangePredictionModal({ close }: ModalComponentProps<"ChangePrediction">) {
  const change = useChange();
  return change ? <Change change={change} close={close} /> : null;
}

function Change({ change, close }: { change: ChangeRef; close(): void }) {
  const { t } = useTranslation("predictions");
  const errorText = useErrorText();
  const context = useSelector(change, (s) => s.context);
  const snapshot = useSelector(change, (s) => s);
  const is = (tag: ChangeTag) => snapshot.hasTag(tag);
  const riders = new Map(useWeekendData()?.riders.map((r) => [r.id, r]));
  const riderLine = (id: string) => {
    const r = riders.get(id);
    return r ? t("rider.short", { number: r.number, name: r.name }) : "";
  };
  const picks = context.request ? changedPicks(context.request.changes) : [];
  const cost = shownCost(context);
  const summary = (
    <ul className={styles.changeLines}>
      {picks.map((c) => (
        <li key={c.category}>
          {t("change.line", { category: t(`category.${c.category}`), from: riderLine(c.from), to: riderLine(c.to) })}
        </li>
      ))}
    </ul>
  );
  const cancel = (
    <Button variant="secondary" onClick={() => change.send({ type: "change.cancel" })}>
      {t("common:cancel")}
    </Button>
  );
  // The flow has ended (changed, expired): OK closes the modal, and the weekend ends the flow.
  const ok = (
    <Button block onClick={close}>
      {t("common:ok")}
    </Button>
  );

  if (is("changed")) {
    return (
      <div className={modalStyles.center}>
        <ModalTitle>
          <span role="status">{t("change.done")}</span>
        </ModalTitle>
        <p className={styles.modalText}>{t("balance.now", { balance: context.balance })}</p>
        {ok}
      </div>
    );
  }
  if (is("expired")) {
    return (
      <div className={modalStyles.center}>
        <ModalTitle>
          <span role="alert">{t("errors:predictionExpired")}</span>
        </ModalTitle>
        {ok}
      </div>
    );
  }
  if (is("between")) {
    return (
      <div>
        <ModalTitle>{t("change.betweenTitle")}</ModalTitle>
        {summary}
        <p className={styles.modalText} role="status">
          <TimeInText text={(time) => t("change.between", { time })} time={<LocalTime at={lateOpensFor(context)} />} />
        </p>
        <div className={`${modalStyles.actions} ${styles.modalActions}`}>{cancel}</div>
      </div>
    );
  }
  if (is("insufficient")) {
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
  if (is("failed")) {
    return (
      <div>
        <ModalTitle>{t("change.title")}</ModalTitle>
        {summary}
        <p className={modalStyles.alert} role="alert">
          {errorText(context.error)}
        </p>
        <div className={`${modalStyles.actions} ${styles.modalActions}`}>
          {cancel}
          <Button onClick={() => change.send({ type: "change.retry" })}>{t("errors:tryAgain")}</Button>
        </div>
      </div>
    );
  }
  const busy = is("busy");
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
          <span className={styles.tier}>{t(`change.tier.${context.tier}`)}</span>{" "}
          {t("change.price", { picks: picks.length, each: context.rules.tiers[context.tier].cost, cost })}
        </p>
      ) : null}
      <p className={styles.modalText}>
        {t("balance.after", { balance: context.balance, after: context.balance - cost })}
      </p>
      <div className={`${modalStyles.actions} ${styles.modalActions}`}>
        <Button variant="secondary" disabled={busy} onClick={() => change.send({ type: "change.cancel" })}>
          {t("common:cancel")}
        </Button>
        <Button loading={busy} onClick={() => change.send({ type: "change.confirm" })}>
          {t("change.confirm", { cost })}
        </Button>
      </div>
    </div>
  );
}

import { useSelector } from "@xstate/react";
import { useTranslation } from "react-i18next";
import type { BetType } from "../../../contract/bets";
import { BET_TYPES, typesLeft } from "../../../contract/betRules";
import { riderOdds, slipOf, type BetPlacementTag } from "../../../machines/betPlacement.machine";
import type { PlacementRef } from "../../../machines/raceBets.machine";
import { modals } from "../../app/hooks";
import { ModalTitle } from "../../modals/ModalTitle";
import type { ModalComponentProps } from "../../modals/modalTypes";
import modalStyles from "../../modals/modal.module.css";
import { Button } from "../../ui/Button";
import { Diamond } from "../../ui/Diamond";
import { useErrorText } from "../../ui/fieldErrors";
import { RiderBadge } from "../../ui/RiderBadge";
import { StakeSlider } from "./StakeSlider";
import { formatOdds, useBetsData, usePlacement } from "./useBets";
import styles from "./bets.module.css";

/**
 * The BetOnRider modal, a view of the bets actor's placement: the type with its odds, the stake on the slider
 * (ACROSS split shown live), the potential payout, and the outcome: 'Bet is placed!', expired, not enough
 * diamonds, incorrect, or a failure with Try Again. Closing it ends the flow.
 */
export default function BetOnRiderModal({ close }: ModalComponentProps<"BetOnRider">) {
  const placement = usePlacement();
  return placement ? <Placement placement={placement} close={close} /> : null;
}

function Placement({ placement, close }: { placement: PlacementRef; close(): void }) {
  const { t, i18n } = useTranslation("bets");
  const errorText = useErrorText();
  const snapshot = useSelector(placement, (s) => s);
  const context = snapshot.context;
  const is = (tag: BetPlacementTag) => snapshot.hasTag(tag);
  const rider = useBetsData()?.riders.find((r) => r.id === context.riderId);
  const odds = riderOdds(context);
  const slip = slipOf(context);
  const odd = (value: number) => formatOdds(i18n.language, value);
  const title = rider ? t("modal.title", { number: rider.number, name: rider.name }) : t("modal.titleShort");
  const ok = (
    <Button block className={styles.cta} onClick={close}>
      {t("common:ok")}
    </Button>
  );

  if (is("placed") && context.bet) {
    return (
      <div className={modalStyles.center}>
        <ModalTitle>
          <span role="status" data-testid="bet-placed">
            {t("errors:betPlaced")}
          </span>
        </ModalTitle>
        <p className={styles.modalText}>{t("modal.placedSummary", { amount: context.bet.amount, type: t(`types.${context.bet.type}`), number: rider?.number ?? "", name: rider?.name ?? "" })}</p>
        <p className={styles.modalText}>{t("modal.balanceNow", { balance: context.balance })}</p>
        {ok}
      </div>
    );
  }
  if (is("expired")) {
    return (
      <div className={modalStyles.center}>
        <ModalTitle>
          <span role="alert">{t("errors:betExpired")}</span>
        </ModalTitle>
        {ok}
      </div>
    );
  }

  const busy = is("busy");
  const type = context.type;
  const left = typesLeft(context.placed, context.riderId);
  return (
    <div className={styles.betModal}>
      <ModalTitle>{title}</ModalTitle>
      {rider ? <RiderBadge rider={rider} size="sm" /> : null}
      <fieldset className={styles.typePicker} disabled={busy}>
        <legend className={styles.stakeLabel}>{t("modal.type")}</legend>
        {BET_TYPES.map((bt: BetType) => {
          const taken = !left.includes(bt);
          const oddsText = bt === "ACROSS" || !odds ? "" : odd(odds[bt]);
          return (
            <button
              key={bt}
              type="button"
              className={`${styles.typeOption} ${type === bt ? styles.typeSelected : ""}`}
              aria-pressed={type === bt}
              disabled={taken}
              onClick={() => placement.send({ type: "bet.type", betType: bt })}
            >
              <span className={styles.typeName}>{t(`types.${bt}`)}</span>
              <span className={styles.typeOdds}>{taken ? t("grid.placed") : oddsText || t("modal.threeLegs")}</span>
              <span className="visually-hidden">{t(`typeHelp.${bt}`)}</span>
            </button>
          );
        })}
      </fieldset>
      {type ? (
        <>
          <p className={styles.help}>
            <strong>{t(`types.${type}`)}</strong> {t(`typeHelp.${type}`)}
          </p>
          <StakeSlider type={type} amount={context.amount} disabled={busy} onChange={(amount) => placement.send({ type: "bet.amount", amount })} />
          {slip ? (
            <div className={styles.slip} aria-live="polite">
              {type === "ACROSS" ? (
                <>
                  <p className={styles.slipTitle}>
                    {t("modal.splitTitle")}{" "}
                    <button type="button" className={modalStyles.linkButton} onClick={() => modals.open("AcrossInfo", {}, { title: t("across.title") })}>
                      {t("modal.whatIsAcross")}
                    </button>
                  </p>
                  <ul className={styles.legs} data-testid="across-split">
                    {slip.legs.map((leg) => (
                      <li key={leg.type}>{t("modal.split", { stake: leg.stake, type: t(`types.${leg.type}`), odds: odd(leg.odds), payout: leg.payout })}</li>
                    ))}
                  </ul>
                </>
              ) : null}
              <p className={styles.potential}>
                <span>{t("modal.potential")}</span>{" "}
                <strong data-testid="potential-payout">
                  <Diamond /> {t("modal.potentialValue", { payout: slip.potential })}
                </strong>
              </p>
            </div>
          ) : null}
          <p className={styles.modalText}>{t("balance.after", { balance: context.balance, after: context.balance - context.amount })}</p>
          {is("insufficient") ? (
            <p className={modalStyles.alert} role="alert">
              {t("errors:notEnoughDiamonds")} {t("modal.insufficient", { balance: context.balance })}
            </p>
          ) : null}
          {(is("incorrect") || is("failed")) && context.error ? (
            <p className={modalStyles.alert} role="alert">
              {errorText(context.error)}
            </p>
          ) : null}
          <div className={`${modalStyles.actions} ${styles.modalActions}`}>
            <Button variant="secondary" disabled={busy} onClick={close}>
              {t("common:cancel")}
            </Button>
            {is("failed") ? (
              <Button className={styles.cta} onClick={() => placement.send({ type: "bet.retry" })}>{t("errors:tryAgain")}</Button>
            ) : (
              <Button className={styles.cta} loading={busy} disabled={is("insufficient") || is("incorrect")} onClick={() => placement.send({ type: "bet.confirm" })}>
                {t("modal.place", { amount: context.amount })}
              </Button>
            )}
          </div>
        </>
      ) : (
        <p className={styles.help}>{t("modal.chooseType")}</p>
      )}
    </div>
  );
}

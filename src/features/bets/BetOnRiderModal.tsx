import { useSelector } from "@xstate/react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import type { BetType } from "../../../contract/bets";
import { BET_TYPES, stakeLimits, typesLeft } from "../../../contract/betRules";
import { riderOdds, slipOf, stakeRangeOf, type BetPlacementTag } from "../../../machines/betPlacement.machine";
import type { PlacementRef } from "../../../machines/raceBets.machine";
import { modals } from "../../runtime/hooks";
import { paths } from "../../config/paths";
import { ModalTitle } from "../../ui/modal/ModalTitle";
import type { ModalComponentProps } from "../../ui/modal/modalTypes";
import modalStyles from "../../ui/modal/modal.module.css";
import { Button, buttonClass } from "../../ui/Button";
import { Diamond } from "../../ui/Diamond";
import { useErrorText } from "../../ui/fieldErrors";
import { RiderBadge } from "../../ui/RiderBadge";
import { LocalTime } from "../../ui/LocalTime";
import { StakeSlider } from "./StakeSlider";
import { countdownParts, formatOdds, useBetsData, useNowUntil, usePlacement } from "./useBets";
import styles from "./bets.module.css";

/**
 * The BetOnRider modal, a view of the bets actor's placement: the type with its odds, the stake on the slider
 * (ACROSS split shown live, never past the balance), the potential payout, and the outcome: 'Bet is placed!',
 * expired, not enough diamonds (the minimum named, and the Store), incorrect, or a failure with Try Again. Closing
 * it ends the flow. The countdown reads the flow's close, so a race session moved while the modal is open moves it.
 */
export default function BetOnRiderModal({ close }: ModalComponentProps<"BetOnRider">) {
  const placement = usePlacement();
  return placement ? <Placement placement={placement} close={close} /> : null;
}

/** Until bets close, as "2d 04:13:09" (days only when there are some); the flow closes the modal at zero, not this. */
function CloseCountdown({ until }: { until: number }) {
  const { t } = useTranslation("bets");
  const now = useNowUntil(until);
  const { days, hms } = countdownParts(until, now);
  return (
    <p className={styles.modalText} data-testid="bet-modal-closes">
      {t("status.closesIn")}{" "}
      <span role="timer" data-testid="bet-modal-countdown">
        {days > 0 ? t("countdown.withDays", { days, hms }) : hms}
      </span>{" "}
      <span aria-hidden="true">·</span> <LocalTime at={until} />
    </p>
  );
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
        <p className={styles.modalText}>
          {t("modal.placedSummary", {
            amount: context.bet.amount,
            type: t(`types.${context.bet.type}`),
            number: rider?.number ?? "",
            name: rider?.name ?? "",
          })}
        </p>
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
  // Under the minimum stake no stake can be laid (the contract's refusal), and after the server's 402 the balance
  // the modal knows is behind: either way the slider rests and the Store is offered instead of a balance preview.
  const range = stakeRangeOf(context);
  const poor = is("insufficient") || !range.ok;
  const notice = poor ? (
    <div className={modalStyles.alert} role="alert" data-testid="insufficient">
      <p>
        {range.ok
          ? t("errors:notEnoughDiamonds")
          : t(`errors:${range.refusal.code}`, { balance: context.balance, min: stakeLimits(type ?? "WIN").min })}
      </p>
      <Link href={paths.shop} className={buttonClass({ variant: "secondary", size: "sm" })} onClick={close}>
        {t("modal.toStore")}
      </Link>
    </div>
  ) : null;
  return (
    <div className={styles.betModal}>
      <ModalTitle>{title}</ModalTitle>
      {rider ? <RiderBadge rider={rider} size="sm" /> : null}
      <CloseCountdown until={context.closesAt} />
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
          <StakeSlider
            type={type}
            amount={context.amount}
            balance={context.balance}
            disabled={busy || poor}
            onChange={(amount) => placement.send({ type: "bet.amount", amount })}
          />
          {slip ? (
            <div className={styles.slip} aria-live="polite">
              {type === "ACROSS" ? (
                <>
                  <p className={styles.slipTitle}>
                    {t("modal.splitTitle")}{" "}
                    <button
                      type="button"
                      className={modalStyles.linkButton}
                      onClick={() => modals.open("AcrossInfo", {}, { title: t("across.title") })}
                    >
                      {t("modal.whatIsAcross")}
                    </button>
                  </p>
                  <ul className={styles.legs} data-testid="across-split">
                    {slip.legs.map((leg) => (
                      <li key={leg.type}>
                        {t("modal.split", {
                          stake: leg.stake,
                          type: t(`types.${leg.type}`),
                          odds: odd(leg.odds),
                          payout: leg.payout,
                        })}
                      </li>
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
          {/* The stake on its way is not moved when the live balance falls meanwhile: the preview waits rather than go below 0. */}
          {poor || context.amount > context.balance ? null : (
            <p className={styles.modalText}>
              {t("balance.after", { balance: context.balance, after: context.balance - context.amount })}
            </p>
          )}
          {notice}
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
              <Button className={styles.cta} disabled={poor} onClick={() => placement.send({ type: "bet.retry" })}>
                {t("errors:tryAgain")}
              </Button>
            ) : (
              <Button
                className={styles.cta}
                loading={busy}
                disabled={poor || is("incorrect")}
                onClick={() => placement.send({ type: "bet.confirm" })}
              >
                {t("modal.place", { amount: context.amount })}
              </Button>
            )}
          </div>
        </>
      ) : (
        (notice ?? <p className={styles.help}>{t("modal.chooseType")}</p>)
      )}
    </div>
  );
}

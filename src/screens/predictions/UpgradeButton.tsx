import { useQueryClient } from "@tanstack/react-query";
import { useActorRef, useSelector } from "@xstate/react";
import { useEffect, useId, useMemo } from "react";
import { useTranslation } from "react-i18next";
import { fromPromise, type ActorRefFrom, type SnapshotFrom } from "xstate";
import type { PredictionCategory } from "../../../contract/enums";
import {
  disabledReason,
  isInsurance,
  upgradeButtonMachine,
  upgradeButtonState,
  type PredictionActionType,
  type PurchaseInput,
  type PurchaseOutput,
  type UpgradeFacts,
} from "../../../machines/upgradeButton.machine";
import { applyRacePrediction, buyUpgrade } from "../../api/predictions";
import { modals } from "../../app/hooks";
import { Diamond } from "./Diamond";
import styles from "./predictions.module.css";

export type UpgradeActor = ActorRefFrom<typeof upgradeButtonMachine>;
type Snapshot = SnapshotFrom<typeof upgradeButtonMachine>;

const selectState = (s: Snapshot) => upgradeButtonState(s.value, s.context);
const selectReason = (s: Snapshot) => (s.context.bought ? null : disabledReason(s.context));
const selectBusy = (s: Snapshot) => s.matches("purchasing");

/** A fresh key per purchase attempt: a retried request answers the first outcome without paying twice. */
const purchaseKey = () => globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`;

/**
 * One upgrade button (multiplier, podium multiplier or insurance), driven by machines/upgradeButton: its own
 * actor, fed the facts of the moment; a press opens the Upgrade modal, which confirms on the same actor.
 */
export function UpgradeButton({
  raceId,
  userId,
  kind,
  category,
  price,
  facts,
  target,
  doubled = false,
}: {
  raceId: string;
  userId: string;
  kind: PredictionActionType;
  category?: PredictionCategory;
  price: number;
  facts: UpgradeFacts;
  /** What it upgrades, for the labels ("Race winner", "Sprint podium"). */
  target: string;
  /** The picks are there but one is doubled already (own and podium multipliers never stack). */
  doubled?: boolean;
}) {
  const { t } = useTranslation("predictions");
  const queryClient = useQueryClient();
  const machine = useMemo(
    () =>
      upgradeButtonMachine.provide({
        actors: {
          purchase: fromPromise<PurchaseOutput, PurchaseInput>(async ({ input }) => {
            const result = await buyUpgrade(raceId, { type: input.kind, category: input.kind === "PREDICTION" ? category : undefined, idempotencyKey: purchaseKey() });
            applyRacePrediction(queryClient, userId, result);
            return { balance: Number(result.balance) };
          }),
        },
      }),
    [raceId, userId, category, queryClient],
  );
  const actor = useActorRef(machine, { input: { kind, price, ...facts } });
  const hintId = useId();
  const { hasPick, balance, sessionStarted, bought } = facts;
  useEffect(() => {
    actor.send({ type: "upgrade.sync", hasPick, balance, sessionStarted, bought });
  }, [actor, hasPick, balance, sessionStarted, bought]);

  const state = useSelector(actor, selectState);
  const reason = useSelector(actor, selectReason);
  const busy = useSelector(actor, selectBusy);
  const insurance = isInsurance(kind);
  const name = t(`upgrade.name.${kind}`);
  const active = state === "UPGRADE_ACTIVE" || state === "INSURANCE_ACTIVE";
  const disabled = state === "UPGRADE_DISABLED" || state === "INSURANCE_DISABLED";

  function press() {
    actor.send({ type: "upgrade.press" });
    if (!actor.getSnapshot().matches("confirming")) return;
    modals.open("Upgrade", { actor, kind, name, target, price }, { closeOnOutside: false });
  }

  const label = active ? (
    t(insurance ? "upgrade.insured" : "upgrade.active")
  ) : (
    <>
      {t("upgrade.buy", { name, price })} <Diamond />
    </>
  );
  return (
    <div className={styles.upgrade}>
      <button
        type="button"
        className={[styles.upgradeButton, insurance ? styles.insurance : "", active ? styles.upgradeActive : ""].filter(Boolean).join(" ")}
        data-state={state}
        disabled={disabled || active || busy}
        aria-busy={busy || undefined}
        aria-describedby={disabled && reason ? hintId : undefined}
        aria-label={active ? t("upgrade.activeOf", { name, target }) : t("upgrade.buyOf", { name, target, price })}
        onClick={press}
      >
        {label}
      </button>
      {disabled && reason ? <span id={hintId} className={styles.upgradeHint}>{t(reason === "noPick" && doubled ? "upgrade.reason.doubled" : `upgrade.reason.${reason}`)}</span> : null}
    </div>
  );
}

import { useSelector } from "@xstate/react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { isInsurance } from "../../../contract/weekendRules/upgrades";
import type { UpgradeButtonRef } from "../../../machines/predictionWeekend.machine";
import { useUpgradeButtonRef } from "../../features/predictions/useWeekend";
import { VisuallyHidden } from "../../ui/VisuallyHidden";
import { Diamond } from "../../ui/Diamond";
import styles from "./predictions.module.css";

/** One upgrade button of the open weekend, by its key: the weekend owns its flow. */
export function UpgradeButton({ buttonKey, target }: { buttonKey: string; target: string }) {
  const ref = useUpgradeButtonRef(buttonKey);
  return ref ? <UpgradeButtonView button={ref} target={target} /> : null;
}

/** The button as its flow says: buy (press asks in the Upgrade modal), active, or disabled with the reason why. */
function UpgradeButtonView({ button, target }: { button: UpgradeButtonRef; target: string }) {
  const { t } = useTranslation("predictions");
  const view = useSelector(button, (s) => s.context.view);
  const active = useSelector(button, (s) => s.hasTag("active"));
  const disabled = useSelector(button, (s) => s.hasTag("disabled"));
  const busy = useSelector(button, (s) => s.hasTag("busy"));
  const hintId = useId();
  const insurance = isInsurance(view.type);
  const name = t(`upgrade.name.${view.type}`);
  const label = active ? (
    t(insurance ? "upgrade.insured" : "upgrade.active")
  ) : (
    <>
      {t("upgrade.buy", { name, price: view.price })} <Diamond />
    </>
  );
  return (
    <div className={styles.upgrade}>
      <button
        type="button"
        className={[styles.upgradeButton, insurance ? styles.insurance : "", active ? styles.upgradeActive : ""]
          .filter(Boolean)
          .join(" ")}
        data-state={view.state}
        disabled={disabled || active || busy}
        aria-busy={busy || undefined}
        aria-describedby={disabled && view.block ? hintId : undefined}
        onClick={() => button.send({ type: "upgrade.press" })}
      >
        {label}
        <VisuallyHidden context>{target}</VisuallyHidden>
      </button>
      {disabled && view.block ? (
        <span id={hintId} className={styles.upgradeHint}>
          {t(`upgrade.reason.${view.block}`)}
        </span>
      ) : null}
    </div>
  );
}

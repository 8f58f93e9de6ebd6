import { useSelector } from "@xstate/react";
import { useTranslation } from "react-i18next";
import { isInsurance, upgradeGroup } from "../../../contract/weekendRules/upgrades";
import type { UpgradeButtonRef } from "../../../machines/predictionWeekend.machine";
import { ModalTitle } from "../../ui/modal/ModalTitle";
import type { ModalComponentProps } from "../../ui/modal/modalTypes";
import modalStyles from "../../ui/modal/modal.module.css";
import { Button } from "../../ui/Button";
import { useErrorText } from "../../ui/fieldErrors";
import { useUpgradeButtonRef } from "./useWeekend";
import styles from "./predictions.module.css";

/**
 * The Upgrade modal, a view of one upgrade button's flow: the price against the balance, then the purchase.
 * Bought: the flow puts UpgradeFinal in its place; refused: the reason stays here; closed: the flow is told.
 */
export default function UpgradeModal({ entry, close }: ModalComponentProps<"Upgrade">) {
  const button = useUpgradeButtonRef(entry.props.button);
  return button ? <Upgrade button={button} close={close} /> : null;
}

function Upgrade({ button, close }: { button: UpgradeButtonRef; close(): void }) {
  const { t } = useTranslation("predictions");
  const errorText = useErrorText();
  const view = useSelector(button, (s) => s.context.view);
  const error = useSelector(button, (s) => s.context.error);
  const asking = useSelector(button, (s) => s.hasTag("confirming"));
  const busy = useSelector(button, (s) => s.hasTag("busy"));
  const name = t(`upgrade.name.${view.type}`);
  const target = view.category ? t(`category.${view.category}`) : t(`podium.${upgradeGroup(view.type)}`);

  if (!asking) {
    return (
      <div className={modalStyles.center}>
        <p role="alert" className={modalStyles.alert}>
          {errorText(error) ?? t("upgrade.notAvailable")}
        </p>
        <Button block onClick={close}>
          {t("common:ok")}
        </Button>
      </div>
    );
  }
  return (
    <div>
      <ModalTitle>{t("upgrade.question", { name, target, price: view.price })}</ModalTitle>
      <p className={styles.modalText}>
        {t(isInsurance(view.type) ? "upgrade.explain.insurance" : "upgrade.explain.multiplier")}
      </p>
      <p className={styles.modalText}>
        {t("balance.after", { balance: view.balance, after: view.balance - view.price })}
      </p>
      <div className={`${modalStyles.actions} ${styles.modalActions}`}>
        <Button variant="secondary" disabled={busy} onClick={close}>
          {t("common:cancel")}
        </Button>
        <Button loading={busy} onClick={() => button.send({ type: "upgrade.confirm" })}>
          {t("upgrade.confirm", { price: view.price })}
        </Button>
      </div>
    </div>
  );
}

import { useSelector } from "@xstate/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { isInsurance, type PredictionActionType } from "../../../machines/upgradeButton.machine";
import { modals } from "../../app/hooks";
import { ModalTitle } from "../../modals/ModalTitle";
import type { ModalComponentProps } from "../../modals/modalTypes";
import modalStyles from "../../modals/modal.module.css";
import { Button } from "../../ui/Button";
import { useErrorText } from "../../ui/fieldErrors";
import { stillOpen } from "./stillOpen";
import type { UpgradeActor } from "./UpgradeButton";
import styles from "./predictions.module.css";

export type UpgradeModalProps = { actor: UpgradeActor; kind: PredictionActionType; name: string; target: string; price: number };

/**
 * The Upgrade modal: the price against the balance, then the purchase on the button's own actor. Bought: it
 * gives way to UpgradeFinal; refused: the reason stays here; closed while asking: the actor is told to cancel.
 */
export default function UpgradeModal({ entry, close }: ModalComponentProps) {
  const { t } = useTranslation("predictions");
  const errorText = useErrorText();
  const { actor, kind, name, target, price } = entry.props as unknown as UpgradeModalProps;
  const value = useSelector(actor, (s) => s.value);
  const balance = useSelector(actor, (s) => s.context.balance);
  const bought = useSelector(actor, (s) => s.context.bought);
  const error = useSelector(actor, (s) => s.context.error);
  const asked = useRef(false);

  useEffect(() => {
    if (bought && asked.current) modals.replace("UpgradeFinal", { name, target });
  }, [bought, name, target]);
  // Escape or the close button while asking: the flow goes back to its button.
  useEffect(
    () => () => {
      if (!stillOpen(entry.id) && actor.getSnapshot().matches("confirming")) actor.send({ type: "upgrade.cancel" });
    },
    [actor, entry.id],
  );

  const confirming = value === "confirming";
  const purchasing = value === "purchasing";
  if (!confirming && !purchasing && !bought) {
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
      <ModalTitle>{t("upgrade.question", { name, target, price })}</ModalTitle>
      <p className={styles.modalText}>{t(isInsurance(kind) ? "upgrade.explain.insurance" : "upgrade.explain.multiplier")}</p>
      <p className={styles.modalText}>{t("balance.after", { balance, after: balance - price })}</p>
      <div className={`${modalStyles.actions} ${styles.modalActions}`}>
        <Button
          variant="secondary"
          disabled={purchasing}
          onClick={() => {
            actor.send({ type: "upgrade.cancel" });
            close();
          }}
        >
          {t("common:cancel")}
        </Button>
        <Button
          loading={purchasing}
          onClick={() => {
            asked.current = true;
            actor.send({ type: "upgrade.confirm" });
          }}
        >
          {t("upgrade.confirm", { price })}
        </Button>
      </div>
    </div>
  );
}

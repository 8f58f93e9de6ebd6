import { useTranslation } from "react-i18next";
import { MERCH_CREDIT_USD, PADDOCK_EXPERIENCE_PLACES } from "../../../contract/prizes";
import { PREDICTIONS_PER_WEEKEND } from "../../../contract/rules";
import type { ModalComponentProps } from "../../ui/modal/modalTypes";
import modalStyles from "../../ui/modal/modal.module.css";
import { Button } from "../../ui/Button";
import styles from "./prizes.module.css";
import { numberFormat } from "../../i18n/formats";

/** The Prize modal: what one prize is and how it is won; for the motorcycle, how anyone checks the draw. */
export default function PrizeModal({ entry, close }: ModalComponentProps<"Prize">) {
  const { t, i18n } = useTranslation("prizes");
  const { kind } = entry.props;
  const usd = numberFormat(i18n.language, { style: "currency", currency: "USD", maximumFractionDigits: 0 });
  return (
    <div className={styles.modal}>
      <p className={styles.modalText}>
        {t(`kinds.${kind}.how`, { picks: PREDICTIONS_PER_WEEKEND, places: PADDOCK_EXPERIENCE_PLACES })}
      </p>
      {kind === "FACTORY_MOTORCYCLE" ? (
        <ol className={styles.steps}>
          <li>{t("fair.commit")}</li>
          <li>{t("fair.reveal")}</li>
          <li>{t("fair.check")}</li>
        </ol>
      ) : null}
      {kind === "MERCH_CREDIT" ? (
        <ul className={styles.steps}>
          {MERCH_CREDIT_USD.map((amount, i) => (
            <li key={amount}>{t("merchPlace", { place: i + 1, amount: usd.format(amount) })}</li>
          ))}
        </ul>
      ) : null}
      <div className={modalStyles.actions}>
        <Button className={styles.cta} onClick={close}>
          {t("common:ok")}
        </Button>
      </div>
    </div>
  );
}

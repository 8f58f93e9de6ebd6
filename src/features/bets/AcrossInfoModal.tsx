import { useTranslation } from "react-i18next";
import { betSlip, oddsOf } from "../../../contract/betRules";
import { betNumbers } from "../../../contract/rules";
import type { ModalComponentProps } from "../../ui/modal/modalTypes";
import modalStyles from "../../ui/modal/modal.module.css";
import { Button } from "../../ui/Button";
import { formatOdds } from "./useBets";
import styles from "./bets.module.css";

/** Example of the AcrossInfo modal: 90 diamonds across the grid on a rider at WIN odds 4.00. */
const EXAMPLE = { amount: 90, win: 4 } as const;

/** The AcrossInfo modal: what an across-the-grid bet is, how its stake splits and what each part pays, with an example from the rules. */
export default function AcrossInfoModal({ close }: ModalComponentProps<"AcrossInfo">) {
  const { t, i18n } = useTranslation("bets");
  const slip = betSlip("ACROSS", EXAMPLE.amount, oddsOf(EXAMPLE.win));
  return (
    <div className={styles.betModal}>
      <p className={styles.modalText}>{t("across.lead")}</p>
      <p className={styles.modalText}>
        {t("across.split", { step: betNumbers.acrossStep, min: betNumbers.minStake, max: betNumbers.maxStake })}
      </p>
      <ul className={styles.legs}>
        {(["WIN", "PLACE", "SHOW"] as const).map((type) => (
          <li key={type}>
            <strong>{t(`types.${type}`)}</strong> {t(`typeHelp.${type}`)}
          </li>
        ))}
      </ul>
      <p className={styles.slipTitle}>
        {t("across.example", { amount: slip.amount, odds: formatOdds(i18n.language, EXAMPLE.win) })}
      </p>
      <ul className={styles.legs}>
        {slip.legs.map((leg) => (
          <li key={leg.type}>
            {t("modal.split", {
              stake: leg.stake,
              type: t(`types.${leg.type}`),
              odds: formatOdds(i18n.language, leg.odds),
              payout: leg.payout,
            })}
          </li>
        ))}
      </ul>
      <p className={styles.modalText}>{t("across.winner", { payout: slip.potential })}</p>
      <div className={modalStyles.actions}>
        <Button className={styles.cta} onClick={close}>
          {t("common:ok")}
        </Button>
      </div>
    </div>
  );
}

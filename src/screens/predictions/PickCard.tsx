import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { PredictionCategory } from "../../../contract/enums";
import type { PredictionSlot, SavedPick } from "../../../contract/predictions";
import type { RaceRider } from "../../../contract/races";
import { tierAt, type ChangeCosts } from "../../../machines/predictionChange.machine";
import { Button } from "../../ui/Button";
import { Diamond } from "./Diamond";
import { RiderBadge } from "./RiderBadge";
import { formatSessionTime, windowOf } from "./weekend";
import cardStyles from "../shared/Cards.module.css";
import styles from "./predictions.module.css";

export type PickCardProps = {
  category: PredictionCategory;
  slot: PredictionSlot;
  /** The saved pick, if any. */
  pick: SavedPick | undefined;
  /** The rider the form holds for the category (saved or not). */
  chosen: RaceRider | undefined;
  now: number;
  costs: ChangeCosts;
  /** The form cannot save (418 until reloaded). */
  locked: boolean;
  onChoose(): void;
  onChange(): void;
  upgrade: ReactNode;
};

/** One of the 11 picks: what it is worth, its rider, whether it is saved, and what can be done with it now. */
export function PickCard({ category, slot, pick, chosen, now, costs, locked, onChoose, onChange, upgrade }: PickCardProps) {
  const { t, i18n } = useTranslation("predictions");
  const label = t(`category.${category}`);
  const window = windowOf(slot);
  const started = now >= window.startsAt;
  const injured = pick !== undefined && !pick.riderAvailable;
  const tier = pick && !injured ? tierAt(now, window) : null;
  const unsaved = chosen !== undefined && pick?.riderId !== chosen.id;
  const titleId = `pick-${category}`;

  let status: ReactNode;
  let action: ReactNode = null;
  if (injured && !started) {
    status = <span className={`${styles.badge} ${styles.badgeDanger}`}>{t("errors:riderInjured")}</span>;
    action = (
      <Button size="sm" onClick={onChange} aria-label={t("card.repickOf", { category: label })}>
        {t("card.repick")}
      </Button>
    );
  } else if (pick) {
    status = <span className={`${styles.badge} ${styles.badgeSaved}`}>{t("card.saved")}</span>;
    if (tier) {
      action = (
        <Button size="sm" variant="secondary" onClick={onChange} aria-label={t("card.changeOf", { category: label, cost: costs[tier] })}>
          {t("card.change", { cost: costs[tier] })} <Diamond />
        </Button>
      );
    } else if (now < window.endsAt) status = <>{status} <span className={styles.hint}>{t("card.noChangeNow")}</span></>;
  } else if (started || locked) {
    status = <span className={`${styles.badge} ${styles.badgeMuted}`}>{t("errors:predictionExpired")}</span>;
  } else {
    status = unsaved ? <span className={`${styles.badge} ${styles.badgeUnsaved}`}>{t("card.unsaved")}</span> : null;
    action = (
      <Button size="sm" onClick={onChoose} aria-label={t(chosen ? "card.rechooseOf" : "card.chooseOf", { category: label })}>
        {t(chosen ? "card.rechoose" : "card.choose")}
      </Button>
    );
  }

  return (
    <li className={`${cardStyles.card} ${styles.card} ${unsaved ? styles.cardUnsaved : ""}`} aria-labelledby={titleId}>
      <div className={cardStyles.cardTop}>
        <h3 id={titleId} className={cardStyles.cardTitle}>
          {label}
        </h3>
        <span className={styles.points}>{t("card.points", { points: slot.points })}</span>
      </div>
      <div className={styles.cardRider}>{chosen ? <RiderBadge rider={chosen} /> : <span className={styles.empty}>{t("card.noRider")}</span>}</div>
      <p className={styles.closes}>
        {started ? t("card.closed") : t("card.closes", { time: formatSessionTime(i18n.language, slot.startsAt) })}
      </p>
      <div className={styles.cardStatus} aria-live="polite">
        {status}
      </div>
      <div className={styles.cardActions}>
        {action}
        {upgrade}
      </div>
    </li>
  );
}

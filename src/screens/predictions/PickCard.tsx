import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { RaceRider } from "../../../contract/races";
import { upgradeKey } from "../../../contract/weekendRules/upgrades";
import type { CardView } from "../../../contract/weekendRules/view";
import { pressCard, useWeekendData } from "../../features/predictions/useWeekend";
import { modals } from "../../runtime/hooks";
import { Button } from "../../ui/Button";
import { VisuallyHidden } from "../../ui/VisuallyHidden";
import { Diamond } from "../../ui/Diamond";
import { RiderBadge } from "../../ui/RiderBadge";
import { LocalTime, TimeInText } from "../../ui/LocalTime";
import { UpgradeButton } from "./UpgradeButton";
import cardStyles from "../../ui/Cards.module.css";
import styles from "./predictions.module.css";

const badges = {
  injured: { key: "errors:riderInjured", className: styles.badgeDanger },
  saved: { key: "card.saved", className: styles.badgeSaved },
  expired: { key: "errors:predictionExpired", className: styles.badgeMuted },
  unsaved: { key: "card.unsaved", className: styles.badgeUnsaved },
} as const;

/** One of the 11 picks as the rules see it now: what it is worth, its rider, its state and the action it offers. */
export function PickCard({ card, rider }: { card: CardView; rider: RaceRider | undefined }) {
  const { t } = useTranslation("predictions");
  const label = t(`category.${card.category}`);
  const titleId = `pick-${card.category}`;
  const badge = card.badge ? badges[card.badge] : null;
  const press = () => pressCard(card.category);
  const raceId = useWeekendData()?.prediction.raceId;

  let action: ReactNode = null;
  if (card.action?.kind === "repick") {
    action = (
      <Button size="sm" onClick={press}>
        {t("card.repick")}
        <VisuallyHidden context>{label}</VisuallyHidden>
      </Button>
    );
  } else if (card.action?.kind === "change") {
    action = (
      <Button size="sm" variant="secondary" onClick={press}>
        {t("card.change", { cost: card.action.cost })} <Diamond />
        <VisuallyHidden context>{label}</VisuallyHidden>
      </Button>
    );
  } else if (card.action?.kind === "choose") {
    const again = card.action.again;
    action = (
      <Button size="sm" onClick={press}>
        {t(again ? "card.rechoose" : "card.choose")}
        <VisuallyHidden context>{label}</VisuallyHidden>
      </Button>
    );
  }

  return (
    <li
      className={`${cardStyles.card} ${styles.card} ${card.badge === "unsaved" ? styles.cardUnsaved : ""}`}
      aria-labelledby={titleId}
    >
      <div className={cardStyles.cardTop}>
        <h3 id={titleId} className={cardStyles.cardTitle}>
          {label}
        </h3>
        <span className={styles.points}>{t("card.points", { points: card.points })}</span>
      </div>
      <div className={styles.cardRider}>
        {rider ? <RiderBadge rider={rider} /> : <span className={styles.empty}>{t("card.noRider")}</span>}
      </div>
      <p className={styles.closes}>
        {card.started ? (
          t("card.closed")
        ) : (
          <TimeInText text={(time) => t("card.closes", { time })} time={<LocalTime at={card.startsAt} />} />
        )}
      </p>
      <div className={styles.cardStatus} aria-live="polite">
        {badge ? <span className={`${styles.badge} ${badge.className}`}>{t(badge.key)}</span> : null}
        {card.waitForTier ? (
          <>
            {" "}
            <span className={styles.hint}>{t("card.noChangeNow")}</span>
          </>
        ) : null}
      </div>
      <div className={styles.cardActions}>
        {action}
        {rider && raceId ? (
          <Button
            size="sm"
            variant="ghost"
            onClick={() =>
              modals.open(
                "PredictionRider",
                { raceId, category: card.category, riderId: rider.id },
                { title: t("riderModal.title", { name: rider.name }) },
              )
            }
          >
            {t("riderModal.open")}
            <VisuallyHidden context>{label}</VisuallyHidden>
          </Button>
        ) : null}
        <UpgradeButton buttonKey={upgradeKey(card.upgrade)} target={label} />
      </div>
    </li>
  );
}

import { useTranslation } from "react-i18next";
import type { RaceRider } from "../../../contract/races";
import { upgradeKey } from "../../../contract/weekendRules/upgrades";
import type { SectionView } from "../../../contract/weekendRules/view";
import { PickCard } from "./PickCard";
import { UpgradeButton } from "./UpgradeButton";
import cardStyles from "../../ui/Cards.module.css";
import styles from "./predictions.module.css";

/** One part of the weekend (practice, qualifying, a podium): its heading, the podium's upgrades, its cards. */
export function WeekendSection({ section, riders }: { section: SectionView; riders: ReadonlyMap<string, RaceRider> }) {
  const { t } = useTranslation("predictions");
  const headingId = `group-${section.key}`;
  const podium = section.podium;
  return (
    <section className={styles.group} aria-labelledby={headingId}>
      <div className={styles.groupHead}>
        <h2 id={headingId} className={styles.sectionTitle}>
          {t(`group.${section.key}`)}
        </h2>
        {podium ? (
          <div className={styles.podiumUpgrades}>
            <UpgradeButton buttonKey={upgradeKey(podium.multiplier)} target={t(`podium.${podium.group}`)} />
            <UpgradeButton buttonKey={upgradeKey(podium.insurance)} target={t(`podium.${podium.group}`)} />
          </div>
        ) : null}
      </div>
      <ul className={cardStyles.cards}>
        {section.cards.map((card) => (
          <PickCard key={card.category} card={card} rider={card.riderId ? riders.get(card.riderId) : undefined} />
        ))}
      </ul>
    </section>
  );
}

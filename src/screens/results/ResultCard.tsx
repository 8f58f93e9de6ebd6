import { useTranslation } from "react-i18next";
import type { SavedPick } from "../../../contract/predictions";
import type { RaceRider } from "../../../contract/races";
import type { RaceResults } from "../../../contract/results";
import { RiderBadge } from "../../ui/RiderBadge";
import cardStyles from "../../ui/Cards.module.css";
import { OfficialTop } from "./OfficialTop";
import { PickExplanation } from "../../features/points/PickExplanation";
import styles from "./results.module.css";
import { numberFormat } from "../../i18n/formats";

type Classification = RaceResults["classifications"][number];

/** One answered category: the rider picked, whether it hit, the points it earned and the official top three. */
export function ResultCard({
  pick,
  classification,
  riders,
}: {
  pick: SavedPick;
  classification: Classification | undefined;
  riders: ReadonlyMap<string, RaceRider>;
}) {
  const { t, i18n } = useTranslation("results");
  const rider = riders.get(pick.riderId);
  const titleId = `result-${pick.category}`;
  const number = numberFormat(i18n.language, { maximumFractionDigits: 1, signDisplay: "exceptZero" });
  const doubled = pick.upgrades.some((u) => u === "PREDICTION" || u === "PREDICTION_RACE" || u === "PREDICTION_SPRINT");
  const insured = pick.upgrades.some((u) => u === "PREDICTION_INSURANCE_RACE" || u === "PREDICTION_INSURANCE_SPRINT");
  return (
    <li className={`${cardStyles.card} ${styles.card}`} data-state={pick.state} aria-labelledby={titleId}>
      <div className={cardStyles.cardTop}>
        <h3 id={titleId} className={cardStyles.cardTitle}>
          {t(`predictions:category.${pick.category}`)}
        </h3>
        <span className={styles.badge} data-state={pick.state}>
          {t(`state.${pick.state}`)}
        </span>
      </div>
      <div className={styles.cardRider}>
        <span className="visually-hidden">{t("card.yourPick")}</span>
        {rider ? (
          <RiderBadge rider={rider} size="sm" />
        ) : (
          <span className={styles.muted}>{t("card.unknownRider")}</span>
        )}
      </div>
      {doubled || insured ? (
        <p className={styles.upgrades}>
          {doubled ? <span className={styles.upgrade}>{t("card.doubled")}</span> : null}
          {insured ? <span className={styles.upgrade}>{t("card.insured")}</span> : null}
        </p>
      ) : null}
      <p className={styles.cardPoints}>
        <span className={styles.pointsLabel}>{t("card.points")}</span>
        <span className={styles.pointsValue}>
          {pick.points === null ? t("card.noPoints") : t("card.pointsValue", { points: number.format(pick.points) })}
        </span>
      </p>
      <PickExplanation pick={pick} classification={classification} />
      <OfficialTop classification={classification} pickedId={pick.riderId} riders={riders} />
    </li>
  );
}

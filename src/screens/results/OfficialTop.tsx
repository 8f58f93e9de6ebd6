import { useTranslation } from "react-i18next";
import type { RaceRider } from "../../../contract/races";
import type { RaceResults } from "../../../contract/results";
import { CLASSIFICATION_TOP } from "./results";
import styles from "./results.module.css";

type Classification = RaceResults["classifications"][number];

/** The official top three of the session that decides a category, the player's rider marked; or why there is none. */
export function OfficialTop({
  classification,
  pickedId,
  riders,
}: {
  classification: Classification | undefined;
  pickedId: string;
  riders: ReadonlyMap<string, RaceRider>;
}) {
  const { t } = useTranslation("results");
  let body;
  if (!classification) body = <p className={styles.muted}>{t("official.waiting")}</p>;
  else if (classification.canceled) body = <p className={styles.muted}>{t("official.canceled")}</p>;
  else {
    body = (
      <ol className={styles.top}>
        {classification.riderIds.slice(0, CLASSIFICATION_TOP).map((id, index) => {
          const rider = riders.get(id);
          const name = rider
            ? t("predictions:rider.short", { number: rider.number, name: rider.name })
            : t("card.unknownRider");
          const mine = id === pickedId;
          return (
            <li key={id} className={mine ? styles.topMine : undefined}>
              <span className={styles.place}>{index + 1}</span>
              <span className={styles.topName}>{name}</span>
              {mine ? <span className={styles.yours}>{t("official.yours")}</span> : null}
            </li>
          );
        })}
      </ol>
    );
  }
  return (
    <div className={styles.official}>
      <p className={styles.officialTitle}>{t("official.title")}</p>
      {body}
    </div>
  );
}

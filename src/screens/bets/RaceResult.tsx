import { useTranslation } from "react-i18next";
import type { RaceBets } from "../../../contract/bets";
import styles from "./bets.module.css";

/** The race's podium once its classification is in (what the bets were settled on), or its cancellation. */
export function RaceResult({ data }: { data: RaceBets }) {
  const { t } = useTranslation("bets");
  const riders = new Map(data.riders.map((r) => [r.id, r]));
  return (
    <section className={styles.result} aria-labelledby="race-result-title">
      <h2 id="race-result-title" className={styles.sectionTitle}>
        {t("result.title")}
      </h2>
      {data.result?.canceled ? (
        <p>{t("result.canceled")}</p>
      ) : (
        <ol className={styles.podium}>
          {(data.result?.riderIds ?? []).slice(0, 3).map((id) => {
            const rider = riders.get(id);
            return <li key={id}>{rider ? t("mine.rider", { number: rider.number, name: rider.name }) : ""}</li>;
          })}
        </ol>
      )}
    </section>
  );
}

import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { useRaceName } from "../../i18n/raceNames";
import { GAME_CLASS } from "../../../contract/rules";
import { useLeagueStatistics } from "../../api/predictions";
import { useCurrentRaceId, useRaceRiders, useRacesDropdown } from "../../api/races";
import { EmptyState } from "../../ui/EmptyState";
import { Spinner } from "../../ui/Spinner";
import styles from "./LeagueStatisticScreen.module.css";

const TOP = 3;

/** game-rules.md "Leagues": the statistics page shows the spread of the members' picks per category, race by race. */
export function LeaguePickSpread({ leagueId }: { leagueId: string }) {
  const { t } = useTranslation(["leagues", "predictions"]);
  const raceLabel = useRaceName();
  const selectId = useId();
  const [chosen, setChosen] = useState<string>();
  const races = useRacesDropdown();
  const current = useCurrentRaceId("dropdown", races.isSuccess ? races.data : undefined);
  const raceId = chosen ?? current.data ?? undefined;
  const stats = useLeagueStatistics(leagueId, raceId);
  const riders = useRaceRiders(raceId, GAME_CLASS);

  if (races.isPending || (races.isSuccess && current.isPending)) return <Spinner label={t("leagues:loading")} />;
  if (races.isError || !raceId) return <EmptyState title={t("leagues:stats.spreadEmpty")} />;
  const riderName = (id: string) => {
    const rider = riders.data?.riders.find((r) => r.id === id);
    return rider ? `#${rider.number} ${rider.name}` : t("leagues:stats.unknownRider");
  };

  return (
    <div className={styles.spread}>
      <label htmlFor={selectId} className={styles.raceLabel}>
        {t("leagues:stats.race")}
      </label>
      <select id={selectId} className={styles.raceSelect} value={raceId} onChange={(e) => setChosen(e.target.value)}>
        {races.data!.map((race) => (
          <option key={race.id} value={race.id}>
            {raceLabel(race.name)}
          </option>
        ))}
      </select>
      {stats.isPending ? (
        <Spinner label={t("leagues:loading")} />
      ) : stats.isError ? (
        <EmptyState title={t("leagues:loadError")} />
      ) : stats.data.categories.every((c) => c.total === 0) ? (
        <EmptyState title={t("leagues:stats.spreadEmpty")} />
      ) : (
        <ul className={styles.categories}>
          {stats.data.categories.map((category) => (
            <li key={category.category} className={styles.category}>
              <h3 className={styles.categoryTitle}>{t(`predictions:category.${category.category}`)}</h3>
              {category.total === 0 ? (
                <p className={styles.none}>{t("leagues:stats.noPicks")}</p>
              ) : !category.revealed ? (
                // Before the session starts only the count is known (contract/rules.statistics.ts).
                <p className={styles.none}>{t("leagues:stats.hiddenUntilStart", { picks: category.total })}</p>
              ) : (
                <ol className={styles.riders}>
                  {category.riders.slice(0, TOP).map((row) => {
                    const percent = Math.round(row.share * 100);
                    return (
                      <li key={row.riderId} className={styles.riderRow}>
                        <span className={styles.riderName}>{riderName(row.riderId)}</span>
                        <span className={styles.share}>{t("leagues:stats.share", { percent, picks: row.count })}</span>
                        <meter className={styles.meter} min={0} max={100} value={percent} aria-hidden="true" />
                      </li>
                    );
                  })}
                </ol>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

import { useId } from "react";
import { useTranslation } from "react-i18next";
import { useRaceName } from "../../i18n/raceNames";
import type { RiderPerformance } from "../../../contract/races";
import { RACE_POINTS } from "../../../contract/raceRules";
import styles from "./RiderByIdScreen.module.css";

/** A fixed drawing width: the bars share it, so a short season and a full one both fill the chart. */
const WIDTH = 640;
const MAX_BAR = 36;
const HEIGHT = 160;
const AXIS = 28;
const TOP = 12;
const MAX_POINTS = RACE_POINTS[0];
const GRID = [0, 5, 10, 15, 20, 25];

/**
 * Points per round as bars. The SVG is one image with a title and a summary for screen readers
 * (the table next to it carries every value); each bar also has its own tooltip.
 */
export function PerformanceChart({
  year,
  races,
  summary,
}: {
  year: number;
  races: readonly RiderPerformance[];
  summary: string;
}) {
  const { t } = useTranslation("riders");
  const raceLabel = useRaceName();
  const id = useId();
  const slot = (WIDTH - AXIS) / Math.max(races.length, 1);
  const bar = Math.min(MAX_BAR, slot * 0.7);
  const y = (points: number) => TOP + (HEIGHT - TOP) * (1 - points / MAX_POINTS);
  return (
    <figure className={styles.chart}>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT + 24}`}
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        className={styles.chartSvg}
      >
        <title id={`${id}-title`}>{t("rider.chartTitle", { year })}</title>
        <desc id={`${id}-desc`}>{summary}</desc>
        {GRID.map((g) => (
          <g key={g} className={styles.grid}>
            <line x1={AXIS} x2={WIDTH} y1={y(g)} y2={y(g)} />
            <text x={AXIS - 6} y={y(g) + 4} textAnchor="end">
              {g}
            </text>
          </g>
        ))}
        {races.map((race, i) => {
          const x = AXIS + i * slot + (slot - bar) / 2;
          const label =
            race.position === null
              ? t("rider.barDnf", { round: race.round, race: raceLabel(race.raceName) })
              : t("rider.bar", {
                  round: race.round,
                  race: raceLabel(race.raceName),
                  position: race.position,
                  points: race.points,
                });
          return (
            <g key={race.round}>
              <title>{label}</title>
              {race.position === null ? (
                <rect x={x} y={HEIGHT - 3} width={bar} height={3} className={styles.dnfBar} />
              ) : (
                <rect
                  x={x}
                  y={y(race.points)}
                  width={bar}
                  height={Math.max(2, HEIGHT - y(race.points))}
                  rx={3}
                  className={race.position <= 3 ? styles.podiumBar : styles.bar}
                />
              )}
              <text x={x + bar / 2} y={HEIGHT + 16} textAnchor="middle" className={styles.roundLabel}>
                {race.round}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption className={styles.legend}>
        <span className={styles.legendItem}>
          <span className={`${styles.swatch} ${styles.podiumSwatch}`} aria-hidden="true" /> {t("rider.legendPodium")}
        </span>
        <span className={styles.legendItem}>
          <span className={styles.swatch} aria-hidden="true" /> {t("rider.legendPoints")}
        </span>
        <span className={styles.legendItem}>
          <span className={`${styles.swatch} ${styles.dnfSwatch}`} aria-hidden="true" /> {t("rider.dnf")}
        </span>
      </figcaption>
    </figure>
  );
}

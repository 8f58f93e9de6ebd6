import { useId } from "react";
import { useTranslation } from "react-i18next";
import type { RaceChoice } from "./useRaceChoice";
import styles from "./results.module.css";

/** The race select of the results screen and the race board. */
export function RacePicker({ choice }: { choice: RaceChoice }) {
  const { t } = useTranslation("results");
  const id = useId();
  return (
    <div className={styles.picker}>
      <label htmlFor={id}>{t("picker.label")}</label>
      <select id={id} value={choice.raceId ?? ""} onChange={(e) => choice.choose(e.target.value)}>
        {choice.list.map((r) => (
          <option key={r.id} value={r.id}>
            {t("picker.option", { round: r.round, name: r.name })}
          </option>
        ))}
      </select>
    </div>
  );
}

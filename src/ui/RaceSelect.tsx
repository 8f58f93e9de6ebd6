import { useId } from "react";
import styles from "./RaceSelect.module.css";

type RaceItem = { id: string; round: number; name: string };

export type RaceSelectProps<R extends RaceItem> = {
  races: readonly R[];
  value: string | undefined;
  onChange(raceId: string): void;
  /** The translated label ("Race"). */
  label: string;
  /** The translated text of one option ("Round 12 · Czech Grand Prix"). */
  optionLabel(race: R): string;
};

/** A labelled select of race weekends; the screens bring their own words. */
export function RaceSelect<R extends RaceItem>({ races, value, onChange, label, optionLabel }: RaceSelectProps<R>) {
  const id = useId();
  return (
    <div className={styles.picker}>
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value ?? ""} onChange={(e) => onChange(e.target.value)}>
        {races.map((r) => (
          <option key={r.id} value={r.id}>
            {optionLabel(r)}
          </option>
        ))}
      </select>
    </div>
  );
}

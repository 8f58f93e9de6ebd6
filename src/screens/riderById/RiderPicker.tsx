import { useId } from "react";
import { useTranslation } from "react-i18next";
import { useLocation } from "wouter";
import type { RiderDetail } from "../../../contract/races";
import { useRidersDropdown } from "../../api/races";
import { paths } from "../../config/paths";
import styles from "./RiderByIdScreen.module.css";

/** Another rider of the same class, without going back to the teams: the list arrives quietly and stays hidden if it can't. */
export function RiderPicker({ riderId, raceClass }: { riderId: string; raceClass: RiderDetail["raceClass"] }) {
  const { t } = useTranslation("riders");
  const id = useId();
  const [, navigate] = useLocation();
  const riders = useRidersDropdown(raceClass);
  if (!riders.data?.some((r) => r.id === riderId)) return null;
  const sorted = riders.data.toSorted((a, b) => a.number - b.number);
  return (
    <div className={styles.picker}>
      <label htmlFor={id}>{t("rider.picker")}</label>
      <select
        id={id}
        className={styles.select}
        value={riderId}
        onChange={(e) => navigate(paths.riderById.replace(":riderId", encodeURIComponent(e.target.value)))}
      >
        {sorted.map((r) => (
          <option key={r.id} value={r.id}>
            {t("rider.option", { number: r.number, name: r.name, team: r.teamName })}
          </option>
        ))}
      </select>
    </div>
  );
}

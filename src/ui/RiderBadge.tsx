import { useTranslation } from "react-i18next";
import type { RaceRider } from "../../contract/races";
import styles from "./RiderBadge.module.css";

/** A rider as a pick shows them: picture, number, name and team. */
export function RiderBadge({
  rider,
  size = "md",
}: {
  rider: Pick<RaceRider, "name" | "number" | "image" | "team">;
  size?: "sm" | "md";
}) {
  const { t } = useTranslation("predictions");
  return (
    <span className={`${styles.rider} ${size === "sm" ? styles.riderSm : ""}`}>
      <img
        className={styles.riderImage}
        src={rider.image}
        alt=""
        width={48}
        height={48}
        loading="lazy"
        style={{ borderColor: rider.team.colour }}
      />
      <span className={styles.riderNumber} aria-label={t("rider.number", { number: rider.number })}>
        {rider.number}
      </span>
      <span className={styles.riderText}>
        <span className={styles.riderName}>{rider.name}</span>
        <span className={styles.riderTeam}>{rider.team.name}</span>
      </span>
    </span>
  );
}

import { useEffect, useRef, type CSSProperties } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import type { TeamWithRiders } from "../../../contract/races";
import { paths } from "../../config/paths";
import { manufacturerName } from "../../features/riders/labels";
import styles from "./RidersAndTeamsScreen.module.css";
import { regionNames } from "../../i18n/formats";

const riderPath = (id: string) => paths.riderById.replace(":riderId", encodeURIComponent(id));

/** One team: its logo and colours, then its riders, each a link to the rider's page. */
export function TeamCard({ team, highlighted }: { team: TeamWithRiders; highlighted: boolean }) {
  const { t, i18n } = useTranslation("riders");
  const ref = useRef<HTMLElement>(null);
  const headingId = `team-${team.id}`;
  const countries = regionNames(i18n.language);
  useEffect(() => {
    // The team a link points at is scrolled to and focused, so keyboard and screen-reader users land on it.
    if (highlighted) {
      ref.current?.scrollIntoView?.({ block: "start" });
      ref.current?.focus({ preventScroll: true });
    }
  }, [highlighted]);

  return (
    <li className={styles.item}>
      <article
        ref={ref}
        tabIndex={highlighted ? -1 : undefined}
        className={`${styles.card} ${highlighted ? styles.highlighted : ""}`}
        style={{ "--team-colour": team.colour } as CSSProperties}
        aria-labelledby={headingId}
        aria-current={highlighted ? "true" : undefined}
      >
        <header className={styles.cardHeader}>
          <img
            className={styles.logo}
            src={team.image}
            alt={t("teams.logoAlt", { team: team.name })}
            width={96}
            height={54}
            loading="lazy"
          />
          <div>
            <h2 id={headingId} className={styles.teamName}>
              {team.name}
            </h2>
            <p className={styles.manufacturer}>{manufacturerName[team.manufacturer]}</p>
          </div>
        </header>
        <ul className={styles.riders} aria-label={t("teams.ridersOf", { team: team.name })}>
          {team.riders.map((rider) => (
            <li key={rider.id}>
              <Link href={riderPath(rider.id)} className={styles.rider}>
                <img className={styles.riderPicture} src={rider.image} alt="" width={48} height={48} loading="lazy" />
                <span className={styles.riderText}>
                  <span className={styles.riderName}>
                    <span className={styles.number}>{t("rider.numberShort", { number: rider.number })}</span>{" "}
                    {rider.name}
                  </span>
                  <span className={styles.riderMeta}>
                    {countries.of(rider.country) ?? rider.country}
                    {rider.role !== "MAIN" ? <span className={styles.badge}>{t(`role.${rider.role}`)}</span> : null}
                    {rider.status === "INJURED" ? (
                      <span className={`${styles.badge} ${styles.injured}`}>{t("status.INJURED")}</span>
                    ) : null}
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </article>
    </li>
  );
}

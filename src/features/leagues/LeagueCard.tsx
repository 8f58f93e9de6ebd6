import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import type { League } from "../../../contract/leagues";
import { modals } from "../../runtime/hooks";
import { paths } from "../../config/paths";
import { LeagueEmblem } from "../../ui/LeagueEmblem";
import { useCountries } from "../../api/system";
import { JoinButton } from "./JoinButton";
import styles from "./leagues.module.css";

export const leaguePath = (id: string) => paths.leagueById.replace(":leagueId", encodeURIComponent(id));

export function LeagueImage({ league, className }: { league: Pick<League, "image" | "type">; className?: string }) {
  return (
    <div className={[styles.image, styles[`image${league.type}`], className].filter(Boolean).join(" ")}>
      {league.image ? (
        <img src={league.image} alt="" width={354} height={180} loading="lazy" />
      ) : (
        <LeagueEmblem type={league.type} />
      )}
    </div>
  );
}

export function TypeBadge({ type }: { type: League["type"] }) {
  const { t } = useTranslation("leagues");
  return <span className={`${styles.badge} ${styles[`badge${type}`]}`}>{t(`type.${type}`)}</span>;
}

export function CountryName({ code }: { code: string | null }) {
  const countries = useCountries();
  if (!code) return null;
  const country = countries.data?.find((c) => c.code === code);
  return <span>{country?.name ?? code}</span>;
}

/** One league in a list: picture, name, type, country, members and the player's join button. */
export function LeagueCard({ league }: { league: League }) {
  const { t } = useTranslation("leagues");
  return (
    <li className={styles.card}>
      <LeagueImage league={league} />
      <div className={styles.cardBody}>
        <div className={styles.cardTop}>
          <TypeBadge type={league.type} />
          <button
            type="button"
            className={styles.count}
            onClick={() =>
              modals.open(
                "MembersByLeague",
                { leagueId: league.id },
                { title: t("card.membersOf", { name: league.name }) },
              )
            }
          >
            {t("card.members", { members: league.membersCount, max: league.max })}
          </button>
        </div>
        <h3 className={styles.cardTitle}>
          <Link href={leaguePath(league.id)} className={styles.cardLink}>
            {league.name}
          </Link>
        </h3>
        <p className={styles.cardMeta}>
          {t("card.owner", { name: league.owner.name })}
          {league.country ? (
            <>
              {" · "}
              <CountryName code={league.country} />
            </>
          ) : null}
        </p>
        <div className={styles.cardActions}>
          <JoinButton league={league} compact />
        </div>
      </div>
    </li>
  );
}

/** League cards in a grid that fills the row with as many 260px columns as fit (one at 575px). */
export function LeagueCards({ leagues }: { leagues: readonly League[] }) {
  return (
    <ul className={styles.grid}>
      {leagues.map((league) => (
        <LeagueCard key={league.id} league={league} />
      ))}
    </ul>
  );
}

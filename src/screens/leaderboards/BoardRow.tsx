import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import type { LeaderboardEntry } from "../../../contract/results";
import { paths, queryKeys } from "../../config/paths";
import { Avatar } from "../../ui/Avatar";
import { useCountries } from "../../api/system";
import styles from "./leaderboards.module.css";
import { numberFormat } from "../../i18n/formats";

/** One ranked player; the caller's own row is marked "You" (and, pinned, says it is their position). */
export function BoardRow({
  entry,
  me,
  pinned,
  showRaces,
}: {
  entry: LeaderboardEntry;
  me: boolean;
  pinned: boolean;
  showRaces: boolean;
}) {
  const { t, i18n } = useTranslation("leaderboards");
  const countries = useCountries();
  const code = entry.user.country;
  const country = code ? countries.data?.find((c) => c.code === code) : undefined;
  const number = numberFormat(i18n.language, { maximumFractionDigits: 1 });
  return (
    <tr className={me ? styles.meRow : undefined} data-testid={pinned ? "pinned-me" : undefined}>
      <td className={styles.rank}>{number.format(entry.rank)}</td>
      <th scope="row" className={styles.playerCell}>
        <Link
          href={`${paths.profile}?${queryKeys.userId}=${encodeURIComponent(entry.user.id)}`}
          className={styles.player}
        >
          <Avatar name={entry.user.name} src={entry.user.img} size={36} />
          <span className={styles.who}>
            <span className={styles.name}>
              {entry.user.name}
              {me ? <span className={styles.you}>{pinned ? t("me.pinned") : t("me.you")}</span> : null}
            </span>
            {code ? (
              <span className={styles.country}>
                {country ? <span aria-hidden="true">{country.sign} </span> : null}
                {country?.name ?? code}
              </span>
            ) : null}
          </span>
        </Link>
      </th>
      <td className={`${styles.num} ${styles.points}`} data-label={t("column.points")}>
        {number.format(entry.points)}
      </td>
      <td className={styles.num} data-label={t("column.accurate")}>
        {number.format(entry.accurate)}
      </td>
      {showRaces ? (
        <td className={styles.num} data-label={t("column.races")}>
          {number.format(entry.races)}
        </td>
      ) : null}
    </tr>
  );
}

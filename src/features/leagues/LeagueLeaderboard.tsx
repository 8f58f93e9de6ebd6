import { useTranslation } from "react-i18next";
import type { League } from "../../../contract/leagues";
import { useLeagueLeaderboard } from "../../api/leagues";
import { useProfile } from "../../runtime/hooks";
import { Avatar } from "../../ui/Avatar";
import { Button } from "../../ui/Button";
import { EmptyState } from "../../ui/EmptyState";
import { Spinner } from "../../ui/Spinner";
import styles from "./LeagueLeaderboard.module.css";

/** GET /leagues/leaderboard for this league: accepted members ranked by season points. */
export function LeagueLeaderboard({ league }: { league: League }) {
  const { t } = useTranslation("leagues");
  const me = useProfile();
  const board = useLeagueLeaderboard(league.id);
  if (board.isPending) return <Spinner label={t("loading")} />;
  if (board.isError)
    return (
      <EmptyState title={t("loadError")} action={<Button onClick={() => void board.refetch()}>{t("retry")}</Button>} />
    );
  if (board.data.data.length === 0) return <EmptyState title={t("errors:listEmpty")} text={t("board.empty")} />;
  return (
    <table className={styles.table}>
      <caption className="visually-hidden">{t("page.leaderboard")}</caption>
      <thead>
        <tr>
          <th scope="col">{t("board.rank")}</th>
          <th scope="col">{t("board.player")}</th>
          <th scope="col" className={styles.num}>
            {t("board.points")}
          </th>
        </tr>
      </thead>
      <tbody>
        {board.data.data.map((row) => (
          <tr key={row.user.id} className={row.user.id === me?.id ? styles.meRow : undefined}>
            <td className={styles.rank}>{row.rank}</td>
            <td>
              <span className={styles.player}>
                <Avatar name={row.user.name} src={row.user.img} size={32} />
                {row.user.name}
              </span>
            </td>
            <td className={styles.num}>{row.points}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

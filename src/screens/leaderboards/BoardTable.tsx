import { useTranslation } from "react-i18next";
import type { Leaderboard } from "../../../contract/results";
import { pinOf } from "./board";
import { BoardRow } from "./BoardRow";
import styles from "./leaderboards.module.css";

/** The board as a real table: rank, player, points, accurate picks (and races); the caller's row pinned when off this page. */
export function BoardTable({ board, caption, showRaces }: { board: Leaderboard; caption: string; showRaces: boolean }) {
  const { t } = useTranslation("leaderboards");
  const pin = pinOf(board);
  const meId = board.me?.user.id;
  const pinned =
    board.me && pin ? (
      <tbody className={pin === "top" ? styles.pinnedTop : styles.pinnedBottom}>
        <BoardRow entry={board.me} me pinned showRaces={showRaces} />
      </tbody>
    ) : null;
  return (
    <table className={styles.table}>
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col" className={styles.rank}>
            {t("column.rank")}
          </th>
          <th scope="col">{t("column.player")}</th>
          <th scope="col" className={styles.num}>
            {t("column.points")}
          </th>
          <th scope="col" className={styles.num}>
            {t("column.accurate")}
          </th>
          {showRaces ? (
            <th scope="col" className={styles.num}>
              {t("column.races")}
            </th>
          ) : null}
        </tr>
      </thead>
      {pin === "top" ? pinned : null}
      <tbody>
        {board.data.map((entry) => (
          <BoardRow
            key={entry.user.id}
            entry={entry}
            me={entry.user.id === meId}
            pinned={false}
            showRaces={showRaces}
          />
        ))}
      </tbody>
      {pin === "bottom" ? pinned : null}
    </table>
  );
}

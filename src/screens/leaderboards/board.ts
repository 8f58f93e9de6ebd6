import type { Leaderboard } from "../../../contract/results";

// Pure helpers of the leaderboards screen.

export type BoardTab = "season" | "race";
export const boardTabs: readonly BoardTab[] = ["season", "race"];

/**
 * Where the caller's own row is pinned: nowhere when it is on this page (it is highlighted in place) or the
 * caller is not ranked; above the page when they rank higher than its first row, else below it.
 */
export function pinOf(board: Pick<Leaderboard, "data" | "me">): "top" | "bottom" | null {
  const me = board.me;
  if (!me || board.data.some((row) => row.user.id === me.user.id)) return null;
  const first = board.data[0];
  return first && me.rank < first.rank ? "top" : "bottom";
}

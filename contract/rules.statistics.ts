import type { LeagueMemberStatus, LeagueType } from "./enums";
import { hasStarted } from "./weekendRules/time";

// Who sees how others picked. The spread of a category (which riders, how many each) tells a
// small league exactly who picked what, and before the session it would let anyone copy the crowd: so it
// shows once the category's session has started, the moment its picks lock. Before that, a statistics
// answer says only how many picked. A PRIVATE league's statistics are for its accepted members only,
// like its board; other leagues' for any signed-in player.

/** A league's statistics are readable by the caller: any league but a PRIVATE one, whose accepted members only. */
export function mayReadLeagueStatistics(type: LeagueType, callerStatus: LeagueMemberStatus | null): boolean {
  return type !== "PRIVATE" || callerStatus === "ACCEPTED";
}

/** The spread of a category shows from its session's start on (the same instant first saves close); unknown start, never. Epoch ms. */
export function isSpreadRevealed(sessionStartsAt: number | undefined, now: number): boolean {
  return sessionStartsAt !== undefined && hasStarted(now, { startsAt: sessionStartsAt });
}

type Spread<R> = { total: number; riders: readonly R[] };

/** One category of a statistics answer as shown at `now`: the riders once revealed, before that the count alone. */
export function categorySpreadView<R, C extends Spread<R>>(
  stats: C,
  sessionStartsAt: number | undefined,
  now: number,
): C & { revealed: boolean } {
  const revealed = isSpreadRevealed(sessionStartsAt, now);
  return { ...stats, riders: revealed ? stats.riders : [], revealed };
}

import { SessionType } from "../enums";

// game-rules.md "Sessions move": what an operator may do to a session's times. A session that has not started may
// move (a delay or an advance) and a running one may only have its end extended (a red flag, a restart); the
// weekend's sessions keep their order, and a move that would break it changes nothing. All times are epoch
// milliseconds; the server's clock decides what has started.

export type MoveSlot = { startsAt: number; endsAt: number };
export type MoveSession = MoveSlot & { type: SessionType; canceled: boolean };
/** What the operator asked: a new start (the end then keeps the session's length), a new end, or both. */
export type MoveRequest = { startsAt?: number; endsAt?: number };

export type MoveRefusal = "notFound" | "validation" | "sessionStarted" | "sessionOrder";
export type MovePlan =
  | { ok: true; before: MoveSlot; after: MoveSlot; replayed: boolean }
  | { ok: false; code: MoveRefusal };

const weekendIndex = (type: SessionType) => SessionType.options.indexOf(type);

/** The weekend's sessions in the order they run: by start, then by the weekend's order of session types. */
export const inRunningOrder = <S extends Pick<MoveSession, "type" | "startsAt">>(sessions: readonly S[]): S[] =>
  sessions.toSorted((a, b) => a.startsAt - b.startsAt || weekendIndex(a.type) - weekendIndex(b.type));

/**
 * Decides a move of `type` at `now`. The same times again are a replay (whatever the clock says since): nothing
 * changes. A new start without a new end keeps the session's length, so "delay FP1 by 30 minutes" moves the whole
 * slot. A canceled session has no time to move (notFound); a new start must still be ahead (validation), an end
 * must come after its start (validation). Order: the session must still start after the one before it ends and end
 * before the one after it starts (canceled sessions aside), else sessionOrder.
 */
export function planMove(
  now: number,
  sessions: readonly MoveSession[],
  type: SessionType,
  move: MoveRequest,
): MovePlan {
  const current = sessions.find((s) => s.type === type);
  if (!current || current.canceled) return { ok: false, code: "notFound" };
  const before = { startsAt: current.startsAt, endsAt: current.endsAt };
  const startsAt = move.startsAt ?? current.startsAt;
  const endsAt = move.endsAt ?? current.endsAt + (startsAt - current.startsAt);
  const after = { startsAt, endsAt };
  if (startsAt === before.startsAt && endsAt === before.endsAt)
    return { ok: true, before, after: before, replayed: true };
  if (!Number.isFinite(startsAt) || !Number.isFinite(endsAt) || endsAt <= startsAt)
    return { ok: false, code: "validation" };
  if (now >= current.startsAt) {
    // Started: the start stays where it was, and a running session's end may only extend.
    if (startsAt !== current.startsAt || now >= current.endsAt || endsAt < current.endsAt)
      return { ok: false, code: "sessionStarted" };
  } else if (startsAt <= now) return { ok: false, code: "validation" };
  const order = inRunningOrder(sessions.filter((s) => !s.canceled));
  const at = order.findIndex((s) => s.type === type);
  const previous = order[at - 1];
  const next = order[at + 1];
  if ((previous && previous.endsAt > startsAt) || (next && endsAt > next.startsAt))
    return { ok: false, code: "sessionOrder" };
  return { ok: true, before, after, replayed: false };
}

/**
 * The weekend's first start, before and after a move (bonus questions that close with the weekend's first
 * session follow it): sessions canceled or not, as the questions' default deadline is computed.
 */
export function firstStart(
  sessions: readonly Pick<MoveSession, "type" | "startsAt">[],
  moved?: { type: SessionType; startsAt: number },
): number | null {
  const starts = sessions.map((s) => (moved && s.type === moved.type ? moved.startsAt : s.startsAt));
  return starts.length ? Math.min(...starts) : null;
}

/** A relative time as the command line takes it ("+30m", "-15m", "+1h30m", "+90s"), in milliseconds; null if not one. */
export function relativeMs(text: string): number | null {
  const m = /^([+-])((?:\d+[hms])+)$/.exec(text.trim());
  if (!m) return null;
  let ms = 0;
  for (const [, n, unit] of m[2]!.matchAll(/(\d+)([hms])/g))
    ms += Number(n) * (unit === "h" ? 3_600_000 : unit === "m" ? 60_000 : 1000);
  return m[1] === "-" ? -ms : ms;
}

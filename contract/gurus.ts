import * as z from "zod";
import { Id } from "./common";
import { PredictionActionType, PredictionCategory, PredictionState } from "./enums";
import { isSpreadRevealed } from "./rules.statistics";

// Gurus and followed players' picks. A guru's picks are anyone's to read, a player's only their
// followers' (and their own); either way a category's pick shows from the second its session starts (the moment
// saving closes, contract/rules.statistics.ts), never before: nobody can copy a pick still open.

/** Whose picks the caller may read: a guru's, a followed player's, their own. */
export const mayReadPicksOf = (target: { isGuru: boolean; isFollowed: boolean; isSelf: boolean }) =>
  target.isGuru || target.isFollowed || target.isSelf;

/** A scored pick's state, points and upgrades: what a profile needs to say why it scored (contract/weekendRules/explain.ts). */
export const PickViewScore = z.object({
  state: PredictionState,
  points: z.number().nullable(),
  upgrades: z.array(PredictionActionType),
});
export type PickViewScore = z.infer<typeof PickViewScore>;

/**
 * One category's pick as shown at `now`: the rider once the category has locked, else null; and once it is scored,
 * its score (the upgrades are bought before the lock, the points come after it: neither tells anything still open).
 */
export function pickView(
  category: PredictionCategory,
  riderId: string | undefined,
  sessionStartsAt: number | undefined,
  now: number,
  score?: PickViewScore,
) {
  const revealed = isSpreadRevealed(sessionStartsAt, now);
  const view = { category, revealed, riderId: revealed ? (riderId ?? null) : null, picked: riderId !== undefined };
  return revealed && score && score.state !== "MADE" ? { ...view, score } : view;
}

export const PickView = z.object({
  category: PredictionCategory,
  /** The category has locked: its pick (if any) shows. */
  revealed: z.boolean(),
  riderId: Id.nullable(),
  /** Whether a pick was saved (shown before the lock too: that it exists, not which). */
  picked: z.boolean(),
  /** Present once the pick is scored (and revealed). */
  score: PickViewScore.optional(),
});
export type PickView = z.infer<typeof PickView>;

export const PicksOwner = z.object({ id: Id, name: z.string(), img: z.string().nullable(), isGuru: z.boolean() });

/** GET /users/{id}/predictions/races/{raceId}: one player's picks of a race, revealed category by category. */
export const PlayerRacePicks = z.object({ raceId: Id, user: PicksOwner, picks: z.array(PickView) });
export type PlayerRacePicks = z.infer<typeof PlayerRacePicks>;

/** GET /predictions/races/{raceId}/gurus: what the gurus and the players the caller follows picked, by category. */
export const FollowedPicks = z.object({
  raceId: Id,
  categories: z.array(
    z.object({
      category: PredictionCategory,
      revealed: z.boolean(),
      picks: z.array(z.object({ user: PicksOwner, riderId: Id })),
    }),
  ),
});
export type FollowedPicks = z.infer<typeof FollowedPicks>;

/** Development: the demo gurus (made if missing) save every still-open pick of the race. */
export const GuruPicksBody = z.object({ raceId: Id }).strict();
export const GuruPicksResult = z.object({
  raceId: Id,
  gurus: z.array(z.object({ id: Id, name: z.string() })),
  picks: z.number().int(),
});

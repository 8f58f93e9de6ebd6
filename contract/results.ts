import * as z from "zod";
import { Id, IsoDate, MAX_PAGE_SIZE } from "./common";
import { SessionType } from "./enums";

// Results entry (operators), the official classifications players read, and the leaderboards
// (game-rules.md "Points": the tie-break is race podium exact, sprint podium exact, pole, FP2,
// practice fastest, FP1, positions gained, then the earlier submission).

/**
 * What one classification decides: a session that has categories (Q1 decides none), or the
 * positions-gained ranking of the race, entered on its own because it is computed after the race.
 */
export const ResultKey = z.enum(["FP1", "PF", "FP2", "Q2", "SPRINT", "START", "POSITION_GAINED"]);
export type ResultKey = z.infer<typeof ResultKey>;
/** The weekend's results in the order they are entered. */
export const resultKeys: readonly ResultKey[] = ResultKey.options;
/** The session whose end allows entering a result key (POSITION_GAINED follows the race). */
export const sessionOfResult: Record<ResultKey, z.infer<typeof SessionType>> = {
  FP1: "FP1",
  PF: "PF",
  FP2: "FP2",
  Q2: "Q2",
  SPRINT: "SPRINT",
  START: "START",
  POSITION_GAINED: "START",
};

/** Classifications name at most a full grid. */
export const CLASSIFICATION_MAX = 40;

/**
 * POST /admin/races/{raceId}/results: riders best first (fastest lap for practice, finishing order,
 * most positions gained), or the session canceled (its picks void, their diamonds refunded).
 */
export const ResultBody = z.union([
  z.object({ session: ResultKey, riderIds: z.array(Id).min(1).max(CLASSIFICATION_MAX) }).strict(),
  z.object({ session: ResultKey, canceled: z.literal(true) }).strict(),
]);
export type ResultBody = z.infer<typeof ResultBody>;

/** What one results entry did. Entering the same classification again reports `replayed` and changes nothing. */
export const SettlementReport = z.object({
  raceId: Id,
  session: ResultKey,
  canceled: z.boolean(),
  /** Picks scored (or voided) now. */
  settled: z.number().int(),
  /** Players whose picks were scored. */
  players: z.number().int(),
  /** Diamonds given back (canceled sessions, and the race's bets when the race session is canceled). */
  refunded: z.number().int(),
  replayed: z.boolean(),
  /** The race's bets settled (won, lost or refunded) by this entry: the race session's only. */
  bets: z.number().int().optional(),
});
export type SettlementReport = z.infer<typeof SettlementReport>;

/** POST /admin/riders/{riderId}/injury: the rider is out of this race (game-rules.md "Injured riders"). */
export const InjuryBody = z.object({ raceId: Id }).strict();
export const InjuryReport = z.object({
  riderId: Id,
  raceId: Id,
  /** Not-yet-started picks on the rider, now to be chosen again for free. */
  invalidated: z.number().int(),
  players: z.number().int(),
  refunded: z.number().int(),
  /** Open bets on the rider, refunded (before the race session's start). */
  bets: z.number().int(),
});
export type InjuryReport = z.infer<typeof InjuryReport>;

/** GET /results/races/{raceId}: the official classifications entered so far. */
export const RaceClassification = z.object({
  session: ResultKey,
  canceled: z.boolean(),
  /** Best first; empty when canceled. */
  riderIds: z.array(Id),
  enteredAt: IsoDate,
  /** When a correction last replaced it (game-rules.md "Results are provisional until the weekend is confirmed"), or null. */
  correctedAt: IsoDate.nullable().optional(),
});
export const RaceResults = z.object({
  raceId: Id,
  classifications: z.array(RaceClassification),
  /** When the weekend was confirmed (by the operator or the 72-hour rule); null while its results may still be corrected. */
  confirmedAt: IsoDate.nullable(),
  /** Until confirmation the weekend's figures are provisional. */
  provisional: z.boolean(),
});
export type RaceResults = z.infer<typeof RaceResults>;

export const LEADERBOARD_PAGE_SIZE = 20;
export const LeaderboardEntry = z.object({
  rank: z.number().int().min(1),
  user: z.object({ id: Id, name: z.string(), img: z.string().nullable(), country: z.string().nullable() }),
  points: z.number(),
  /** Accurate picks (exact places) in the scope. */
  accurate: z.number().int(),
  /** Race weekends with scored picks in the scope (1 on a race board). */
  races: z.number().int(),
});
export type LeaderboardEntry = z.infer<typeof LeaderboardEntry>;
/** A page of the board plus the caller's own row wherever it is (null when not ranked), so it can be pinned. */
export const Leaderboard = z.object({
  data: z.array(LeaderboardEntry),
  page: z.number().int().min(1),
  pages: z.number().int().min(0),
  count: z.number().int().min(0),
  me: LeaderboardEntry.nullable(),
  /**
   * Results and boards are provisional until the weekend is confirmed: a race board until its weekend is, a season
   * board while any of its weekends with results is not. Absent on boards that do not say.
   */
  provisional: z.boolean().optional(),
  /** A race board: when its weekend was confirmed, or null. */
  confirmedAt: IsoDate.nullable().optional(),
});
export type Leaderboard = z.infer<typeof Leaderboard>;

const page = z.coerce.number().int().min(1).default(1);
const take = z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(LEADERBOARD_PAGE_SIZE);
export const SeasonBoardQuery = z.object({
  season: z.coerce.number().int().min(2000).max(2100).optional(),
  page,
  take,
});
export const RaceBoardQuery = z.object({ page, take });

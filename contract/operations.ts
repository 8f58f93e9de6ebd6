import * as z from "zod";
import { Id, IsoDate } from "./common";
import { PredictionState, RiderRole, SessionType } from "./enums";
import { CLASSIFICATION_MAX, ResultKey } from "./results";

// Weekends as they really happen (game-rules.md): what the operator's race-control calls take and answer. The CLI
// (`npm run admin`) and /staff/race-control send the same calls; an operator's browser session opens them like the
// admin token does (server/http/operatorGuard.ts).

/** POST /admin/races/{raceId}/sessions/{session}/move: a new start (not started yet) and/or end (running: extended). */
export const SessionMoveBody = z
  .object({ startsAt: IsoDate.optional(), endsAt: IsoDate.optional() })
  .strict()
  .refine((b) => b.startsAt !== undefined || b.endsAt !== undefined, { error: "required" });
export type SessionMoveBody = z.infer<typeof SessionMoveBody>;

const Slot = z.object({ startsAt: IsoDate, endsAt: IsoDate });
export const SessionMoveReport = z.object({
  raceId: Id,
  session: SessionType,
  before: Slot,
  after: Slot,
  /** Players told with one SESSION_MOVED notice (those with picks or bets on the weekend). */
  notified: z.number().int(),
  /** The same move again: nothing changed. */
  replayed: z.boolean(),
});
export type SessionMoveReport = z.infer<typeof SessionMoveReport>;

/** A classification to enter, correct or preview: the same body as the results entry, plus whether it corrects. */
export const ClassificationBody = z
  .object({ session: ResultKey, riderIds: z.array(Id).min(1).max(CLASSIFICATION_MAX) })
  .strict();
export type ClassificationBody = z.infer<typeof ClassificationBody>;

/** One scored pick's state and points, before or after a correction. */
export const PickScore = z.object({ state: PredictionState, points: z.number() });
export type PickScore = z.infer<typeof PickScore>;

/**
 * A pick before the last correction that changed it: its score, and the picked rider's 1-based place in the
 * classification the correction replaced (null: not in it, or not known for a correction made before places were kept).
 */
export const PickBefore = PickScore.extend({ finished: z.number().int().positive().nullable().optional() });
export type PickBefore = z.infer<typeof PickBefore>;

/** POST /admin/races/{raceId}/results/correct: replaces an entered classification and re-scores (game-rules.md). */
export const CorrectionReport = z.object({
  raceId: Id,
  session: ResultKey,
  /** Picks whose state or points changed. */
  changed: z.number().int(),
  /** Players whose points moved, each told once. */
  players: z.number().int(),
  /** The same classification as stands: nothing changed. */
  replayed: z.boolean(),
});
export type CorrectionReport = z.infer<typeof CorrectionReport>;

/** POST /admin/races/{raceId}/results/preview: what entering (or correcting) would do, committing nothing. */
export const PreviewBody = z.union([
  z
    .object({
      session: ResultKey,
      riderIds: z.array(Id).min(1).max(CLASSIFICATION_MAX),
      correct: z.boolean().default(false),
    })
    .strict(),
  z.object({ session: ResultKey, canceled: z.literal(true) }).strict(),
]);
export type PreviewBody = z.infer<typeof PreviewBody>;
export const ResultPreview = z.object({
  raceId: Id,
  session: ResultKey,
  /** Picks the entry scores (or voids), and the players they belong to. */
  picks: z.number().int(),
  players: z.number().int(),
  /** Points the entry gives in all (a correction: the net change), and players whose points would move. */
  points: z.number(),
  moved: z.number().int(),
  /** Bets the entry settles, how many win, and the diamonds they pay (the race classification only). */
  bets: z.number().int(),
  betsWon: z.number().int(),
  payout: z.number().int(),
  /** Diamonds given back (a cancellation). */
  refunded: z.number().int(),
  /** Bonus questions graded from this result. */
  questions: z.number().int(),
});
export type ResultPreview = z.infer<typeof ResultPreview>;

/** POST /admin/races/{raceId}/confirm: the weekend's results are final (also done by the 72-hour rule). */
export const ConfirmReport = z.object({
  raceId: Id,
  confirmedAt: IsoDate,
  /** Who confirmed: an operator now, or the 72-hour rule earlier. */
  by: z.enum(["operator", "rule"]),
  /** Paddock-experience winners decided at this confirmation (0 when already confirmed). */
  winners: z.number().int(),
  replayed: z.boolean(),
});
export type ConfirmReport = z.infer<typeof ConfirmReport>;

/** A rider on no list yet, made by the entry under its riderId (the command line's `--name --number --team`). */
export const EntryNewRider = z
  .object({
    name: z.string().trim().min(1).max(120),
    number: z.number().int().min(0).max(999),
    country: z.string().regex(/^[A-Z]{2}$/),
    teamId: Id,
  })
  .strict();
export type EntryNewRider = z.infer<typeof EntryNewRider>;
/**
 * POST /admin/races/{raceId}/entries: a SUBSTITUTE in place of a rider who is out, or a WILDCARD. `riderId` names an
 * existing rider not riding the race, or (with `newRider`) the id the new rider gets.
 */
export const EntryBody = z.union([
  z.object({ role: z.literal("SUBSTITUTE"), riderId: Id, replaces: Id, newRider: EntryNewRider.optional() }).strict(),
  z.object({ role: z.literal("WILDCARD"), riderId: Id, newRider: EntryNewRider.optional() }).strict(),
]);
export type EntryBody = z.infer<typeof EntryBody>;
export const EntryReport = z.object({
  raceId: Id,
  riderId: Id,
  role: RiderRole,
  /** The rider replaced (a substitute), who follows the injured-rider rule for this race. */
  replaces: Id.nullable(),
  /** What the injured-rider rule did to the replaced rider's picks and bets. */
  invalidated: z.number().int(),
  refunded: z.number().int(),
  replayed: z.boolean(),
});
export type EntryReport = z.infer<typeof EntryReport>;

/** One session on race control's timeline: its times and where it stands on the server's clock. */
export const SessionState = z.enum(["UPCOMING", "RUNNING", "ENDED", "CANCELED"]);
export const ControlSession = z.object({
  type: SessionType,
  startsAt: IsoDate,
  endsAt: IsoDate,
  state: SessionState,
  /** The result keys this session decides, and which are entered (and corrected). */
  results: z.array(
    z.object({
      key: ResultKey,
      entered: z.boolean(),
      canceled: z.boolean(),
      corrected: z.boolean(),
      riderIds: z.array(Id),
    }),
  ),
});
export const ControlRider = z.object({
  id: Id,
  number: z.number().int(),
  name: z.string(),
  role: RiderRole,
  out: z.boolean(),
  replaces: Id.nullable(),
});
/** GET /admin/races/{raceId}/control: the weekend as race control shows it. */
export const RaceControl = z.object({
  raceId: Id,
  name: z.string(),
  round: z.number().int(),
  season: z.number().int(),
  timeZone: z.string(),
  now: IsoDate,
  canceled: z.boolean(),
  confirmedAt: IsoDate.nullable(),
  /** When the 72-hour rule confirms the weekend (null until the race session's end is known). */
  confirmsAt: IsoDate.nullable(),
  sessions: z.array(ControlSession),
  riders: z.array(ControlRider),
});
export type RaceControl = z.infer<typeof RaceControl>;

import * as z from "zod";
import { Id, IsoDate, MAX_PAGE_SIZE } from "./common";

// game-rules.md "Every operator action is on the record": who, when, through what, what, and the state before and
// after, in an append-only log (migration 018: the database itself refuses UPDATE and DELETE on it).

/** Through what the action came: the command line (the admin token) or the browser (an operator's own session). */
export const AuditChannel = z.enum(["cli", "browser"]);
export type AuditChannel = z.infer<typeof AuditChannel>;

/** Every kind of action that changes the game. */
export const AuditAction = z.enum([
  "SEASON_IMPORT",
  "SESSION_MOVE",
  "RESULT_ENTER",
  "RESULT_CANCEL",
  "RESULT_CORRECT",
  "WEEKEND_CONFIRM",
  "RIDER_INJURE",
  "RIDER_SUBSTITUTE",
  "RIDER_WILDCARD",
  "PICTURE_UPLOAD",
  "ODDS_SET",
  "QUESTION_ADD",
  "QUESTION_ANSWER",
  "QUESTION_GRADE",
  "PACK_CHANGE",
  "ORDER_CHANGE",
  "DRAW_COMMIT",
  "DRAW_RUN",
  "ROLE_GRANT",
  "ROLE_REVOKE",
  "GURU_MAKE",
  "NEWS_ADD",
  "PASSWORD_RESET_FORCED",
  "BACKUP",
  "RESTORE",
]);
export type AuditAction = z.infer<typeof AuditAction>;

/** Who acted: an operator's account in the browser, or the holder of the admin token (no account) on the command line. */
export const AuditActor = z.object({ userId: Id.nullable(), name: z.string().nullable() });
export type AuditActor = z.infer<typeof AuditActor>;

export const AuditEntry = z.object({
  id: z.number().int(),
  at: IsoDate,
  actor: AuditActor,
  channel: AuditChannel,
  action: AuditAction,
  /** The race the action concerns, when it concerns one. */
  raceId: Id.nullable(),
  /** What was acted on, in words an operator reads ("FP1", "rider #93", "pack starter"). */
  target: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditEntry = z.infer<typeof AuditEntry>;

export const AUDIT_PAGE_SIZE = 50;
export const AuditQuery = z.object({
  raceId: z.guid().optional(),
  page: z.coerce.number().int().min(1).default(1),
  take: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(AUDIT_PAGE_SIZE),
});

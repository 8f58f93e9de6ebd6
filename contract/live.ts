import * as z from "zod";
import { Id } from "./common";
import { Notification } from "./notifications";

// The live channel (spec section 7 "Live channel"): one socket.io namespace, its event names and payloads.

/** socket.io namespace, served on the product's own origin (path /socket.io). */
export const LIVE_NAMESPACE = "/notifications";

/** Spec section 7: reconnect delay starts at 1000 ms, max 5000 ms, jitter 0.5, unlimited attempts; connect timeout 20000 ms. */
export const LIVE_RECONNECT = { delayMs: 1000, maxDelayMs: 5000, jitter: 0.5, timeoutMs: 20_000 } as const;

/** Stored notification types (the `type` of a Notification row). */
export const NotificationType = z.enum([
  "LEAGUE_INVITATION",
  "MEMBER_STATUS_CHANGED",
  "MEMBER_DELETED",
  "MEMBERSHIP_REQUESTED",
  "INJURED_RIDER_PREDICTIONS",
  "INJURED_RIDER_BETS",
  "INJURED_RIDER_BOTH",
  "RACE_STARTING_SOON",
  "RACE_STARTED",
  "RACE_ENDED",
  "RACE_CANCELED",
  "USER_BALANCE_UPDATE",
  // A session's picks have been scored (value: raceName, name = the result key).
  "RESULTS_PUBLISHED",
  // The race's bets are settled (value: raceName, bets, won, payout, refunded): one per player and race.
  "BET_RESULTS",
  // Another player donated diamonds (value: user = the donor, amount).
  "DIAMONDS_RECEIVED",
  // The season's motorcycle draw named this player (value: raceName of the winning ticket).
  "PRIZE_WON",
  // An operator moved a session of a weekend the player has picks or bets on (value: raceId, raceName, name = the
  // session, from / to: its start before and after the move).
  "SESSION_MOVED",
  // A correction moved the player's points (value: raceId, raceName, name = the result key, changes: each changed pick).
  "RESULTS_CORRECTED",
]);
export type NotificationType = z.infer<typeof NotificationType>;

/** Server → client events (spec section 7's list, word for word where it names them). */
export const LiveEvent = {
  notifications: "notifications",
  races: "races",
  deleteNotification: "delete-notification",
  deleteAllNotification: "delete-all-notification",
  readNotification: "read-notification",
  error: "error",
  leagueInvitation: "league-invitation",
  memberStatusChanged: "member-status-changed",
  memberDeleted: "member-deleted",
  membershipRequested: "membership-requested",
  userBalanceUpdate: "user-balance-update",
  injuredRiderPredictions: "injured-rider-predictions",
  injuredRiderBets: "injured-rider-bets",
  injuredRiderBoth: "injured-rider-both",
  // An operator moved a session (game-rules.md "Sessions move"): not stored, to every socket, so open screens move
  // their countdowns and locks at once.
  sessionMoved: "session-moved",
} as const;
export type LiveEventName = (typeof LiveEvent)[keyof typeof LiveEvent];

/** Client → server messages. */
export const LiveCommand = {
  subscribe: "subscribe",
  read: "read-notification",
  delete: "delete-notification",
  deleteAll: "delete-all-notification",
} as const;

/** Each stored type also goes out under its own event name (besides `notifications`), so a screen can react. */
export const eventOfType: Partial<Record<NotificationType, LiveEventName>> = {
  LEAGUE_INVITATION: LiveEvent.leagueInvitation,
  MEMBER_STATUS_CHANGED: LiveEvent.memberStatusChanged,
  MEMBER_DELETED: LiveEvent.memberDeleted,
  MEMBERSHIP_REQUESTED: LiveEvent.membershipRequested,
  INJURED_RIDER_PREDICTIONS: LiveEvent.injuredRiderPredictions,
  INJURED_RIDER_BETS: LiveEvent.injuredRiderBets,
  INJURED_RIDER_BOTH: LiveEvent.injuredRiderBoth,
  USER_BALANCE_UPDATE: LiveEvent.userBalanceUpdate,
};

export const RaceEventType = z.enum(["RACE_STARTING_SOON", "RACE_STARTED", "RACE_ENDED", "RACE_CANCELED"]);
/** Payload of `races`: one schedule event of one session. */
export const RaceEventPayload = z.object({
  type: RaceEventType,
  raceId: Id,
  sessionId: Id,
  /** Session type (FP1 … START). */
  session: z.string(),
  raceName: z.string(),
  circuitType: z.string(),
  version: z.number(),
  at: z.string(),
});
export type RaceEventPayload = z.infer<typeof RaceEventPayload>;

/** Payload of `session-moved`: the race's sessions as they stand after the move, and which one moved. */
export const SessionMovedPayload = z.object({
  raceId: Id,
  session: z.string(),
  sessions: z.array(z.object({ type: z.string(), startsAt: z.string(), endsAt: z.string() })),
  at: z.string(),
});
export type SessionMovedPayload = z.infer<typeof SessionMovedPayload>;

/** Notification ids of one read or delete; a request names at most this many (the list serves 200 at most). */
export const IDS_MAX = 1000;
export const IdsPayload = z.object({
  ids: z.array(Id.max(64, { error: "maxLength" })).max(IDS_MAX, { error: "validation" }),
});
export type IdsPayload = z.infer<typeof IdsPayload>;

/** Payloads by event name. The typed per-type events carry the stored Notification. */
export type LivePayloads = {
  notifications: Notification[];
  races: RaceEventPayload;
  "delete-notification": IdsPayload;
  "delete-all-notification": Record<string, never>;
  "read-notification": IdsPayload;
  error: { code: string; message: string };
  "league-invitation": Notification;
  "member-status-changed": Notification;
  "member-deleted": Notification;
  "membership-requested": Notification;
  "user-balance-update": Notification | { balance: string };
  "injured-rider-predictions": Notification;
  "injured-rider-bets": Notification;
  "injured-rider-both": Notification;
  "session-moved": SessionMovedPayload;
};

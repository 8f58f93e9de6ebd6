import * as z from "zod";
import type { PredictionCategory, SessionType } from "./enums";
import { missingPicks } from "./calendar";
import type { SessionWindow } from "./weekendRules/time";

// Web Push (docs/push.md): a player's browsers subscribe with the server's public VAPID key, and the server sends each
// of them what the player chose on the profile: a reminder before a lock where picks are still missing, results,
// payouts and league requests. The in-app notices stay as they are; a push is one more way for the same news.

/** The server's public VAPID key (base64url, an uncompressed P-256 point), for `pushManager.subscribe`. */
export const PushKey = z.object({ publicKey: z.string() });
export type PushKey = z.infer<typeof PushKey>;

// base64url of 65 bytes (an uncompressed P-256 point starts with 0x04, so with "B") and of 16 bytes; a padded copy too.
const P256DH = /^B[\w-]{86}=?$/;
const AUTH = /^[\w-]{22}(==)?$/;

/**
 * A browser's subscription as `PushSubscription.toJSON()` gives it: the push service's address (a capability URL,
 * never logged) and the keys the payload is encrypted to (RFC 8291: the browser's P-256 public key, 65 bytes, and
 * its 16-byte auth secret).
 */
export const PushSubscriptionBody = z.object({
  endpoint: z.url({ protocol: /^https?$/ }).max(2048),
  keys: z.object({ p256dh: z.string().regex(P256DH), auth: z.string().regex(AUTH) }),
});
export type PushSubscriptionBody = z.infer<typeof PushSubscriptionBody>;

/** Browsers kept per player: a new one past this replaces the player's oldest (a stale device, most likely). */
export const MAX_PUSH_SUBSCRIPTIONS = 10;

/** Which subscription to forget (this browser's, when the player turns push off on it). */
export const PushUnsubscribeBody = z.object({ endpoint: z.string().min(1).max(2048) });

/** How long before a lock the reminder comes, or none. */
export const ReminderLead = z.enum(["off", "1h", "15m"]);
export type ReminderLead = z.infer<typeof ReminderLead>;
export const REMINDER_LEAD_MINUTES: Record<Exclude<ReminderLead, "off">, number> = { "1h": 60, "15m": 15 };

/** What the player gets on their subscribed browsers. */
export const PushPreferences = z.object({
  reminder: ReminderLead,
  results: z.boolean(),
  payouts: z.boolean(),
  leagueRequests: z.boolean(),
});
export type PushPreferences = z.infer<typeof PushPreferences>;

/** A player who never chose: everything on, the reminder an hour before each lock (push itself is the browser's opt-in). */
export const DEFAULT_PUSH_PREFERENCES: PushPreferences = {
  reminder: "1h",
  results: true,
  payouts: true,
  leagueRequests: true,
};

/** A change of some of them; what is left out stays. */
export const PushPreferencesBody = PushPreferences.partial();

export const PushType = z.enum(["REMINDER", "RESULTS", "PAYOUT", "LEAGUE_REQUEST"]);
export type PushType = z.infer<typeof PushType>;

/** What a push carries, encrypted to the browser (the service worker shows title and body and opens url). */
export const PushPayload = z.object({
  type: PushType,
  title: z.string(),
  body: z.string(),
  /** An app path to open on a click. */
  url: z.string(),
  /** A reminder's session, so a worker can replace an older one of the same session. */
  sessionId: z.string().optional(),
});
export type PushPayload = z.infer<typeof PushPayload>;

/**
 * Whether a reminder with this lead is due now for a player whose saved picks are `saved`: within the lead before the
 * lock, the lock not passed, and the session still missing one of its picks (the calendar's own rule, missingPicks).
 */
export function reminderDue(
  now: number,
  lead: ReminderLead,
  session: SessionWindow & { type: SessionType },
  saved: ReadonlySet<PredictionCategory>,
): boolean {
  if (lead === "off") return false;
  if (now < session.startsAt - REMINDER_LEAD_MINUTES[lead] * 60_000) return false;
  return missingPicks(now, session, saved).length > 0;
}

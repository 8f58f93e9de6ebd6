import { isIP } from "node:net";
import webpush, { WebPushError, type PushSubscription } from "web-push";
import type { NotificationType } from "../../../contract/live";
import {
  PushPreferences,
  REMINDER_LEAD_MINUTES,
  reminderDue,
  type PushPayload,
  type PushPreferencesBody,
  type PushSubscriptionBody,
} from "../../../contract/push";
import { categoriesOf } from "../../../contract/weekendRules/structure";
import type { PredictionCategory } from "../../../contract/enums";
import type { PushSubscriptionRow } from "../../db/schema";
import type { AppDeps } from "../../http/deps";
import { AppError } from "../../http/errors";
import { safeErrorText } from "../../http/logging";
import { localeText, mailLanguage } from "../../mail/texts";
import { pushRepository, type LockingSession, type Subscriber } from "./repository";
import type * as z from "zod";

const MINUTE = 60_000;
/** The longest lead: sessions locking later than this from now need no reminder yet. */
const MAX_LEAD_MS = Math.max(...Object.values(REMINDER_LEAD_MINUTES)) * MINUTE;
/** A stored notice is pushed if it is at most this old (an instance that was down sends what it missed meanwhile). */
const NOTICE_WINDOW_MS = 15 * MINUTE;
/** A push service keeps a notice this long for a browser that is offline; a reminder only until its lock. */
const NOTICE_TTL_SECONDS = 24 * 60 * 60;
/** Claims older than this are of no use: their reminders' locks and their notices' windows have passed. */
const CLAIM_KEEP_MS = 2 * 24 * 60 * MINUTE;

/** The stored notices that also come as a push, and the preference that turns each on. */
const NOTICE_PUSH: Partial<Record<NotificationType, keyof Omit<PushPreferences, "reminder">>> = {
  RESULTS_PUBLISHED: "results",
  BET_RESULTS: "payouts",
  MEMBERSHIP_REQUESTED: "leagueRequests",
};

type Value = Record<string, unknown>;
const str = (v: unknown) => (typeof v === "string" ? v : typeof v === "number" ? String(v) : "");
const nameOf = (v: unknown) => (v && typeof v === "object" ? str((v as Value).name) : "");

/**
 * In production the server posts only to what can be a vendor's push service: over TLS, to a host name (an address
 * literal or localhost would let a player make the server post into its own network). A plain or local address is
 * for a local push service in development and tests.
 */
function publicPushService(endpoint: string): boolean {
  const url = new URL(endpoint);
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (url.protocol !== "https:" || isIP(host) !== 0) return false;
  return host !== "localhost" && !host.endsWith(".localhost") && host.includes(".");
}

/** A push's text in the subscriber's language (mail.json `push`). */
const text = (s: Subscriber, key: string, params: Record<string, string>) =>
  localeText(mailLanguage(s.lng), "mail", `push.${key}`, params);

function reminderOf(s: Subscriber, session: LockingSession, now: number): PushPayload {
  const label = localeText(mailLanguage(s.lng), "notifications", `sessions.${session.type}`);
  const minutes = String(Math.max(1, Math.ceil((session.startsAt - now) / MINUTE)));
  return {
    type: "REMINDER",
    title: text(s, "reminder.title", { session: label }),
    body: text(s, "reminder.body", { race: session.raceName, session: label, minutes }),
    url: "/predictions",
    sessionId: session.id,
  };
}

function noticeOf(s: Subscriber, type: NotificationType, value: Value): PushPayload {
  const race = str(value.raceName);
  if (type === "RESULTS_PUBLISHED")
    return {
      type: "RESULTS",
      title: text(s, "results.title", {}),
      body: text(s, "results.body", { race }),
      url: "/results",
    };
  if (type === "BET_RESULTS")
    return {
      type: "PAYOUT",
      title: text(s, "payout.title", {}),
      body: text(s, "payout.body", { race, payout: str(value.payout) }),
      url: "/bets",
    };
  const league = nameOf(value.league);
  return {
    type: "LEAGUE_REQUEST",
    title: text(s, "leagueRequest.title", { league }),
    body: text(s, "leagueRequest.body", { league, player: nameOf(value.user) }),
    url: "/leagues/manage",
  };
}

/**
 * Web Push (docs/push.md): the player's subscriptions and preferences, and the job each instance runs on its clock's
 * ticks. Every push is claimed once in `push_sent` before it is sent, so several instances send it once; a reminder
 * goes only while the session is still open (the clock is read again right before each send, and the push service
 * is told to drop it at the lock).
 */
export function pushService(deps: AppDeps) {
  const repo = pushRepository(deps.db.db);
  const vapid = deps.config.vapid;
  let prunedAt = 0;

  const configured = () => {
    if (!vapid) throw new AppError(404, "notFound");
    return vapid;
  };

  /** One push to one browser; a subscription its push service calls gone (404, 410) is deleted. */
  async function send(sub: PushSubscriptionRow, payload: PushPayload, ttlSeconds: number): Promise<boolean> {
    const keys = configured();
    const target: PushSubscription = { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } };
    try {
      await webpush.sendNotification(target, JSON.stringify(payload), {
        vapidDetails: keys,
        TTL: ttlSeconds,
        contentEncoding: "aes128gcm",
        urgency: payload.type === "REMINDER" ? "high" : "normal",
        timeout: 10_000,
        ...(deps.pushAgent ? { agent: deps.pushAgent } : {}),
      });
      return true;
    } catch (err) {
      if (err instanceof WebPushError && (err.statusCode === 404 || err.statusCode === 410)) {
        await repo.dropSubscription(sub.id);
        return false;
      }
      // Never the endpoint: whoever holds it can push to that browser.
      const why = err instanceof WebPushError ? `status ${err.statusCode}` : safeErrorText(err);
      console.warn(`[push] a push was not accepted (${why})`);
      return false;
    }
  }

  /** Reminders due now: for each session locking within a lead, each subscriber with that lead and open picks. */
  async function remind(subscribers: Subscriber[], subsOf: Map<string, PushSubscriptionRow[]>): Promise<number> {
    const now = deps.clock.now();
    const reminded = subscribers.filter((s) => s.reminder !== "off");
    if (reminded.length === 0) return 0;
    const sessions = await repo.lockingBetween(now, new Date(now.getTime() + MAX_LEAD_MS));
    let sent = 0;
    for (const session of sessions) {
      if (session.canceled || categoriesOf([session.type]).length === 0) continue;
      const leadOpen = reminded.filter(
        (s) => s.reminder !== "off" && now.getTime() >= session.startsAt - REMINDER_LEAD_MINUTES[s.reminder] * MINUTE,
      );
      if (leadOpen.length === 0) continue;
      const picked = await repo.picked(
        session.raceId,
        leadOpen.map((s) => s.userId),
      );
      for (const s of leadOpen) {
        const saved = picked.get(s.userId) ?? new Set<PredictionCategory>();
        if (!reminderDue(now.getTime(), s.reminder, session, saved)) continue;
        // The start in the key: a session moved later reminds again before its new lock.
        const key = `reminder:${session.id}:${session.startsAt}:${s.reminder}`;
        if (!(await repo.claim(s.userId, key, now))) continue;
        for (const sub of subsOf.get(s.userId) ?? []) {
          // Never after the lock, however long the sends before this one took.
          const at = deps.clock.now().getTime();
          const ttl = Math.floor((session.startsAt - at) / 1000);
          if (ttl <= 0) break;
          if (await send(sub, reminderOf(s, session, at), ttl)) sent += 1;
        }
      }
    }
    return sent;
  }

  /** Results, payouts and league requests the live channel stored lately, for the players who want them as pushes. */
  async function notices(subscribers: Subscriber[], subsOf: Map<string, PushSubscriptionRow[]>): Promise<number> {
    const now = deps.clock.now();
    const wanting = subscribers.filter((s) => s.results || s.payouts || s.leagueRequests);
    if (wanting.length === 0) return 0;
    const byUser = new Map(wanting.map((s) => [s.userId, s]));
    const rows = await repo.unsentNotices(
      Object.keys(NOTICE_PUSH),
      wanting.map((s) => s.userId),
      new Date(now.getTime() - NOTICE_WINDOW_MS),
    );
    let sent = 0;
    for (const row of rows) {
      const s = byUser.get(row.userId)!;
      const type = row.type as NotificationType;
      if (!s[NOTICE_PUSH[type]!]) continue;
      if (!(await repo.claim(row.userId, `notice:${row.id}`, now))) continue;
      const payload = noticeOf(s, type, row.value as Value);
      for (const sub of subsOf.get(row.userId) ?? []) if (await send(sub, payload, NOTICE_TTL_SECONDS)) sent += 1;
    }
    return sent;
  }

  /** One pass of the job: what is due now is claimed and sent. Returns how many pushes the push services took. */
  async function tick(): Promise<{ reminders: number; notices: number }> {
    if (!vapid) return { reminders: 0, notices: 0 };
    const now = deps.clock.now().getTime();
    if (now - prunedAt > 60 * MINUTE || now < prunedAt) {
      prunedAt = now;
      await repo.prune(new Date(now - CLAIM_KEEP_MS));
    }
    const subscribers = await repo.subscribers();
    if (subscribers.length === 0) return { reminders: 0, notices: 0 };
    const subsOf = new Map<string, PushSubscriptionRow[]>();
    for (const sub of await repo.subscriptionsOf(subscribers.map((s) => s.userId)))
      subsOf.set(sub.userId, [...(subsOf.get(sub.userId) ?? []), sub]);
    return { reminders: await remind(subscribers, subsOf), notices: await notices(subscribers, subsOf) };
  }

  return {
    key: async () => ({ publicKey: configured().publicKey }),

    async subscribe(userId: string, body: PushSubscriptionBody) {
      configured();
      if (deps.config.production && !publicPushService(body.endpoint)) throw new AppError(400, "validation");
      await repo.saveSubscription(userId, { endpoint: body.endpoint, ...body.keys }, deps.clock.now());
      return { ok: true as const };
    },

    async unsubscribe(userId: string, endpoint: string) {
      await repo.removeSubscription(userId, endpoint);
      return { ok: true as const };
    },

    preferences: (userId: string) => repo.preferences(userId),

    async setPreferences(userId: string, change: z.infer<typeof PushPreferencesBody>) {
      const next = PushPreferences.parse({ ...(await repo.preferences(userId)), ...change });
      await repo.setPreferences(userId, next, deps.clock.now());
      return next;
    },

    tick,

    /** Runs the job every `everyMs` on this instance (main.ts); the returned function stops it. */
    start(everyMs: number): () => void {
      if (!vapid || !(everyMs > 0)) return () => undefined;
      let running = false;
      const timer = setInterval(() => {
        if (running) return;
        running = true;
        tick()
          .catch((err) => console.warn("[push] the push job failed:", safeErrorText(err)))
          .finally(() => {
            running = false;
          });
      }, everyMs);
      timer.unref();
      return () => clearInterval(timer);
    },
  };
}

export type PushService = ReturnType<typeof pushService>;

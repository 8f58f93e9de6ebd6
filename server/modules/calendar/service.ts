import { createHash } from "node:crypto";
import ical, { ICalAlarmType, ICalEventStatus } from "ical-generator";
import { missingPicks, type CalendarLink } from "../../../contract/calendar";
import { calendarCalls } from "../../../contract/calls.calendar";
import { API_PREFIX } from "../../../contract/calls";
import type { LanguageCode, PredictionCategory } from "../../../contract/enums";
import { CALENDAR_ALARM_MINUTES_BEFORE_LOCK } from "../../../contract/rules";
import type { AppDeps } from "../../http/deps";
import { AppError } from "../../http/errors";
import { localeText, mailLanguage } from "../../mail/texts";
import { randomToken, secretHasher } from "../auth/tokens";
import { calendarRepository, type FeedSession } from "./repository";

// A feed address's token is made from a random seed with a key of the server's own, so the player's address can be
// shown again on every visit while the database keeps no token: the seed alone gives nothing without the key, and
// the lookup goes by the token's keyed hash, as refresh tokens do (auth/tokens.ts).

/** A well-formed token: what `randomToken` makes of the keyed hash (43 base64url characters). */
const TOKEN = /^[\w-]{43}$/;
const notFound = () => new AppError(404, "notFound");

/** The UID a session keeps whatever happens to it, so a calendar app updates the event instead of adding one. */
const uidOf = (s: FeedSession, host: string) => `session-${s.id}@${host}`;

export function calendarService(deps: AppDeps) {
  const repo = calendarRepository(deps.db.db);
  const hash = secretHasher(deps.config.jwtRefreshSecret);
  // The token key is derived from the same server secret but for this use only: a token is never a refresh token's hash.
  const tokenOf = secretHasher(secretHasher(deps.config.jwtRefreshSecret)("calendar feed token"));
  const base = new URL(deps.config.publicUrl);

  function linkOf(seed: string, createdAt: Date): CalendarLink {
    const path = `${API_PREFIX}${calendarCalls.feed.path.replace(":token", tokenOf(seed))}`;
    const url = new URL(path, base).toString();
    return { url, webcal: url.replace(/^https?:/, "webcal:"), createdAt: createdAt.toISOString() };
  }

  const fresh = () => {
    const seed = randomToken();
    return { seed, tokenHash: hash(tokenOf(seed)), createdAt: deps.clock.now() };
  };

  /** The feed's text: every session of the season in UTC with its circuit's zone, an alarm where picks are missing. */
  function feedOf(
    sessions: FeedSession[],
    picked: Map<string, Set<PredictionCategory>>,
    now: number,
    madeAt: Date,
    language: LanguageCode,
  ): string {
    // In the player's language, as the app and the mails are; race names are the operators' data, as the API sends them.
    const text = (key: string, params: Record<string, string> = {}) =>
      localeText(language, "mail", `calendarFeed.${key}`, params);
    const calendar = ical({
      name: text("name"),
      prodId: { company: "Paddock Predictor", product: "Season calendar", language: "EN" },
      // Every time below is UTC; each event names its circuit's zone (X-PP-TIME-ZONE) for showing local time.
      timezone: null,
      x: { "X-WR-TIMEZONE": "UTC", "X-PUBLISHED-TTL": "PT1H" },
      ttl: 3600,
    });
    for (const s of sessions) {
      const saved = picked.get(s.raceId) ?? new Set<PredictionCategory>();
      const missing = missingPicks(now, s, saved);
      const label = localeText(language, "notifications", `sessions.${s.type}`);
      calendar.createEvent({
        id: uidOf(s, base.host),
        start: new Date(s.startsAt),
        end: new Date(s.endsAt),
        // The stamp and LAST-MODIFIED change only when the operators move the session (else the address's making),
        // so a refresh with nothing new reads the same text and the same ETag.
        stamp: new Date(s.movedAt ?? madeAt.getTime()),
        ...(s.movedAt !== null ? { lastModified: new Date(s.movedAt) } : {}),
        sequence: s.moves,
        summary: `${s.raceName}: ${label}`,
        location: s.circuit,
        description: text("description", {
          round: String(s.round),
          race: s.raceName,
          session: label,
          zone: s.timeZone,
        }),
        status: s.canceled ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
        x: { "X-PP-TIME-ZONE": s.timeZone, "X-PP-SESSION": s.type },
        alarms: missing.length
          ? [
              {
                type: ICalAlarmType.display,
                // Relative to DTSTART, the lock: a moved session takes its alarm along.
                triggerBefore: CALENDAR_ALARM_MINUTES_BEFORE_LOCK * 60,
                description: text("alarm", { session: label }),
              },
            ]
          : [],
      });
    }
    return calendar.toString();
  }

  return {
    /** The player's address, made on the first ask. */
    async link(userId: string): Promise<CalendarLink> {
      const found = await repo.byUser(userId);
      if (found) return linkOf(found.seed, found.createdAt);
      await repo.create({ userId, ...fresh() });
      const made = (await repo.byUser(userId))!;
      return linkOf(made.seed, made.createdAt);
    },

    /** A new address; the old one answers 404 from now on. */
    async revoke(userId: string): Promise<CalendarLink> {
      const row = fresh();
      await repo.replace({ userId, ...row });
      return linkOf(row.seed, row.createdAt);
    },

    /** The feed of the address holding `token`, with its ETag; an unknown or malformed token is 404. */
    async feed(token: string): Promise<{ text: string; etag: string }> {
      if (!TOKEN.test(token)) throw notFound();
      const row = await repo.byHash(hash(token));
      if (!row) throw notFound();
      const sessions = await repo.seasonSessions();
      const picked = await repo.picked(row.userId, [...new Set(sessions.map((s) => s.raceId))]);
      const language = mailLanguage(await repo.languageOf(row.userId));
      const text = feedOf(sessions, picked, deps.clock.now().getTime(), row.createdAt, language);
      const etag = `"${createHash("sha256").update(text).digest("base64url").slice(0, 27)}"`;
      return { text, etag };
    },
  };
}

export type CalendarService = ReturnType<typeof calendarService>;

import * as z from "zod";

// "Report a problem": the diagnostics bundle a player's browser uploads and support replays. Built
// in the browser, redacted there (`redact`) and checked again by the server before it is stored.

/** How many events are kept per actor, newest last. */
export const EVENTS_PER_ACTOR = 200;
/** How many recent API errors are kept. */
export const API_ERRORS_KEPT = 20;

export const REDACTED = "[redacted]";

/**
 * Keys whose values are personal or secret, wherever they appear. A `data` string (a signed invite link's
 * payload) is opaque and redacted too; `data` holding structure (the weekend's prediction, riders and rules) is
 * kept, its own keys redacted by these rules, so the weekend's actor replays. Its picks are the reporter's own,
 * shown only to staff, who already hold every pick on the server: no other player sees them.
 */
const PERSONAL_KEY =
  /^(?:.*token.*|.*password.*|.*secret.*|email|noteEmail|name|firstName|lastName|username|phone|address|zipCode|city|img|image|avatar|bio|twitter|instagram|walletAddress|signature|authorization|cookie)$/i;
const EMAIL = /[^\s@]+@[^\s@]+\.[^\s@]+/;
const JWT = /^[\w-]{8,}\.[\w-]{8,}\.[\w-]{8,}$/;
/** A one-time code as the recovery and confirmation steps use. */
const ONE_TIME_CODE = /^\d{6}$/;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/**
 * PostgreSQL's jsonb refuses NUL and half a surrogate pair. A bundle records what the app held, odd text
 * included: one such character must not lose the whole report, so each becomes U+FFFD.
 */
const storable = (text: string) => text.replace(LONE_SURROGATE, "\uFFFD").replaceAll("\u0000", "\uFFFD");

/**
 * A copy of the value with personal and secret fields replaced by REDACTED: keys that name them (tokens,
 * passwords, e-mails, names, addresses…), any string that looks like an e-mail or a token, and functions and
 * errors reduced to their names. Cycles and depth beyond 12 are cut. Text the database cannot store (NUL,
 * half a surrogate pair) becomes U+FFFD, in keys and values alike.
 */
export function redact(value: unknown, depth = 0, seen = new WeakSet<object>()): unknown {
  if (value === null || typeof value === "boolean" || typeof value === "number") return value;
  if (typeof value === "string")
    return EMAIL.test(value) || JWT.test(value) || ONE_TIME_CODE.test(value) ? REDACTED : storable(value);
  if (
    typeof value === "undefined" ||
    typeof value === "function" ||
    typeof value === "symbol" ||
    typeof value === "bigint"
  )
    return null;
  if (value instanceof Date) return value.toISOString();
  if (value instanceof Error) {
    // An API error keeps its status and message code (contract/messages.ts), never its text.
    const { status, code } = value as Error & { status?: unknown; code?: unknown };
    return {
      error: value.name,
      ...(typeof status === "number" ? { status } : {}),
      ...(typeof code === "string" ? { code } : {}),
    };
  }
  if (typeof value !== "object" || depth >= 12 || seen.has(value)) return null;
  seen.add(value);
  if (Array.isArray(value)) return value.map((v) => redact(v, depth + 1, seen));
  // An actor reference (a child in a context) is named, not copied.
  if ("sessionId" in value && "send" in value) return { actor: String((value as { id?: unknown }).id ?? "") };
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [
      storable(k),
      PERSONAL_KEY.test(k) || (k === "data" && typeof v === "string") ? REDACTED : redact(v, depth + 1, seen),
    ]),
  );
}

const Json: z.ZodType<unknown> = z.unknown();

/** An event the actor took and its state after it; `now`, the clock its context read in that step (replayed as read). */
export const RecordedStep = z.object({ event: Json, value: Json, now: z.number().optional() });
export type RecordedStep = z.infer<typeof RecordedStep>;

export const RecordedActor = z.object({
  /** The actor's id in its system (invoke or spawn id); the machine it runs. */
  id: z.string().max(200),
  /** The name it is registered under in its system (the app's children: auth, modal…), when it has one. */
  systemId: z.string().max(200).optional(),
  machine: z.string().regex(/^[\w.-]{1,80}$/),
  /** Its state and context when it started (redacted). */
  initial: z.object({ value: Json, context: Json }),
  /** The events it took, in order, with the state after each (the last EVENTS_PER_ACTOR). */
  steps: z.array(RecordedStep).max(EVENTS_PER_ACTOR),
  /** Whether `steps` starts right after `initial` (nothing was dropped). */
  complete: z.boolean(),
  /** Its snapshot when the report was made (redacted). */
  current: z.object({ value: Json, context: Json, status: z.string().max(20) }),
});
export type RecordedActor = z.infer<typeof RecordedActor>;

/** XState's own ids for actors created without one ("x:0", "x:12"): they say nothing to support. */
const AUTO_ID = /^x:\d+$/;

/**
 * The names support reads for a bundle's actors, in its order: the actor's systemId, else its own id when it was
 * given one (an invoke or spawn id), else its machine's id; a name that several actors share is numbered ("store",
 * "store #2").
 */
export function actorNames(actors: readonly Pick<RecordedActor, "id" | "machine" | "systemId">[]): string[] {
  const base = actors.map((a) => a.systemId ?? (AUTO_ID.test(a.id) ? a.machine : a.id));
  const total = new Map<string, number>();
  for (const b of base) total.set(b, (total.get(b) ?? 0) + 1);
  const seen = new Map<string, number>();
  return base.map((b) => {
    const n = (seen.get(b) ?? 0) + 1;
    seen.set(b, n);
    return (total.get(b) ?? 0) > 1 && n > 1 ? `${b} #${n}` : b;
  });
}

export const ApiErrorRecord = z.object({
  at: z.string().max(40),
  call: z.string().max(200),
  status: z.number().int(),
  code: z.string().max(80),
});

export const DiagnosticsBundle = z.object({
  appVersion: z.string().max(40),
  route: z.string().max(300),
  createdAt: z.string().max(40),
  actors: z.array(RecordedActor).max(100),
  apiErrors: z.array(ApiErrorRecord).max(API_ERRORS_KEPT),
});
export type DiagnosticsBundle = z.infer<typeof DiagnosticsBundle>;

/** Bundles are at most this large (JSON), checked by the server. */
export const BUNDLE_MAX_BYTES = 900_000;

export const ReportBody = z.object({ bundle: DiagnosticsBundle }).strict();
export const ReportId = z.string().regex(/^[A-Z0-9]{8}$/);
export const ReportCreated = z.object({ id: ReportId });
export const StoredReport = z.object({ id: ReportId, createdAt: z.string(), bundle: DiagnosticsBundle });
export type StoredReport = z.infer<typeof StoredReport>;

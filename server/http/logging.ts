import type { Writable } from "node:stream";

// No personal data in logs. Requests are logged by method and path only (query strings carry e-mails and
// search texts, the client's address is personal data); errors lose what repeats the player's input (a
// failed query's parameters, PostgreSQL's "Failing row contains (…)" detail); and any object logged by
// hand has its bodies, tokens and personal fields censored by pino's redact paths.

/** Fields that hold personal data or secrets wherever they appear one level down in a logged object. */
const PERSONAL_FIELDS = [
  "password",
  "oldPassword",
  "confirmPassword",
  "email",
  "noteEmail",
  "login",
  "name",
  "address",
  "zipCode",
  "city",
  "phone",
  "walletAddress",
  "token",
  "accessToken",
  "refreshToken",
  "emails",
];

export const REDACT_PATHS = [
  "body",
  "query",
  "params",
  "req.body",
  "req.query",
  "req.headers.authorization",
  "req.headers.cookie",
  'req.headers["x-admin-token"]',
  'res.headers["set-cookie"]',
  "headers.authorization",
  "headers.cookie",
  'headers["x-admin-token"]',
  "err.params",
  "err.detail",
  "err.where",
  ...PERSONAL_FIELDS.map((f) => `*.${f}`),
  ...PERSONAL_FIELDS,
];

type LoggedError = { type: string; message: string; stack: string; [key: string]: unknown };

/** Error properties kept in logs: what kind of failure, never the values involved. */
const SAFE_ERROR_FIELDS = [
  "code",
  "statusCode",
  "severity",
  "routine",
  "constraint",
  "table",
  "column",
  "schema",
  "query",
] as const;

/** The message without what drizzle appends after the query (`params: …`, the player's input). */
function safeMessage(message: string): string {
  return message.replace(/\nparams:[\s\S]*$/, "\nparams: [redacted]");
}

/** An error as logged: its kind, a message without input values, the stack, and a cause treated the same way. */
export function serializeError(err: unknown, depth = 0): LoggedError {
  if (!(err instanceof Error)) return { type: typeof err, message: "[non-error thrown]", stack: "" };
  const message = safeMessage(err.message);
  // The stack's first lines repeat the message.
  const frames = (err.stack ?? "").split("\n").filter((line) => /^\s+at /.test(line));
  const out: LoggedError = {
    type: err.name || err.constructor.name,
    message,
    stack: [`${err.name}: ${message}`, ...frames].join("\n"),
  };
  const fields = err as unknown as Record<string, unknown>;
  for (const key of SAFE_ERROR_FIELDS)
    if (typeof fields[key] === "string" || typeof fields[key] === "number") out[key] = fields[key];
  if (err.cause !== undefined && depth < 3) out.cause = serializeError(err.cause, depth + 1);
  return out;
}

/** One line for console warnings about an error, with the same care as the log. */
export const safeErrorText = (err: unknown) => (err instanceof Error ? safeMessage(err.message) : "[non-error thrown]");

type Req = { method?: string; url?: string; routeOptions?: { url?: string } };

/**
 * A request's path as logged: without its query string, and without a calendar feed's token (docs/calendar.md: the
 * address is the feed's only secret), whether or not the path named a real feed.
 */
export function loggedPath(url: string): string {
  return url.split("?")[0]!.replace(/^(\/api\/calendar\/)(?!link(\/|$))[^/]*/, "$1[redacted]");
}

export type LogOptions = { level: string; stream?: Writable };

/** Fastify's `logger` option: pino with the serializers and redact paths above. */
export function loggerOptions({ level, stream }: LogOptions) {
  return {
    level,
    ...(stream ? { stream } : {}),
    redact: { paths: REDACT_PATHS, censor: "[redacted]" },
    serializers: {
      req: (req: Req) => ({ method: req.method, url: loggedPath(req.url ?? ""), route: req.routeOptions?.url }),
      res: (reply: { statusCode?: number }) => ({ statusCode: reply.statusCode }),
      err: (err: unknown) => serializeError(err),
    },
  };
}

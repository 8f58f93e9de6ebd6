// What the database's refusals mean to the modules: PostgreSQL's SQLSTATE codes, read the same on PGlite and pg.

/** The write broke the unique index `index` (SQLSTATE 23505), also when wrapped by drizzle's error. */
export function isUniqueViolation(err: unknown, index: string): boolean {
  for (
    let e = err as { code?: string; constraint?: string; message?: string; cause?: unknown } | undefined;
    e;
    e = e.cause as typeof e
  ) {
    if (e.code === "23505" && (e.constraint === index || e.message?.includes(index))) return true;
  }
  return false;
}

/**
 * SQLSTATE classes and codes that say the database is away, not that the statement is wrong: 08 connection
 * exceptions, 53300 too many connections, 57P01–57P03 the server ended the session (pg_terminate_backend, a
 * restart, a shutdown) or is starting up.
 */
const unavailableStates = /^(08...|53300|57P0[123])$/;
/** Node's socket errors when the database cannot be reached. */
const unreachable = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);
/** node-postgres' own words for a connection it lost or could not open in time (it gives them no code). */
const lostConnection =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Query read timeout|Connection terminated due to connection timeout)/;

/**
 * The statement failed because the database could not be reached or ended the connection, also when wrapped by
 * drizzle's error: the request may be sent again once the database is back (503), not a bug (500).
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  const seen = new Set<unknown>();
  const pending: unknown[] = [err];
  while (pending.length) {
    const e = pending.pop() as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown } | undefined;
    if (!e || typeof e !== "object" || seen.has(e)) continue;
    seen.add(e);
    if (typeof e.code === "string" && (unavailableStates.test(e.code) || unreachable.has(e.code))) return true;
    if (typeof e.message === "string" && lostConnection.test(e.message)) return true;
    pending.push(e.cause);
    // Connecting to a name with several addresses fails with one error per address.
    if (Array.isArray(e.errors)) pending.push(...(e.errors as unknown[]));
  }
  return false;
}

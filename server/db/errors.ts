// What the database's refusals mean to the modules: PostgreSQL's SQLSTATE codes, read the same on PGlite and pg.

/** The write broke the unique index `index` (SQLSTATE 23505), also when wrapped by drizzle's error. */
export function isUniqueViolation(err: unknown, index: string): boolean {
  for (let e = err as { code?: string; constraint?: string; message?: string; cause?: unknown } | undefined; e; e = e.cause as typeof e) {
    if (e.code === "23505" && (e.constraint === index || e.message?.includes(index))) return true;
  }
  return false;
}

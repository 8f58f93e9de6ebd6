// Arrays as one bind parameter (`${pgArray(values)}::text[]`): a whole batch in one statement through
// `unnest`, whatever its size, instead of one bind parameter per value (PostgreSQL takes at most 65,535).

const quoted = (v: string) => `"${v.replace(/\\/g, "\\\\").replace(/"/g, '\\"')}"`;

/** A PostgreSQL array literal: every element quoted (any text is safe), null as NULL. */
export const pgArray = (values: readonly (string | number | null | undefined)[]): string =>
  `{${values.map((v) => (v === null || v === undefined ? "NULL" : quoted(String(v)))).join(",")}}`;

/** The rows of `db.execute(…)` on either driver (node-postgres answers { rows }, PGlite too). */
export const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

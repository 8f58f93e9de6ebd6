// What an audit line changed, as the command line and /staff/audit both show it: the keys whose value moved between
// `before` and `after` (a pack taken off sale: active true → false), or the two whole values when they are not
// records (a question added: nothing → the question).

export type AuditChange = {
  /** The changed key; null when the whole value is shown. */
  key: string | null;
  before: string;
  after: string;
};

/** How a value of the log reads: nothing as an en dash, text as is, anything else as compact JSON. */
export const auditValueText = (value: unknown): string =>
  value === null || value === undefined ? "–" : typeof value === "string" ? value : JSON.stringify(value);

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** The changes one line records, keys in the order `before` then `after` name them. */
export function auditChanges(before: unknown, after: unknown): AuditChange[] {
  if (!isRecord(before) || !isRecord(after))
    return [{ key: null, before: auditValueText(before), after: auditValueText(after) }];
  return [...new Set([...Object.keys(before), ...Object.keys(after)])]
    .filter((key) => JSON.stringify(before[key]) !== JSON.stringify(after[key]))
    .map((key) => ({ key, before: auditValueText(before[key]), after: auditValueText(after[key]) }));
}

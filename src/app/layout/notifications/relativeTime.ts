import dayjs from "dayjs";
import relativeTime from "dayjs/plugin/relativeTime";

dayjs.extend(relativeTime);

const WEEK_MS = 7 * 24 * 3600_000;

export type RelativeTexts = { justNow: string; yesterday: string };

/**
 * Spec section 9: "under one week shown relatively ('just now', 'yesterday'); from one week on, as day,
 * short month and 12-hour time". Uses dayjs's current locale (switched with the language).
 */
export function relativeTimeOf(createdAt: string, now: Date, texts: RelativeTexts): string {
  const at = dayjs(createdAt);
  const ms = now.getTime() - at.valueOf();
  if (ms >= WEEK_MS) return at.format("D MMM, h:mm A");
  if (ms < 60_000) return texts.justNow;
  const today = dayjs(now).startOf("day");
  if (at.isBefore(today) && !at.isBefore(today.subtract(1, "day"))) return texts.yesterday;
  return at.from(dayjs(now));
}

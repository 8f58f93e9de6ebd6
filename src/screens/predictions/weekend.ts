// How the predictions screen formats times: the player's time zone named and a countdown (a session's day and time
// is the shared LocalTime, src/ui/LocalTime.tsx).
import { dateFormat } from "../../i18n/formats";

/** The player's time zone, named: its long name in the UI language and its IANA id. */
export function timeZoneName(language: string, at = new Date()): { id: string; name: string } {
  const id = Intl.DateTimeFormat().resolvedOptions().timeZone ?? "UTC";
  let name = id;
  try {
    name =
      dateFormat(language, { timeZoneName: "long" })
        .formatToParts(at)
        .find((p) => p.type === "timeZoneName")?.value ?? id;
  } catch {
    // An unknown language tag: the IANA id alone still names the zone.
  }
  return { id, name };
}

const pad = (n: number) => String(n).padStart(2, "0");

/** The parts of a countdown to `until` (never negative). */
export function countdownParts(until: number, now: number) {
  const total = Math.max(0, Math.floor((until - now) / 1000));
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  return { days, hms: `${pad(hours)}:${pad(minutes)}:${pad(seconds)}`, total };
}

/** Every session boundary of the weekend (epoch ms): the moments the timeline changes. */
export const boundariesOf = (sessions: readonly { startsAt: string; endsAt: string }[]) =>
  sessions.flatMap((s) => [Date.parse(s.startsAt), Date.parse(s.endsAt)]);

import { dateFormat } from "../../i18n/formats";

// The move form's times in the circuit's time zone (a datetime-local field has none of its own): the instant shown
// as that zone's wall clock, and a wall clock there read back as an instant. Pure, on Intl only.

const PARTS: Intl.DateTimeFormatOptions = {
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
};

/** The zone's wall clock at `ms`, as UTC milliseconds of the same reading. */
function wallClock(ms: number, timeZone: string): number {
  const parts = Object.fromEntries(
    dateFormat("en-US", { ...PARTS, timeZone })
      .formatToParts(ms)
      .map((p) => [p.type, p.value]),
  );
  return Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour),
    Number(parts.minute),
    Number(parts.second),
  );
}

/** "2026-05-01T14:30" for a datetime-local field, in `timeZone`. */
export function toZonedInput(iso: string, timeZone: string): string {
  return new Date(wallClock(Date.parse(iso), timeZone)).toISOString().slice(0, 16);
}

/** The instant whose wall clock in `timeZone` reads `local` ("2026-05-01T14:30"); null when it is no time. */
export function fromZonedInput(local: string, timeZone: string): string | null {
  const wanted = Date.parse(`${local}:00Z`);
  if (!Number.isFinite(wanted)) return null;
  // The zone's offset at the guess, applied twice: right across a change of offset (summer time) too.
  let guess = wanted;
  for (let i = 0; i < 2; i++) guess = wanted - (wallClock(guess, timeZone) - guess);
  return new Date(guess).toISOString();
}

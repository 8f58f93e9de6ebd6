// How every countdown, lock and session time is said: once in the player's own zone, named ("Sun 14:00 CET"), and,
// on demand, the same instant at the circuit (named in its own zone) and in UTC. Phones at a circuit are often
// still on home time, so a bare "14:00" is read in the wrong zone; the zone's short name is always beside it.
// Pure, on Intl only: the client's screens and anything else that states a deadline share this one rule.

/** A moment as a day and a time: the week's day matters when the zones straddle midnight. */
const WHEN: Intl.DateTimeFormatOptions = {
  weekday: "short",
  day: "numeric",
  month: "short",
  hour: "2-digit",
  minute: "2-digit",
};

const formats = new Map<string, Intl.DateTimeFormat>();

/** One formatter per language, zone and naming (building one costs far more than using it). */
function formatter(language: string, timeZone: string, named: boolean): Intl.DateTimeFormat {
  const key = `${language}|${timeZone}|${named}`;
  let format = formats.get(key);
  if (!format) {
    // A zone the runtime does not know reads as UTC (still named), an unknown language tag as the runtime's own.
    const options: Intl.DateTimeFormatOptions = {
      ...WHEN,
      timeZone: isKnownZone(timeZone) ? timeZone : "UTC",
      ...(named ? { timeZoneName: "short" } : {}),
    };
    try {
      format = new Intl.DateTimeFormat(language, options);
    } catch {
      format = new Intl.DateTimeFormat(undefined, options);
    }
    formats.set(key, format);
  }
  return format;
}

function isKnownZone(timeZone: string): boolean {
  try {
    return new Intl.DateTimeFormat("en", { timeZone }).resolvedOptions().timeZone.length > 0;
  } catch {
    return false;
  }
}

/** The zone this runtime (the player's device) is set to; UTC when it names none. */
export const deviceTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";

const instant = (at: string | number): number => (typeof at === "number" ? at : Date.parse(at));

/** `at` in `timeZone`, in `language`, with the zone's short name ("Sun, 5 Apr, 14:00 CEST"). */
export const formatZoned = (at: string | number, language: string, timeZone: string): string =>
  formatter(language, timeZone, true).format(instant(at));

/** The three readings of one instant a player may need. */
export interface TimeReadings {
  /** In the player's zone, named. */
  player: string;
  /** At the circuit, named in the circuit's zone; null when the circuit's zone is not known. */
  circuit: string | null;
  /** In UTC, unnamed (the label says UTC). */
  utc: string;
}

/**
 * One instant as the player reads it (their own zone, named), at the circuit, and in UTC. `playerZone` defaults to
 * the device's zone.
 */
export function timeReadings(
  at: string | number,
  language: string,
  circuitZone: string | null | undefined,
  playerZone: string = deviceTimeZone(),
): TimeReadings {
  return {
    player: formatZoned(at, language, playerZone),
    circuit: circuitZone ? formatZoned(at, language, circuitZone) : null,
    utc: formatter(language, "UTC", false).format(instant(at)),
  };
}

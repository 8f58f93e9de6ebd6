// The one rule for saying a time (contract/timeDisplay.ts): the player's own zone with its short name, and the same
// instant at the circuit (named in its zone) and in UTC, in the player's language.
import { describe, expect, it } from "vitest";
import { deviceTimeZone, formatZoned, timeReadings } from "../../contract/timeDisplay";

describe("a time is said in the player's zone, named, with the circuit's and UTC beside it", () => {
  it("names the zone's summer time after the change and its winter time before (Europe/Rome, 29 March 2026)", () => {
    // 13:00 UTC both days: 14:00 CET on the Saturday, 15:00 CEST on the Sunday the clocks went forward.
    expect(formatZoned("2026-03-28T13:00:00Z", "en-GB", "Europe/Rome")).toBe("Sat 28 Mar, 14:00 CET");
    expect(formatZoned("2026-03-29T13:00:00Z", "en-GB", "Europe/Rome")).toBe("Sun 29 Mar, 15:00 CEST");
    // The player's language names the zone its own way.
    expect(formatZoned("2026-03-29T13:00:00Z", "de", "Europe/Rome")).toBe("So., 29. März, 15:00 MESZ");
  });

  it("reads one instant in the player's zone, at a circuit in another zone and in UTC, each with its own day", () => {
    // A player in Rome (CEST) following Buriram (Asia/Bangkok, UTC+7): 20:00 UTC is 22:00 at home, 03:00 next day there.
    const when = timeReadings("2026-03-29T20:00:00Z", "en-GB", "Asia/Bangkok", "Europe/Rome");
    expect(when).toEqual({
      player: "Sun 29 Mar, 22:00 CEST",
      circuit: "Mon 30 Mar, 03:00 GMT+7",
      utc: "Sun 29 Mar, 20:00",
    });
  });

  it("speaks the player's language in all three readings", () => {
    const when = timeReadings("2026-03-29T13:00:00Z", "ja", "Asia/Bangkok", "Europe/Rome");
    expect(when.player).toBe("3月29日(日) 15:00 GMT+2");
    expect(when.circuit).toBe("3月29日(日) 20:00 GMT+7");
    expect(when.utc).toBe("3月29日(日) 13:00");
  });

  it("gives UTC unnamed (its label says UTC), the same whatever the player's zone", () => {
    const rome = timeReadings(Date.UTC(2026, 6, 5, 12, 0), "en-GB", "Europe/Madrid", "Europe/Rome");
    const tokyo = timeReadings(Date.UTC(2026, 6, 5, 12, 0), "en-GB", "Europe/Madrid", "Asia/Tokyo");
    expect(rome.utc).toBe("Sun 5 Jul, 12:00");
    expect(tokyo.utc).toBe(rome.utc);
    expect(tokyo.player).toBe("Sun 5 Jul, 21:00 GMT+9");
    expect(rome.circuit).toBe("Sun 5 Jul, 14:00 CEST");
  });

  it("has no circuit reading when the circuit's zone is unknown, and falls back to UTC for a zone Intl lacks", () => {
    expect(timeReadings("2026-03-29T13:00:00Z", "en-GB", undefined, "UTC").circuit).toBeNull();
    expect(formatZoned("2026-03-29T13:00:00Z", "en-GB", "Nowhere/Atlantis")).toBe("Sun 29 Mar, 13:00 UTC");
  });

  it("takes the device's zone as the player's when none is given", () => {
    const at = "2026-03-29T13:00:00Z";
    expect(timeReadings(at, "en-GB", null).player).toBe(formatZoned(at, "en-GB", deviceTimeZone()));
  });
});

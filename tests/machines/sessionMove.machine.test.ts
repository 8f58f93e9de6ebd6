import { describe, expect, it } from "vitest";
import { moveBodyOf, moveChanges } from "../../machines/sessionMove.machine";

// The session move's paths are walked on the race-control page's Move panel itself
// (tests/views/paths/sessionMove.paths.test.tsx), with the coverage of every transition; these are the rules its
// paths do not spell out (a running session extended, a time that is no instant).
const slot = { startsAt: "2026-05-01T08:00:00.000Z", endsAt: "2026-05-01T08:45:00.000Z" };
const later = "2026-05-01T08:30:00.000Z";

describe("A move's body", () => {
  it("moves a session not started whole, keeping its length, and a running one's end only", () => {
    expect(moveBodyOf({ ...slot, running: false, to: later })).toEqual({
      startsAt: later,
      endsAt: "2026-05-01T09:15:00.000Z",
    });
    expect(moveBodyOf({ ...slot, running: true, to: "2026-05-01T09:00:00.000Z" })).toEqual({
      endsAt: "2026-05-01T09:00:00.000Z",
    });
  });

  it("is no move without a new time", () => {
    expect(moveChanges({ ...slot, running: false, to: null })).toBe(false);
    expect(moveChanges({ ...slot, running: false, to: slot.startsAt })).toBe(false);
    expect(moveChanges({ ...slot, running: true, to: slot.startsAt })).toBe(true);
    expect(moveChanges({ ...slot, running: false, to: "not a time" })).toBe(false);
  });
});

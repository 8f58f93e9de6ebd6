import type * as z from "zod";
import type { Manufacturer, RaceClass, RiderRole, RiderStatus, SessionType } from "../../../contract/enums";
import { picturePaths, shortNameOf } from "../../../contract/pictures";
import type { Race, RaceSession, Rider, Team, Track } from "../../../contract/races";
import { raceStatus } from "../../../contract/raceRules";
import { GAME_CLASS } from "../../../contract/rules";
import type { races, raceSessions, riders, teams, tracks } from "../../db/schema";

// Database rows → contract shapes. Times leave as ISO UTC; an image field left empty falls back to
// the generated picture, so no answer carries a broken link.

type TrackRow = typeof tracks.$inferSelect;
type RaceRow = typeof races.$inferSelect;
type SessionRow = typeof raceSessions.$inferSelect;
type TeamRow = typeof teams.$inferSelect;
type RiderRow = typeof riders.$inferSelect;

export const toTrack = (t: TrackRow): Track => ({
  id: t.id,
  name: t.name,
  country: t.country,
  lengthKm: Number(t.lengthKm),
  circuitType: t.circuitType,
  timeZone: t.timeZone,
  image: t.image || picturePaths.track(t.id),
});

export const toTeam = (t: TeamRow): Team => ({
  id: t.id,
  name: t.name,
  shortName: shortNameOf(t.name),
  manufacturer: t.manufacturer as z.infer<typeof Manufacturer>,
  raceClass: t.raceClass as z.infer<typeof RaceClass>,
  colour: t.colour,
  image: t.image || picturePaths.team(t.id),
});

export const toTeamRider = (r: RiderRow): Omit<Rider, "team"> => ({
  id: r.id,
  name: r.name,
  number: r.number,
  country: r.country,
  status: r.status as z.infer<typeof RiderStatus>,
  role: r.role as z.infer<typeof RiderRole>,
  raceClass: r.raceClass as z.infer<typeof RaceClass>,
  image: r.image || picturePaths.rider(r.id),
});

export const toRider = (r: RiderRow, t: TeamRow): Rider => ({ ...toTeamRider(r), team: toTeam(t) });

const sessionOrder: z.infer<typeof SessionType>[] = ["FP1", "PF", "FP2", "Q1", "Q2", "SPRINT", "START"];

export function toSession(s: SessionRow): RaceSession {
  return {
    type: s.type as RaceSession["type"],
    startsAt: s.startsAt.toISOString(),
    endsAt: s.endsAt.toISOString(),
    canceled: s.canceled,
  };
}

/** A race with its sessions (in weekend order), status at `now` and the odds of its riders. */
export function toRace(
  r: RaceRow,
  track: TrackRow,
  sessions: SessionRow[],
  now: Date,
  odds: Record<string, number>,
): Race {
  const ordered = sessions.toSorted(
    (a, b) => sessionOrder.indexOf(a.type as never) - sessionOrder.indexOf(b.type as never),
  );
  const { status, finished } = raceStatus(now, ordered, r.canceledAt !== null);
  const startsAt = ordered.length ? new Date(Math.min(...ordered.map((s) => s.startsAt.getTime()))) : now;
  const endsAt = ordered.length ? new Date(Math.max(...ordered.map((s) => s.endsAt.getTime()))) : now;
  return {
    id: r.id,
    raceId: r.round,
    season: r.season,
    round: r.round,
    name: r.name,
    circuitType: r.circuitType,
    version: r.version,
    status,
    finished,
    raceClass: GAME_CLASS,
    startsAt: startsAt.toISOString(),
    endsAt: endsAt.toISOString(),
    sessions: ordered.map(toSession),
    odds,
    tracks: [toTrack(track)],
  };
}

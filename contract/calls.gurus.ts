import { call } from "./calls";
import { FollowedPicks, GuruPicksBody, GuruPicksResult, PlayerRacePicks } from "./gurus";

const NOT_FOUND = { 404: ["notFound"] } as const;

// Gurus and followed players' locked picks (docs/api.md "Gurus").
export const gurusCalls = {
  /** 403 forbidden unless the player is a guru, followed by the caller, or the caller. */
  playerPicks: call({
    method: "GET",
    path: "/users/:id/predictions/races/:raceId",
    auth: true,
    result: PlayerRacePicks,
    errors: { 403: ["forbidden"], ...NOT_FOUND },
  }),
  followedPicks: call({
    method: "GET",
    path: "/predictions/races/:raceId/gurus",
    auth: true,
    result: FollowedPicks,
    errors: NOT_FOUND,
  }),
} as const;

/** Development only: the simulator's demo gurus predict every weekend. */
export const devGurusCalls = {
  guruPicks: call({
    method: "POST",
    path: "/dev/guru-picks",
    auth: false,
    body: GuruPicksBody,
    result: GuruPicksResult,
    errors: NOT_FOUND,
  }),
} as const;

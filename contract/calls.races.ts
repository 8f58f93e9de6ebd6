import * as z from "zod";
import { call } from "./calls";
import { paged, PageQuery, VersionQuery } from "./common";
import { RaceClass } from "./enums";
import {
  Race,
  RaceOption,
  RaceRiders,
  Rider,
  RiderDetail,
  RiderOption,
  RiderPerformances,
  RidersQuery,
  TeamPicture,
  TeamWithRiders,
  Track,
  YearHeader,
} from "./races";

/** The `version` query of the v2 race riders and the teams calls: the entry list the client last saw. */

const NOT_FOUND = { 404: ["notFound"] } as const;

// Spec section 7, "Races and riders", paths word for word. All public: the calendar, riders and teams
// are the same for every player (a bearer header, when sent, is simply not needed).
export const racesCalls = {
  list: call({ method: "GET", path: "/races", auth: false, shared: true, query: PageQuery, result: paged(Race) }),
  /** The races not finished yet, the next (or running) one first; empty once the season is over. */
  next: call({
    method: "GET",
    path: "/races/next",
    auth: false,
    shared: true,
    query: z.object({ take: z.coerce.number().int().min(1).max(30).default(1) }),
    result: z.array(Race),
  }),
  tracks: call({ method: "GET", path: "/races/tracks", auth: false, result: z.array(Track) }),
  dropdown: call({ method: "GET", path: "/v2/races/dropdown", auth: false, shared: true, result: z.array(RaceOption) }),
  riders: call({
    method: "GET",
    path: "/v2/races/:id/riders",
    auth: false,
    shared: true,
    query: z.object({ version: VersionQuery, raceClass: RaceClass.default("MOTOGP") }),
    result: RaceRiders,
    errors: NOT_FOUND,
  }),
} as const;

export const ridersCalls = {
  dropdown: call({
    method: "GET",
    path: "/riders/dropdown",
    auth: false,
    query: z.object({ raceClass: RaceClass.optional() }),
    result: z.array(RiderOption),
  }),
  list: call({ method: "GET", path: "/riders", auth: false, query: RidersQuery, result: paged(Rider) }),
  byId: call({ method: "GET", path: "/riders/:id", auth: false, result: RiderDetail, errors: NOT_FOUND }),
  /** The season comes in the `accept-year` header (ACCEPT_YEAR_HEADER); without it, the current season. */
  performances: call({
    method: "GET",
    path: "/riders/:id/performances",
    auth: false,
    headers: YearHeader,
    result: RiderPerformances,
    errors: NOT_FOUND,
  }),
  teamPictures: call({
    method: "GET",
    path: "/riders/teams/:id/pictures",
    auth: false,
    result: z.array(TeamPicture),
    errors: NOT_FOUND,
  }),
  teams: call({
    method: "GET",
    path: "/riders/teams",
    auth: false,
    query: z.object({ version: VersionQuery, raceClass: RaceClass.optional() }),
    result: z.array(TeamWithRiders),
  }),
} as const;

import * as z from "zod";
import { Manufacturer, RaceClass, RaceStatus, RiderRole, RiderStatus, SessionType } from "./enums";
import { Id, IsoDate, Uuid } from "./common";
import { searchText } from "./text";

// Races, tracks, teams and riders (spec section 3). Every time is ISO 8601 in UTC; the client shows it
// in the player's time zone.

export const RaceSession = z.object({ type: SessionType, startsAt: IsoDate, endsAt: IsoDate, canceled: z.boolean() });
export type RaceSession = z.infer<typeof RaceSession>;

export const Track = z.object({
  id: Id,
  name: z.string(),
  country: z.string(),
  lengthKm: z.number(),
  circuitType: z.string(),
  /**
   * The circuit's IANA time zone (Europe/Rome): a time is also shown as the circuit's clock reads it. Optional so an
   * answer written before it was sent (a cached page, a live event) still parses; then only UTC is offered.
   */
  timeZone: z.string().optional(),
  /** The circuit outline picture (contract/pictures.ts). */
  image: z.string(),
});
export type Track = z.infer<typeof Track>;

export const Race = z.object({
  id: Id,
  /** The round number within its season (the spec's numeric race id). */
  raceId: z.number().int(),
  season: z.number().int(),
  round: z.number().int(),
  name: z.string(),
  circuitType: z.string(),
  version: z.number().int(),
  status: RaceStatus,
  /** The race session has ended (status stays STARTED: the spec has no "finished" status). */
  finished: z.boolean(),
  /** The class the game's picks are made on. */
  raceClass: RaceClass,
  /** First session's start and the race session's end. */
  startsAt: IsoDate,
  endsAt: IsoDate,
  sessions: z.array(RaceSession),
  /** Decimal odds per rider id (contract/raceRules.ts `oddsFromForm`). */
  odds: z.record(z.string(), z.number()),
  /** The circuit the round is held on (one; a list, as the spec names it). */
  tracks: z.array(Track),
});
export type Race = z.infer<typeof Race>;

/** GET /v2/races/dropdown */
export const RaceOption = z.object({
  id: Id,
  name: z.string(),
  season: z.number().int(),
  round: z.number().int(),
  startsAt: IsoDate,
  status: RaceStatus,
  finished: z.boolean(),
});
export type RaceOption = z.infer<typeof RaceOption>;

export const Team = z.object({
  id: Id,
  name: z.string(),
  /** Initials for badges and the team picture. */
  shortName: z.string(),
  manufacturer: Manufacturer,
  raceClass: RaceClass,
  colour: z.string(),
  image: z.string(),
});
export type Team = z.infer<typeof Team>;

export const Rider = z.object({
  id: Id,
  name: z.string(),
  number: z.number().int(),
  country: z.string(),
  status: RiderStatus,
  role: RiderRole,
  raceClass: RaceClass,
  team: Team,
  image: z.string(),
});
export type Rider = z.infer<typeof Rider>;

/** GET /riders/{id}: the rider plus the seasons that have performances (for the season picker). */
export const RiderDetail = Rider.extend({ seasons: z.array(z.number().int()) });
export type RiderDetail = z.infer<typeof RiderDetail>;

/** GET /riders/dropdown */
export const RiderOption = z.object({
  id: Id,
  name: z.string(),
  number: z.number().int(),
  raceClass: RaceClass,
  teamName: z.string(),
  status: RiderStatus,
});
export type RiderOption = z.infer<typeof RiderOption>;

export const RidersQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  take: z.coerce.number().int().min(1).max(100).default(50),
  raceClass: RaceClass.optional(),
  teamId: Uuid.optional(),
  status: RiderStatus.optional(),
  /** Part of the rider's name or their number. */
  search: searchText(50),
});
export type RidersQuery = z.infer<typeof RidersQuery>;

/** One race of a rider's season. `position` is null when the rider did not finish. */
export const RiderPerformance = z.object({
  year: z.number().int(),
  round: z.number().int(),
  raceName: z.string(),
  position: z.number().int().nullable(),
  points: z.number(),
});
export type RiderPerformance = z.infer<typeof RiderPerformance>;

/** GET /riders/{id}/performances, for the year of the `accept-year` header. */
export const RiderPerformances = z.object({
  riderId: Id,
  year: z.number().int(),
  /** Every season the rider has performances in, newest first. */
  seasons: z.array(z.number().int()),
  totals: z.object({
    starts: z.number().int(),
    points: z.number(),
    wins: z.number().int(),
    podiums: z.number().int(),
    bestPosition: z.number().int().nullable(),
  }),
  races: z.array(RiderPerformance),
});
export type RiderPerformances = z.infer<typeof RiderPerformances>;

/** The request header that picks the season of GET /riders/{id}/performances (spec section 7). */
export const ACCEPT_YEAR_HEADER = "accept-year";
export const AcceptYear = z.coerce.number().int().min(1949).max(2100);
/** GET /riders/{id}/performances reads the season from this header. */
export const YearHeader = z.object({ [ACCEPT_YEAR_HEADER]: AcceptYear.optional() });

/** A rider as entered in a race, with the odds and whether picks may be made on them (injured: no odds, not available). */
export const RaceRider = Rider.extend({ odds: z.number().nullable(), available: z.boolean() });
export type RaceRider = z.infer<typeof RaceRider>;
/** GET /v2/races/{id}/riders?version */
export const RaceRiders = z.object({ raceId: Id, version: z.number().int(), riders: z.array(RaceRider) });
export type RaceRiders = z.infer<typeof RaceRiders>;

/** GET riders/teams?version: each team with its riders (without the team repeated inside them). */
export const TeamRider = Rider.omit({ team: true });
export const TeamWithRiders = Team.extend({ riders: z.array(TeamRider) });
export type TeamWithRiders = z.infer<typeof TeamWithRiders>;

export const TeamPictureKind = z.enum(["LOGO", "RIDER"]);
/** GET /riders/teams/{id}/pictures */
export const TeamPicture = z.object({
  kind: TeamPictureKind,
  url: z.string(),
  alt: z.string(),
  riderId: Id.optional(),
});
export type TeamPicture = z.infer<typeof TeamPicture>;

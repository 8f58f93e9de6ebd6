import * as z from "zod";
import { Manufacturer, RaceClass, RaceStatus, RiderRole, RiderStatus, SessionType } from "./enums";
import { Id } from "./common";

export const RaceSession = z.object({ type: SessionType, startsAt: z.string(), endsAt: z.string(), canceled: z.boolean() });
export const Track = z.object({ id: Id, name: z.string(), country: z.string(), lengthKm: z.number(), image: z.string() });
export const Race = z.object({
  id: Id,
  raceId: z.number().int(),
  name: z.string(),
  circuitType: z.string(),
  version: z.number().int(),
  status: RaceStatus,
  raceClass: RaceClass,
  sessions: z.array(RaceSession),
  odds: z.record(z.string(), z.number()),
  tracks: z.array(Track),
});
export type Race = z.infer<typeof Race>;

export const Team = z.object({ id: Id, name: z.string(), manufacturer: Manufacturer, raceClass: RaceClass, colour: z.string(), image: z.string() });
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
export const RiderPerformance = z.object({ year: z.number().int(), raceName: z.string(), position: z.number().int().nullable(), points: z.number() });

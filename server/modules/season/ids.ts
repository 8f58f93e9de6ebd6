import { seedId } from "../../db/seed/random";
import { isUuid } from "../../../contract/common";

// A row's id from the season file's key: a key that is a UUID is the id itself (an export names rows made without
// a key by their id); any other key gives the same id on every machine, so the demo season keeps the ids it always
// had (seedId("rider:MOTOGP:23")) and a file imported twice into two databases names the same rows.

export type SeasonKind = "track" | "team" | "rider" | "race";

export const idFor = (kind: SeasonKind, key: string): string =>
  isUuid(key) ? key.toLowerCase() : seedId(`${kind}:${key}`);

/** A session is its race's session of that type: one per type (race_sessions UNIQUE (race_id, type)). */
export const sessionIdFor = (raceId: string, type: string): string => seedId(`session:${raceId}:${type}`);

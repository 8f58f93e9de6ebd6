import * as z from "zod";
import type { Call } from "./calls";
import { Id, IsoDate } from "./common";
import { PredictionCategory } from "./enums";
import { email } from "./validation";

// Development-only calls (not served when NODE_ENV=production): move the server clock, read the mail outbox, add
// demo players with picks (the race-weekend simulator).

export const DEV_CLOCK_MAX_OFFSET_MS = 100 * 365 * 24 * 3600_000;
export const DevClockBody = z.union([
  z.object({ now: IsoDate }).strict(),
  // Within a century either way: further, dates stop being representable (and mean nothing for a season).
  z.object({ offsetMs: z.number().int().min(-DEV_CLOCK_MAX_OFFSET_MS).max(DEV_CLOCK_MAX_OFFSET_MS) }).strict(),
  z.object({ reset: z.literal(true) }).strict(),
]);
export type DevClockBody = z.input<typeof DevClockBody>;
export const DevClock = z.object({ now: IsoDate, offsetMs: z.number().int() });
export type DevClock = z.infer<typeof DevClock>;

export const OutboxQuery = z.object({ to: email().optional() });
export const OutboxMessage = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  createdAt: IsoDate,
});
export type OutboxMessage = z.infer<typeof OutboxMessage>;

/** How many demo players one call of POST /dev/demo-players may add. */
export const DEMO_PLAYERS_MAX = 200;
/** POST /dev/demo-players: confirmed players, each with every still-open pick of the race saved now. */
export const DemoPlayersBody = z.object({ raceId: Id, count: z.number().int().min(1).max(DEMO_PLAYERS_MAX) }).strict();
export type DemoPlayersBody = z.infer<typeof DemoPlayersBody>;
export const DemoPlayers = z.object({
  raceId: Id,
  players: z.array(z.object({ id: Id, name: z.string() })),
  /** The categories each player picked: those whose session had not started at the server's now. */
  categories: z.array(PredictionCategory),
  /** Picks saved in all. */
  picks: z.number().int(),
});
export type DemoPlayers = z.infer<typeof DemoPlayers>;

export const devCalls = {
  getClock: { method: "GET", path: "/dev/clock", auth: false, result: DevClock },
  setClock: { method: "POST", path: "/dev/clock", auth: false, body: DevClockBody, result: DevClock },
  outbox: { method: "GET", path: "/dev/outbox", auth: false, query: OutboxQuery, result: z.array(OutboxMessage) },
  /** 418 raceStarted: every session of the race has started, nothing is left to pick. */
  demoPlayers: {
    method: "POST",
    path: "/dev/demo-players",
    auth: false,
    body: DemoPlayersBody,
    result: DemoPlayers,
    errors: { 404: ["notFound"], 418: ["raceStarted"] },
  },
} as const satisfies Record<string, Call>;

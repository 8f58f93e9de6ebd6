import * as z from "zod";
import type { Call } from "./calls";
import { IsoDate } from "./common";
import { email } from "./validation";

// Development-only calls (not served when NODE_ENV=production): move the server clock, read the mail outbox.

export const DevClockBody = z.union([
  z.object({ now: IsoDate }).strict(),
  z.object({ offsetMs: z.number().int() }).strict(),
  z.object({ reset: z.literal(true) }).strict(),
]);
export type DevClockBody = z.input<typeof DevClockBody>;
export const DevClock = z.object({ now: IsoDate, offsetMs: z.number().int() });
export type DevClock = z.infer<typeof DevClock>;

export const OutboxQuery = z.object({ to: email().optional() });
export const OutboxMessage = z.object({ id: z.string(), to: z.string(), subject: z.string(), text: z.string(), html: z.string(), createdAt: IsoDate });
export type OutboxMessage = z.infer<typeof OutboxMessage>;

export const devCalls = {
  getClock: { method: "GET", path: "/dev/clock", auth: false, result: DevClock },
  setClock: { method: "POST", path: "/dev/clock", auth: false, body: DevClockBody, result: DevClock },
  outbox: { method: "GET", path: "/dev/outbox", auth: false, query: OutboxQuery, result: z.array(OutboxMessage) },
} as const satisfies Record<string, Call>;

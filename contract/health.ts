import * as z from "zod";

/** The process answers: nothing else is looked at (a balancer restarts an instance whose liveness fails). */
export const Liveness = z.object({ status: z.literal("ok") });

/**
 * The instance can serve: the database answered a trivial query and has every migration this build ships.
 * `degraded` still serves (200): the live channel's Redis is away, so pushes reach only this instance's sockets.
 */
export const Readiness = z.object({
  status: z.enum(["ok", "degraded"]),
  checks: z.object({
    database: z.literal("up"),
    /** Migration files of this build, and how many of them the database has not applied (0 when ready). */
    migrations: z.object({ expected: z.number().int(), pending: z.number().int() }),
    /** The socket.io adapter's Redis: `disabled` without REDIS_URL, `connecting` before the live channel is attached. */
    redis: z.enum(["up", "down", "connecting", "disabled"]),
  }),
});
export type Readiness = z.infer<typeof Readiness>;

import type { LiveEventName, LivePayloads, NotificationType } from "../../contract/live";
import type { NotificationValue } from "../../contract/notifications";
import type { Db } from "../db/open";
import type * as z from "zod";

/** Anything that can run drizzle statements: `db` itself or the `tx` of `db.transaction(async (tx) => …)`. */
export type LiveTx = Pick<Db, "insert" | "update" | "select" | "execute">;

/** A notification's value, the same for every player or each player's own. */
export type NotificationValueOf =
  | z.input<typeof NotificationValue>
  | ((userId: string) => z.input<typeof NotificationValue>);

/**
 * The publishing API other modules call (`app.deps.live`).
 *
 * Stored notifications go through a transactional outbox: `notify(tx, …)` inserts the rows inside the
 * caller's transaction (rolled back → never sent). After commit, one instance claims each row
 * (`delivered_at` set by a conditional UPDATE … RETURNING) and pushes it to the player's sockets through
 * the socket.io adapter, so every committed row is pushed exactly once across instances; a player who is
 * offline gets it from `GET /api/notifications` when they come back.
 */
export type Live = {
  /** Inside the caller's transaction: one stored notification per user id (`value` may differ per player: a function of the id). */
  notify(tx: LiveTx, userIds: readonly string[], type: NotificationType, value: NotificationValueOf): Promise<void>;
  /**
   * After commit: push what is pending now. Optional (a poller drains the outbox every
   * `LIVE_POLL_MS`, 500 ms), but calling it makes delivery immediate. Never throws.
   */
  flush(): Promise<void>;
  /** A non-stored event (e.g. `user-balance-update`, `races`) to these players' sockets, or to every socket when omitted. Call after commit. */
  emit<E extends LiveEventName>(event: E, payload: LivePayloads[E], userIds?: readonly string[]): void;
  /** What the health check and the metrics report. Optional so a test's stand-in need not have it. */
  state?(): LiveState;
};

/**
 * This instance's live channel: its Redis (`disabled` without REDIS_URL, `connecting` until attached, `down` while
 * either of the adapter's two connections is not ready) and the sockets connected to it.
 */
export type LiveState = { redis: "up" | "down" | "connecting" | "disabled"; sockets: number };

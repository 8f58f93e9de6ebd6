/**
 * The server's clock as this tab sees it. Tiers, locks and countdowns follow the server (the dev clock can move
 * it, and a phone's clock can be minutes off): every race answer carries the server's `now`, and the difference
 * to the local clock is kept here.
 */
let offsetMs = 0;
export const serverClock = {
  now: () => Date.now() + offsetMs,
  /** Aligns to a server timestamp received just now. */
  alignTo(iso: string) {
    const server = Date.parse(iso);
    if (Number.isFinite(server)) offsetMs = server - Date.now();
  },
  offset: () => offsetMs,
};

// GET /api/metrics: Prometheus text that counts what really happened (a sign-up's requests by route and status,
// a save of a pick in the saves histogram, the database pool, the live channel, the event loop), behind the
// server's METRICS_TOKEN, and nothing at all on a server without one.
import { beforeAll, expect, it } from "vitest";
import { signUpConfirmed } from "./accounts";
import { client, connected, sleep, startInstance } from "./liveServer";
import { onEachBackend } from "./harness";
import { at, MINUTE, raceFixture, save, type RaceFixture } from "./predictionsFixture";

const TOKEN = "test-metrics-token-0123456789abcdef";

/** The value of one sample (`name{labels} value`); the labels as Prometheus prints them, in that order. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels);
  for (const line of text.split("\n")) {
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const got = Object.fromEntries([...(m[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((l) => [l[1], l[2]]));
    if (wanted.every(([k, v]) => got[k] === v)) return Number(m[3]);
  }
  return undefined;
}

onEachBackend(
  "metrics",
  (h) => {
    let race: RaceFixture;
    beforeAll(async () => {
      race = await raceFixture(h);
    });
    const scrape = async () => {
      const res = await h.call<string>("GET", "/metrics", { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.status).toBe(200);
      expect(String(res.headers["content-type"])).toMatch(/^text\/plain; version=0\.0\.4/);
      return res.body;
    };

    it("counts requests by route pattern, method and status, with their latency histogram", async () => {
      const before = (await scrape()) as string;
      const route = { method: "POST", route: "/api/auth/sign-up", status_code: "200" };
      const had = sample(before, "http_requests_total", route) ?? 0;
      const players = [await signUpConfirmed(h), await signUpConfirmed(h)];
      expect(players).toHaveLength(2);
      const after = await scrape();
      expect(sample(after, "http_requests_total", route)).toBeGreaterThanOrEqual(had + 2);
      expect(sample(after, "http_request_duration_seconds_count", route)).toBeGreaterThanOrEqual(had + 2);
      expect(sample(after, "http_request_duration_seconds_bucket", { ...route, le: "+Inf" })).toBeGreaterThanOrEqual(
        had + 2,
      );
      // Patterns, not URLs: a player's id never becomes a label.
      expect(
        sample(after, "http_requests_total", { method: "GET", route: "/api/users/profile", status_code: "200" }),
      ).toBeGreaterThanOrEqual(2);
      for (const p of players) expect(after).not.toContain(p.id);
    });

    it("moves the saves histogram by the saves made, by outcome", async () => {
      const player = await signUpConfirmed(h);
      const had = sample(await scrape(), "pp_prediction_save_duration_seconds_count", { outcome: "ok" }) ?? 0;
      at(h, race.sessions.FP1.start - MINUTE);
      expect((await save(h, player, race, [{ category: "FP1", riderId: race.active[0]! }])).status).toBe(200);
      at(h, race.sessions.FP1.start + MINUTE);
      expect((await save(h, player, race, [{ category: "FP2", riderId: race.active[1]! }])).status).toBe(200);
      const refusedBefore =
        sample(await scrape(), "pp_prediction_save_duration_seconds_count", { outcome: "raceStarted" }) ?? 0;
      const other = await signUpConfirmed(h);
      expect((await save(h, other, race, [{ category: "FP1", riderId: race.active[0]! }])).status).toBe(418);
      const text = await scrape();
      expect(sample(text, "pp_prediction_save_duration_seconds_count", { outcome: "ok" })).toBe(had + 2);
      expect(sample(text, "pp_prediction_save_duration_seconds_count", { outcome: "raceStarted" })).toBe(
        refusedBefore + 1,
      );
      expect(
        sample(text, "http_requests_total", {
          method: "POST",
          route: "/api/predictions/races/:raceId",
          status_code: "200",
        }),
      ).toBeGreaterThanOrEqual(2);
    });

    it("reports the database pool (PostgreSQL), the live channel and the event loop", async () => {
      const text = await scrape();
      if (h.kind === "postgres") {
        expect(sample(text, "pp_db_pool_connections")).toBeGreaterThanOrEqual(1);
        expect(sample(text, "pp_db_pool_idle_connections")).toBeGreaterThanOrEqual(0);
        expect(sample(text, "pp_db_pool_waiting_requests")).toBe(0);
      } else {
        // PGlite has no pool and does not expose its queue.
        expect(text).not.toContain("pp_db_pool_");
      }
      expect(sample(text, "pp_live_sockets")).toBe(0);
      expect(sample(text, "pp_live_redis_state", { state: "disabled" })).toBe(1);
      expect(sample(text, "pp_live_redis_state", { state: "up" })).toBe(0);
      expect(sample(text, "nodejs_eventloop_lag_seconds")).toBeGreaterThanOrEqual(0);
      expect(text).toContain("# HELP pp_settlement_duration_seconds");
      expect(text).toContain("# HELP pp_bet_placement_duration_seconds");
      expect(text).toContain("# HELP pp_store_purchase_duration_seconds");
    });

    it("counts the sockets connected to a listening instance's live channel", async () => {
      const instance = await startInstance(h);
      const player = await signUpConfirmed(h);
      const socket = client(instance.url, { token: player.tokens.accessToken });
      try {
        await connected(socket);
        const sockets = async () =>
          sample(
            (await h.call<string>("GET", "/metrics", { headers: { authorization: `Bearer ${TOKEN}` } }, instance.app))
              .body,
            "pp_live_sockets",
          );
        expect(await sockets()).toBe(1);
        socket.disconnect();
        for (let i = 0; i < 40 && (await sockets()) !== 0; i++) await sleep(50);
        expect(await sockets()).toBe(0);
      } finally {
        socket.disconnect();
        await instance.close();
      }
    });

    it("answers 401 without the token or with another, and 404 on a server without METRICS_TOKEN", async () => {
      for (const headers of [
        {} as Record<string, string>,
        { authorization: "Bearer wrong" },
        { authorization: `Bearer ${TOKEN}x` },
        { authorization: TOKEN },
      ]) {
        const res = await h.call("GET", "/metrics", { headers });
        expect(res.status, JSON.stringify(headers)).toBe(401);
        expect(res.body).toMatchObject({ statusCode: 401, code: "unauthorized" });
      }
      const off = await h.buildApp({ metricsToken: undefined });
      const res = await h.call("GET", "/metrics", { headers: { authorization: `Bearer ${TOKEN}` } }, off);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ statusCode: 404, code: "notFound" });
    });

    it("keeps one registry per app: two apps in one process count their own requests", async () => {
      const other = await h.buildApp({});
      await h.call("GET", "/health/live", {}, other);
      const text = (await h.call<string>("GET", "/metrics", { headers: { authorization: `Bearer ${TOKEN}` } }, other))
        .body;
      expect(
        sample(text, "http_requests_total", { method: "GET", route: "/api/health/live", status_code: "200" }),
      ).toBe(1);
      expect(
        sample(text, "http_requests_total", { method: "POST", route: "/api/auth/sign-up", status_code: "200" }),
      ).toBeUndefined();
    });
  },
  { seed: true, config: { metricsToken: TOKEN } },
);

// Request ids and slow requests in the log: each line of a request names its id, the balancer's when it sent a
// valid one (behind TRUST_PROXY), and the answer gives it back; a slow request is one warn line with its route
// pattern, never the URL's ids or query.
import { randomUUID } from "node:crypto";
import { PassThrough } from "node:stream";
import type { FastifyInstance } from "fastify";
import { afterEach, expect, it } from "vitest";
import { buildApp } from "../../server/app";
import type { Config } from "../../server/config";
import { onEachBackend } from "./harness";
import { checkAnswers } from "./openapiCheck";

type Line = Record<string, any>;
const ofRequest = (lines: Line[], id: string) => lines.filter((l) => l.requestId === id);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

onEachBackend("request ids and slow requests", (h) => {
  const apps: FastifyInstance[] = [];
  afterEach(async () => {
    while (apps.length) await apps.pop()!.close();
  });

  /** An app logging at info (a line per request and per answer) into `lines`. */
  async function logged(config: Partial<Config>): Promise<{ app: FastifyInstance; lines: Line[] }> {
    const lines: Line[] = [];
    const stream = new PassThrough();
    stream.on("data", (chunk: Buffer) =>
      lines.push(
        ...chunk
          .toString("utf8")
          .split("\n")
          .filter(Boolean)
          .map((l) => JSON.parse(l) as Line),
      ),
    );
    const app = await buildApp(
      { ...h.app.deps, config: { ...h.config, ...config } },
      { logger: { level: "info", stream } },
    );
    checkAnswers(app);
    apps.push(app);
    return { app, lines };
  }
  it("behind a proxy, the balancer's x-request-id comes back and names every log line of the request", async () => {
    const { app, lines } = await logged({ trustProxy: true });
    const res = await app.inject({
      method: "GET",
      url: "/api/system/countries",
      headers: { "x-request-id": "abc-123" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["x-request-id"]).toBe("abc-123");
    const mine = ofRequest(lines, "abc-123");
    expect(mine.map((l) => l.msg)).toEqual(expect.arrayContaining(["incoming request", "request completed"]));
    // Every line about a request names one: none is left without.
    expect(lines.filter((l) => l.req || l.res).every((l) => typeof l.requestId === "string")).toBe(true);
  });

  it("without one, a generated UUID comes back and names the request's lines; an error answer carries it too", async () => {
    const { app, lines } = await logged({ trustProxy: true });
    const res = await app.inject({ method: "GET", url: "/api/no/such/call" });
    expect(res.statusCode).toBe(404);
    const id = res.headers["x-request-id"] as string;
    expect(id).toMatch(UUID);
    expect(ofRequest(lines, id).length).toBeGreaterThanOrEqual(2);
    const next = await app.inject({ method: "GET", url: "/api/health/live" });
    expect(next.headers["x-request-id"]).toMatch(UUID);
    expect(next.headers["x-request-id"]).not.toBe(id);
  });

  it("an id that is too long or not printable is replaced by a generated one", async () => {
    const { app, lines } = await logged({ trustProxy: true });
    for (const sent of ["x".repeat(129), "has space", "tab\tin", "é-accent"]) {
      const res = await app.inject({ method: "GET", url: "/api/health/live", headers: { "x-request-id": sent } });
      expect(res.headers["x-request-id"], sent).toMatch(UUID);
    }
    expect(
      (await app.inject({ method: "GET", url: "/api/health/live", headers: { "x-request-id": "y".repeat(128) } }))
        .headers["x-request-id"],
    ).toBe("y".repeat(128));
    expect(lines.some((l) => String(l.requestId).includes(" "))).toBe(false);
  });

  it("facing clients directly (no TRUST_PROXY), a client's x-request-id is not taken", async () => {
    const { app } = await logged({ trustProxy: false });
    const res = await app.inject({ method: "GET", url: "/api/health/live", headers: { "x-request-id": "abc-123" } });
    expect(res.headers["x-request-id"]).toMatch(UUID);
  });

  it("a request over SLOW_REQUEST_MS is one warn line with its route pattern, method, status and duration, not its URL", async () => {
    const { app, lines } = await logged({ trustProxy: true, slowRequestMs: 0.001 });
    const someone = randomUUID();
    const res = await app.inject({
      method: "GET",
      url: `/api/users/${someone}/profile?secret=valentina@example.com`,
      headers: { "x-request-id": "slow-1" },
    });
    expect(res.statusCode).toBe(404);
    const slow = lines.filter((l) => l.msg === "slow request");
    expect(slow).toHaveLength(1);
    expect(slow[0]).toMatchObject({
      level: 40,
      requestId: "slow-1",
      slow: { method: "GET", route: "/api/users/:id/profile", statusCode: 404, ms: expect.any(Number) },
    });
    expect(JSON.stringify(slow[0])).not.toContain(someone);
    expect(JSON.stringify(lines)).not.toContain("valentina");
  });

  it("a quick request leaves no slow line at the default threshold", async () => {
    const { app, lines } = await logged({ trustProxy: true });
    await app.inject({ method: "GET", url: "/api/health/live" });
    expect(lines.some((l) => l.msg === "slow request")).toBe(false);
  });
});

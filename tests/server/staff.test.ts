// Staff roles: granted by the operator's command, checked by the server on every staff call (a player
// gets 403 forbidden, a guest 401), each role opening only its own tools. PGlite and PostgreSQL.
import { beforeEach, describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { pageOf, pageViewCounts } from "../../contract/analytics";
import { mayUse, toolsOf } from "../../contract/staff";
import { grantRole, revokeRole, rolesOf } from "../../server/modules/staff/roles";
import { signUpConfirmed } from "./accounts";
import { onEachBackend } from "./harness";

describe("contract/staff.ts: which role opens which tool", () => {
  it("analysts read flows and page views, support replays, operators do all, players nothing", () => {
    expect(toolsOf(["analyst"])).toEqual(["flows", "pages"]);
    expect(toolsOf(["support"])).toEqual(["replay"]);
    expect(toolsOf(["operator"])).toEqual(["flows", "replay", "pages", "raceControl", "audit"]);
    expect(toolsOf([])).toEqual([]);
    expect(mayUse(["support"], "flows")).toEqual({ ok: false, refusal: { status: 403, code: "forbidden" } });
    expect(mayUse(["analyst"], "flows").ok).toBe(true);
  });
});

describe("contract/analytics.ts: page views are counted per page", () => {
  it("a path that names one thing counts under its page; words stay", () => {
    expect(pageOf("/leagues/0b6e2f1a-3c4d-4e5f-8a9b-0c1d2e3f4a5b")).toBe("/leagues/:id");
    expect(pageOf("/staff/replay/K7P2QX9A")).toBe("/staff/replay/:id");
    expect(pageOf("/results/2026/12")).toBe("/results/:id/:id");
    expect(pageOf("/profile/settings/")).toBe("/profile/settings");
    expect(pageOf("/")).toBe("/");
  });

  it("views add up per page, players are counted once, guests apart; most viewed first", () => {
    const rows = [
      { path: "/leagues/0b6e2f1a-3c4d-4e5f-8a9b-0c1d2e3f4a5b", userId: "u1", views: 2 },
      { path: "/leagues/1b6e2f1a-3c4d-4e5f-8a9b-0c1d2e3f4a5b", userId: "u1", views: 1 },
      { path: "/leagues/1b6e2f1a-3c4d-4e5f-8a9b-0c1d2e3f4a5b", userId: null, views: 4 },
      { path: "/predictions", userId: "u2", views: 1 },
      { path: "/bets", userId: "u2", views: 1 },
    ];
    expect(pageViewCounts(rows)).toEqual([
      { page: "/leagues/:id", views: 7, guestViews: 4, players: 1 },
      { page: "/bets", views: 1, guestViews: 0, players: 1 },
      { page: "/predictions", views: 1, guestViews: 0, players: 1 },
    ]);
  });
});

onEachBackend("staff roles", (h) => {
  it("GET /staff/me: 401 for a guest, 403 for a player, the roles and tools for staff", async () => {
    expect((await h.call("GET", "/staff/me")).status).toBe(401);
    const player = await signUpConfirmed(h);
    const refused = await h.call("GET", "/staff/me", { token: player.tokens.accessToken });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: "forbidden" });

    expect(await grantRole(h.database.db, h.clock, player.email.toUpperCase(), "support")).toBe("granted");
    expect(await grantRole(h.database.db, h.clock, player.email, "support")).toBe("alreadyHeld");
    expect(await grantRole(h.database.db, h.clock, player.email, "analyst")).toBe("granted");
    const me = await h.call("GET", "/staff/me", { token: player.tokens.accessToken });
    expect(me.status).toBe(200);
    expect(me.body.result).toEqual({ roles: ["analyst", "support"], tools: ["flows", "replay", "pages"] });
  });

  it("grant refuses an unknown e-mail; revoke takes the role back and the next call is refused", async () => {
    expect(await grantRole(h.database.db, h.clock, "nobody@example.com", "analyst")).toBe("noSuchPlayer");
    const staff = await signUpConfirmed(h);
    await grantRole(h.database.db, h.clock, staff.email, "operator");
    expect(await rolesOf(h.database.db, staff.id)).toEqual(["operator"]);
    expect(await revokeRole(h.database.db, staff.email, "operator")).toBe(true);
    expect(await revokeRole(h.database.db, staff.email, "operator")).toBe(false);
    expect((await h.call("GET", "/staff/me", { token: staff.tokens.accessToken })).status).toBe(403);
  });
});

const join = { machine: "leagueJoin", from: "ready.outside", event: "league.join", to: "joining" };
const joined = { machine: "leagueJoin", from: "joining", event: "xstate.done.actor.join", to: "ready" };
// Handled at the machine's root: its state is "(machine)".
const data = { machine: "leagueSeats", from: "(machine)", event: "leagues.data", to: "(machine)" };

onEachBackend("analytics and the analysts' counts", (h) => {
  const today = () => h.clock.now().toISOString().slice(0, 10);
  // The counts hold no user, so the harness's truncation of users does not clear them.
  beforeEach(async () => {
    await h.database.db.execute(sql`TRUNCATE flow_transitions_daily`);
  });

  it("counts reported transitions per day, drops names no machine declares, and shows them only to analysts and operators", async () => {
    const player = await signUpConfirmed(h);
    const sent = await h.call("POST", "/analytics/transitions", {
      body: {
        transitions: [
          { ...join, count: 2 },
          { ...joined, count: 1 },
          { ...data, count: 4 },
          { machine: "leagueJoin", from: "nowhere", event: "league.join", to: "joining", count: 5 },
        ],
      },
    });
    expect(sent.status).toBe(200);
    expect(sent.body.result).toEqual({ stored: 3 });
    await h.call("POST", "/analytics/transitions", {
      token: player.tokens.accessToken,
      body: { transitions: [{ ...join, count: 1 }] },
    });

    const range = { from: today(), to: today() };
    expect((await h.call("GET", "/staff/flows", { query: range })).status).toBe(401);
    expect((await h.call("GET", "/staff/flows", { query: range, token: player.tokens.accessToken })).status).toBe(403);
    const support = await signUpConfirmed(h);
    await grantRole(h.database.db, h.clock, support.email, "support");
    const refused = await h.call("GET", "/staff/flows", { query: range, token: support.tokens.accessToken });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: "forbidden" });

    const analyst = await signUpConfirmed(h);
    await grantRole(h.database.db, h.clock, analyst.email, "analyst");
    const counts = await h.call("GET", "/staff/flows", { query: range, token: analyst.tokens.accessToken });
    expect(counts.status).toBe(200);
    expect(counts.body.result.transitions).toEqual([
      { ...joined, count: 1 },
      { ...join, count: 3 },
      { ...data, count: 4 },
    ]);
    const tomorrow = new Date(h.clock.now().getTime() + 86_400_000).toISOString().slice(0, 10);
    const later = await h.call("GET", "/staff/flows", {
      query: { from: tomorrow, to: tomorrow },
      token: analyst.tokens.accessToken,
    });
    expect(later.body.result.transitions).toEqual([]);
  });

  it("refuses names that are not machine names (an e-mail, spaces) with a 400, storing nothing", async () => {
    const res = await h.call("POST", "/analytics/transitions", {
      body: { transitions: [{ ...join, event: "ana@example.com", count: 1 }] },
    });
    expect(res.status).toBe(400);
    const extra = await h.call("POST", "/analytics/transitions", {
      body: { transitions: [{ ...join, count: 1, context: { email: "a@b.c" } }] },
    });
    expect(extra.status).toBe(400);
    const rows = (await h.database.db.execute(
      sql`SELECT count(*)::int AS n FROM flow_transitions_daily`,
    )) as unknown as { rows: { n: number }[] };
    expect(rows.rows[0]!.n).toBe(0);
  });

  it("a player who opts out has neither transitions nor page views stored; page views keep the id, never the e-mail", async () => {
    const player = await signUpConfirmed(h);
    const token = player.tokens.accessToken;
    expect((await h.call("GET", "/analytics/settings", { token })).body.result).toEqual({ optedOut: false });
    expect(
      (
        await h.call("POST", "/analytics/page-view", {
          token,
          body: { path: "/leagues", url: "http://pp.test/leagues?email=a@b.c" },
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await h.call("POST", "/analytics/page-view", {
          token,
          body: { path: "/leagues", url: "http://pp.test/leagues" },
        })
      ).status,
    ).toBe(200);
    const views = (await h.database.db.execute(sql`SELECT * FROM page_views`)) as unknown as {
      rows: Record<string, unknown>[];
    };
    expect(views.rows).toHaveLength(1);
    expect(views.rows[0]).toMatchObject({ user_id: player.id, path: "/leagues", url: "http://pp.test/leagues" });
    expect(JSON.stringify(views.rows)).not.toContain(player.email);

    expect((await h.call("PUT", "/analytics/settings", { token, body: { optedOut: true } })).body.result).toEqual({
      optedOut: true,
    });
    expect(
      (await h.call("POST", "/analytics/transitions", { token, body: { transitions: [{ ...join, count: 1 }] } })).body
        .result,
    ).toEqual({ stored: 0 });
    await h.call("POST", "/analytics/page-view", { token, body: { path: "/bets", url: "http://pp.test/bets" } });
    const after = (await h.database.db.execute(sql`SELECT count(*)::int AS n FROM page_views`)) as unknown as {
      rows: { n: number }[];
    };
    expect(after.rows[0]!.n).toBe(1);
    expect((await h.call("PUT", "/analytics/settings", { token, body: { optedOut: false } })).body.result).toEqual({
      optedOut: false,
    });
  });

  it("GET /staff/page-views: analysts and operators see the views per page and per day; support and players are refused", async () => {
    await h.database.db.execute(sql`TRUNCATE page_views`);
    const player = await signUpConfirmed(h);
    const league = "/leagues/0b6e2f1a-3c4d-4e5f-8a9b-0c1d2e3f4a5b";
    for (const [token, path] of [
      [player.tokens.accessToken, league],
      [player.tokens.accessToken, league],
      [undefined, league],
      [player.tokens.accessToken, "/predictions"],
    ] as const)
      expect(
        (await h.call("POST", "/analytics/page-view", { token, body: { path, url: `http://pp.test${path}` } })).status,
      ).toBe(200);

    const range = { from: today(), to: today() };
    expect((await h.call("GET", "/staff/page-views", { query: range })).status).toBe(401);
    expect((await h.call("GET", "/staff/page-views", { query: range, token: player.tokens.accessToken })).status).toBe(
      403,
    );
    const support = await signUpConfirmed(h);
    await grantRole(h.database.db, h.clock, support.email, "support");
    expect((await h.call("GET", "/staff/page-views", { query: range, token: support.tokens.accessToken })).status).toBe(
      403,
    );

    const analyst = await signUpConfirmed(h);
    await grantRole(h.database.db, h.clock, analyst.email, "analyst");
    const seen = await h.call("GET", "/staff/page-views", { query: range, token: analyst.tokens.accessToken });
    expect(seen.status).toBe(200);
    expect(seen.body.result).toEqual({
      ...range,
      pages: [
        { page: "/leagues/:id", views: 3, guestViews: 1, players: 1 },
        { page: "/predictions", views: 1, guestViews: 0, players: 1 },
      ],
      days: [{ day: today(), views: 4 }],
    });
    expect(JSON.stringify(seen.body.result)).not.toContain(player.id);
    const tomorrow = new Date(h.clock.now().getTime() + 86_400_000).toISOString().slice(0, 10);
    const later = await h.call("GET", "/staff/page-views", {
      query: { from: tomorrow, to: tomorrow },
      token: analyst.tokens.accessToken,
    });
    expect(later.body.result).toEqual({ from: tomorrow, to: tomorrow, pages: [], days: [] });
  });
});

const bundleWith = (context: unknown) => ({
  appVersion: "0.1.0",
  route: "/leagues/L1",
  createdAt: new Date().toISOString(),
  actors: [
    {
      id: "league",
      machine: "leagueJoin",
      initial: { value: { ready: "outside" }, context },
      steps: [{ event: { type: "league.join" }, value: "joining" }],
      complete: true,
      current: { value: "joining", context, status: "active" },
    },
  ],
  apiErrors: [{ at: new Date().toISOString(), call: "POST /leagues/:leagueId/join", status: 409, code: "leagueFull" }],
});

onEachBackend("problem reports", (h) => {
  it("a player uploads a bundle and gets a short id; only support and operators read it, redacted once more", async () => {
    expect((await h.call("POST", "/reports", { body: { bundle: bundleWith({}) } })).status).toBe(401);
    const player = await signUpConfirmed(h);
    const created = await h.call("POST", "/reports", {
      token: player.tokens.accessToken,
      body: { bundle: bundleWith({ me: "u1", email: player.email, note: `mail ${player.email}` }) },
    });
    expect(created.status).toBe(200);
    const id = created.body.result.id as string;
    expect(id).toMatch(/^[A-Z0-9]{8}$/);

    expect((await h.call("GET", `/staff/reports/${id}`, { token: player.tokens.accessToken })).status).toBe(403);
    const analyst = await signUpConfirmed(h);
    await grantRole(h.database.db, h.clock, analyst.email, "analyst");
    expect((await h.call("GET", `/staff/reports/${id}`, { token: analyst.tokens.accessToken })).status).toBe(403);

    const support = await signUpConfirmed(h);
    await grantRole(h.database.db, h.clock, support.email, "support");
    const read = await h.call("GET", `/staff/reports/${id}`, { token: support.tokens.accessToken });
    expect(read.status).toBe(200);
    expect(read.body.result.bundle.actors[0].initial.context).toEqual({
      me: "u1",
      email: "[redacted]",
      note: "[redacted]",
    });
    expect(JSON.stringify(read.body)).not.toContain(player.email);
    expect((await h.call("GET", "/staff/reports/ZZZZZZZZ", { token: support.tokens.accessToken })).status).toBe(404);
  });

  it("keeps a bundle holding text the database cannot store (NUL, half a surrogate pair), each such character as U+FFFD", async () => {
    const player = await signUpConfirmed(h);
    const bundle = { ...bundleWith({ draft: "a\u0000b", ["key\udc00"]: "\ud83d" }), createdAt: "\ud800" };
    const created = await h.call("POST", "/reports", { token: player.tokens.accessToken, body: { bundle } });
    expect(created.status).toBe(200);

    const support = await signUpConfirmed(h);
    await grantRole(h.database.db, h.clock, support.email, "support");
    const read = await h.call("GET", `/staff/reports/${created.body.result.id}`, { token: support.tokens.accessToken });
    expect(read.body.result.bundle.createdAt).toBe("\uFFFD");
    expect(read.body.result.bundle.actors[0].initial.context).toEqual({ draft: "a\uFFFDb", ["key\uFFFD"]: "\uFFFD" });
  });
});

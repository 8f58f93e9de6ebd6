// Issue 16, staff roles: granted by the operator's command, checked by the server on every staff call (a player
// gets 403 forbidden, a guest 401), each role opening only its own tools. PGlite and PostgreSQL.
import { describe, expect, it } from "vitest";
import { mayUse, toolsOf } from "../../contract/staff";
import { grantRole, revokeRole, rolesOf } from "../../server/modules/staff/roles";
import { signUpConfirmed } from "./accounts";
import { onEachBackend } from "./harness";

describe("contract/staff.ts: which role opens which tool", () => {
  it("analysts read flows, support replays, operators do both, players nothing", () => {
    expect(toolsOf(["analyst"])).toEqual(["flows"]);
    expect(toolsOf(["support"])).toEqual(["replay"]);
    expect(toolsOf(["operator"])).toEqual(["flows", "replay"]);
    expect(toolsOf([])).toEqual([]);
    expect(mayUse(["support"], "flows")).toEqual({ ok: false, refusal: { status: 403, code: "forbidden" } });
    expect(mayUse(["analyst"], "flows").ok).toBe(true);
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
    expect(me.body.result).toEqual({ roles: ["analyst", "support"], tools: ["flows", "replay"] });
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

// Every call under /admin is an operator's: the command line's admin token or a signed-in operator's session, one
// guard for the whole scope (server/modules/operatorRoutes.ts). Nobody else gets past it, whatever the call, and a
// call that forgot its guard fails here, not in production. PGlite and PostgreSQL.
import { randomUUID } from "node:crypto";
import { expect, it } from "vitest";
import { fillPath } from "../../contract/calls";
import { ADMIN_TOKEN_HEADER } from "../../contract/calls.results";
import { catalogue, isRawCall } from "../../contract/catalogue";
import { signUpConfirmed } from "./accounts";
import { ADMIN_TOKEN, onEachBackend } from "./harness";

const operatorCalls = Object.values(catalogue)
  .flatMap((group) => Object.values(group))
  .filter((c) => c.path.startsWith("/admin"));
const pathOf = (path: string) =>
  fillPath(
    path,
    Object.fromEntries(
      [...path.matchAll(/:(\w+)/g)].map(([, name]) => [name!, name === "session" ? "FP1" : randomUUID()]),
    ),
  );

onEachBackend("the operator scope", (h) => {
  it("knows the operator calls (more than a handful, so the filter found them)", () => {
    expect(operatorCalls.length).toBeGreaterThan(15);
  });

  it("answers 401 to every operator call without credentials", async () => {
    for (const c of operatorCalls) {
      const r = await h.call(c.method, pathOf(c.path), c.method === "GET" ? {} : { body: {} });
      expect([r.status, r.body?.code], `${c.method} ${c.path}`).toEqual([401, "unauthorized"]);
    }
  });

  it("answers 403 to a signed-in player on every operator call, and 401 to a wrong admin token", async () => {
    const player = await signUpConfirmed(h);
    for (const c of operatorCalls) {
      const asPlayer = await h.call(c.method, pathOf(c.path), {
        token: player.tokens.accessToken,
        ...(c.method === "GET" ? {} : { body: {} }),
      });
      expect([asPlayer.status, asPlayer.body?.code], `${c.method} ${c.path}`).toEqual([403, "forbidden"]);
      const forged = await h.call(c.method, pathOf(c.path), {
        headers: { [ADMIN_TOKEN_HEADER]: `${ADMIN_TOKEN}x` },
        ...(c.method === "GET" ? {} : { body: {} }),
      });
      expect(forged.status, `${c.method} ${c.path}`).toBe(401);
    }
  });

  it("lets the admin token through to every call's own answer (a backup, an act, is left out)", async () => {
    for (const c of operatorCalls.filter((one) => !isRawCall(one))) {
      const r = await h.call(c.method, pathOf(c.path), {
        headers: { [ADMIN_TOKEN_HEADER]: ADMIN_TOKEN },
        ...(c.method === "GET" ? {} : { body: {} }),
      });
      expect([401, 403], `${c.method} ${c.path}: ${r.status} ${JSON.stringify(r.body)}`).not.toContain(r.status);
    }
  });
});

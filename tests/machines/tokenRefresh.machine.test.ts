import { describe, expect, it } from "vitest";
import { createActor, fromPromise } from "xstate";
import type { Tokens } from "../../contract/auth";
import { tokenRefreshMachine, type TokenRefreshEmitted } from "../../machines/tokenRefresh.machine";
import { allTransitions, coverageLine, missing, promiseStubs, runPath, settle, transitionPaths } from "./modelWalk";

const tokens: Tokens = { accessToken: "access-2", refreshToken: "refresh-2" };
const refreshTokenMissing = new Error("Refresh token not exists");

/** The API client's way of asking: listen first, then request (as src/api does with `refreshOnce`). */
function refreshOnce(actor: ReturnType<typeof createActor<typeof tokenRefreshMachine>>): Promise<Tokens> {
  return new Promise((resolve, reject) => {
    const done = actor.on("refresh.done", (e) => {
      done.unsubscribe();
      failed.unsubscribe();
      resolve(e.tokens);
    });
    const failed = actor.on("refresh.failed", (e) => {
      done.unsubscribe();
      failed.unsubscribe();
      reject(e.error);
    });
    actor.send({ type: "refresh.request" });
  });
}

describe("tokenRefresh.machine: every transition, walked on a real actor", () => {
  const events = [
    { type: "refresh.request" },
    { type: "xstate.done.actor.refresh", output: tokens },
    { type: "xstate.error.actor.refresh", error: refreshTokenMissing },
  ];
  const paths = transitionPaths(tokenRefreshMachine, { events });
  const all = allTransitions(tokenRefreshMachine);
  const covered = new Set<string>();

  it.each(paths.map((p) => [p.name, p] as const))("%s", async (_name, path) => {
    const taken = await runPath(path, () => {
      const stubs = promiseStubs(["refresh"]);
      return { machine: tokenRefreshMachine.provide({ actors: stubs.actors }), pending: stubs.pending };
    });
    taken.forEach((k) => covered.add(k));
  });

  it("covers 100% of the transitions", () => {
    console.log(coverageLine("tokenRefresh.machine", all, covered));
    expect(missing(all, covered)).toEqual([]);
  });
});

describe("Token refresh: one request at a time, shared by callers", () => {
  it("three concurrent requests make exactly one refresh call, and every caller gets the same tokens", async () => {
    let calls = 0;
    let release!: (t: Tokens) => void;
    const actor = createActor(
      tokenRefreshMachine.provide({
        actors: {
          refresh: fromPromise<Tokens, void>(() => {
            calls += 1;
            return new Promise((resolve) => (release = resolve));
          }),
        },
      }),
    ).start();
    const waiters = [refreshOnce(actor), refreshOnce(actor), refreshOnce(actor)];
    await settle();
    expect(calls).toBe(1);
    release(tokens);
    const results = await Promise.all(waiters);
    expect(results).toEqual([tokens, tokens, tokens]);
    expect(actor.getSnapshot().value).toBe("idle");
  });

  it("a request after the previous refresh finished starts a new refresh", async () => {
    let calls = 0;
    const actor = createActor(
      tokenRefreshMachine.provide({
        actors: { refresh: fromPromise<Tokens, void>(async () => ({ ...tokens, accessToken: `access-${++calls}` })) },
      }),
    ).start();
    expect((await refreshOnce(actor)).accessToken).toBe("access-1");
    expect((await refreshOnce(actor)).accessToken).toBe("access-2");
    expect(calls).toBe(2);
  });
});

describe("Token refresh: on success new tokens are stored", () => {
  it("runs storeTokens with the refreshed tokens, once, and does not clear them", async () => {
    const stored: Tokens[] = [];
    let cleared = 0;
    const actor = createActor(
      tokenRefreshMachine.provide({
        actors: { refresh: fromPromise<Tokens, void>(async () => tokens) },
        actions: { storeTokens: (_, p) => void stored.push(p.tokens), clearTokens: () => void (cleared += 1) },
      }),
    ).start();
    await refreshOnce(actor);
    expect(stored).toEqual([tokens]);
    expect(cleared).toBe(0);
  });
});

describe("Token refresh: on failure stored tokens are deleted and the error is rethrown", () => {
  it("clears tokens, emits refresh.failed with the refresh error, and every waiter is rejected with it", async () => {
    let cleared = 0;
    const emitted: TokenRefreshEmitted[] = [];
    let fail!: (e: unknown) => void;
    const actor = createActor(
      tokenRefreshMachine.provide({
        actors: { refresh: fromPromise<Tokens, void>(() => new Promise((_, reject) => (fail = reject))) },
        actions: { clearTokens: () => void (cleared += 1), storeTokens: () => expect.unreachable("no tokens to store") },
      }),
    ).start();
    actor.on("*", (e) => void emitted.push(e));
    const waiters = [refreshOnce(actor), refreshOnce(actor)].map((p) => p.then(() => "resolved", (e: unknown) => e));
    await settle();
    fail(refreshTokenMissing);
    expect(await Promise.all(waiters)).toEqual([refreshTokenMissing, refreshTokenMissing]);
    expect(cleared).toBe(1);
    expect(emitted).toEqual([{ type: "refresh.failed", error: refreshTokenMissing }]);
    expect(actor.getSnapshot().value).toBe("idle");
  });
});

describe("Defaults: an unprovided refresh fails loudly", () => {
  it("fails with 'refresh not provided'", async () => {
    const actor = createActor(tokenRefreshMachine).start();
    await expect(refreshOnce(actor)).rejects.toThrow("refresh not provided");
  });
});

import { describe, expect, it } from "vitest";
import { createActor, fromPromise, SimulatedClock } from "xstate";
import type { Tokens } from "../../contract/auth";
import { isRefusal } from "../../machines/serviceErrors";
import {
  REFRESH_RETRY_DELAYS_MS,
  tokenRefreshMachine,
  type TokenRefreshEmitted,
} from "../../machines/tokenRefresh.machine";
import { settle } from "./stubs";

// The QA paths are walked on the real API client in tests/views/paths/tokenRefresh.paths.test.tsx; these are the rules
// they do not spell out (one refresh shared by callers, what is stored or cleared, which answers are refusals, the backoff).

const tokens: Tokens = { accessToken: "access-2", refreshToken: "refresh-2" };
/** The API client's errors carry the answer's status; a network failure is status 0. */
const refused = (code: string, status = 401) => Object.assign(new Error(code), { status });
const refreshTokenMissing = refused("Refresh token not exists");
const connectionRefused = Object.assign(new Error("Something went wrong."), { status: 0 });

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

describe("Token refresh: on failure stored tokens are deleted and the error is rethrown (a failure: the server refused the token)", () => {
  it("clears tokens, emits refresh.failed with the refresh error, and every waiter is rejected with it", async () => {
    let cleared = 0;
    const emitted: TokenRefreshEmitted[] = [];
    let fail!: (e: unknown) => void;
    const actor = createActor(
      tokenRefreshMachine.provide({
        actors: { refresh: fromPromise<Tokens, void>(() => new Promise((_, reject) => (fail = reject))) },
        actions: {
          clearTokens: () => void (cleared += 1),
          storeTokens: () => expect.unreachable("no tokens to store"),
        },
      }),
    ).start();
    actor.on("*", (e) => void emitted.push(e));
    const waiters = [refreshOnce(actor), refreshOnce(actor)].map((p) =>
      p.then(
        () => "resolved",
        (e: unknown) => e,
      ),
    );
    await settle();
    fail(refreshTokenMissing);
    expect(await Promise.all(waiters)).toEqual([refreshTokenMissing, refreshTokenMissing]);
    expect(cleared).toBe(1);
    expect(emitted).toEqual([{ type: "refresh.failed", error: refreshTokenMissing, refused: true }]);
    expect(actor.getSnapshot().value).toBe("idle");
  });

  it.each([
    ["401 unauthorized", 401, true],
    ["403 forbidden", 403, true],
    ["400", 400, true],
    ["no answer (connection refused, timeout: status 0)", 0, false],
    ["500", 500, false],
    ["502 from a proxy while the server restarts", 502, false],
    ["503", 503, false],
    ["408 request timeout", 408, false],
    ["429 too many requests", 429, false],
  ] as const)("%s is a refusal: %s", (_label, status, expected) => {
    expect(isRefusal(refused("x", status))).toBe(expected);
  });
});

/** A refresh whose tries end in `outcomes`, one after the other (the last repeats), on a simulated clock. */
function start(outcomes: Array<Tokens | Error>) {
  const clock = new SimulatedClock();
  let calls = 0;
  let cleared = 0;
  const stored: Tokens[] = [];
  const actor = createActor(
    tokenRefreshMachine.provide({
      actors: {
        refresh: fromPromise<Tokens, void>(async () => {
          const next = outcomes[Math.min(calls++, outcomes.length - 1)]!;
          if (next instanceof Error) throw next;
          return next;
        }),
      },
      actions: { clearTokens: () => void (cleared += 1), storeTokens: (_, p) => void stored.push(p.tokens) },
    }),
    { clock },
  ).start();
  return { actor, clock, calls: () => calls, cleared: () => cleared, stored };
}

describe("Token refresh: a network error or 5xx is retried with backoff, and the tokens are kept", () => {
  it("a refresh that meets a restarting server (refused connection, then 502) succeeds when it is back; the waiters get the new tokens", async () => {
    const t = start([connectionRefused, refused("Bad gateway", 502), tokens]);
    const waiters = [refreshOnce(t.actor), refreshOnce(t.actor)];
    await settle();
    expect(t.actor.getSnapshot().value).toBe("waiting");
    t.clock.increment(999);
    await settle();
    expect(t.calls()).toBe(1);
    t.clock.increment(1);
    await settle();
    expect(t.calls()).toBe(2);
    t.clock.increment(2000);
    await settle();
    expect(await Promise.all(waiters)).toEqual([tokens, tokens]);
    expect(t.calls()).toBe(3);
    expect(t.cleared()).toBe(0);
    expect(t.stored).toEqual([tokens]);
    expect(t.actor.getSnapshot().context.attempt).toBe(0);
  });

  it("waits 1, 2, 4, 8, 15 and 15 s between tries, then rejects the waiters with the error and keeps the tokens", async () => {
    const t = start([connectionRefused]);
    const emitted: TokenRefreshEmitted[] = [];
    t.actor.on("*", (e) => void emitted.push(e));
    const waiter = refreshOnce(t.actor).then(
      () => "resolved",
      (e: unknown) => e,
    );
    await settle();
    for (const delay of REFRESH_RETRY_DELAYS_MS) {
      t.clock.increment(delay);
      await settle();
    }
    expect(REFRESH_RETRY_DELAYS_MS).toEqual([1000, 2000, 4000, 8000, 15_000, 15_000]);
    expect(await waiter).toBe(connectionRefused);
    expect(t.calls()).toBe(REFRESH_RETRY_DELAYS_MS.length + 1);
    expect(t.cleared()).toBe(0);
    expect(emitted).toEqual([{ type: "refresh.failed", error: connectionRefused, refused: false }]);
    expect(t.actor.getSnapshot().value).toBe("idle");
    // The next call starts a new refresh, with the backoff from its start.
    const next = refreshOnce(t.actor).then(
      () => "resolved",
      (e: unknown) => e,
    );
    await settle();
    expect(t.calls()).toBe(REFRESH_RETRY_DELAYS_MS.length + 2);
    expect(t.actor.getSnapshot().context.attempt).toBe(0);
    t.actor.stop();
    void next;
  });

  it("a refusal during the retries still ends it: tokens cleared once", async () => {
    const t = start([connectionRefused, refreshTokenMissing]);
    const waiter = refreshOnce(t.actor).then(
      () => "resolved",
      (e: unknown) => e,
    );
    await settle();
    t.clock.increment(1000);
    expect(await waiter).toBe(refreshTokenMissing);
    expect(t.cleared()).toBe(1);
  });
});

describe("Defaults: an unprovided refresh fails loudly", () => {
  it("fails with 'refresh not provided'", async () => {
    const actor = createActor(tokenRefreshMachine).start();
    await expect(refreshOnce(actor)).rejects.toThrow("refresh not provided");
  });
});

import { describe, expect, it } from "vitest";
import { createActor, fromPromise, SimulatedClock } from "xstate";
import type { Tokens } from "../../contract/auth";
import type { Profile } from "../../contract/users";
import { authMachine, PROFILE_RETRY_DELAYS_MS, type AuthEmitted } from "../../machines/auth.machine";
import { somethingWentWrong } from "../../machines/serviceErrors";
import { apiError, profile, signUpBody, tokens, wrongPassword } from "./authFixtures";
import { settle } from "./stubs";

// The QA paths are walked on the real header, account section and auth modals in
// tests/views/paths/auth.paths.test.tsx; these are the rules they do not spell out (what each service is sent, what is
// stored, cleared and announced, the profile retries' delays).

const actorNames = [
  "signIn",
  "signUp",
  "confirm",
  "loadProfile",
  "signOut",
  "sendCode",
  "validateCode",
  "newPassword",
] as const;

type Calls = {
  stored: Array<{ tokens: Tokens; rememberMe: boolean }>;
  cleared: number;
  inputs: Record<string, unknown[]>;
};

/** An auth actor whose services answer as given; records what the machine asked of them. */
function startAuth(
  answers: Partial<Record<(typeof actorNames)[number], (input: unknown) => Promise<unknown>>>,
  hasSession = false,
  clock?: SimulatedClock,
) {
  const calls: Calls = { stored: [], cleared: 0, inputs: {} };
  const emitted: AuthEmitted[] = [];
  const actors = Object.fromEntries(
    actorNames.map((name) => [
      name,
      fromPromise<unknown, unknown>(async ({ input }) => {
        (calls.inputs[name] ??= []).push(input);
        const answer = answers[name];
        if (!answer) throw new Error(`${name} was not expected`);
        return answer(input);
      }),
    ]),
  );
  const actor = createActor(
    authMachine.provide({
      guards: { hasSession: () => hasSession },
      actors: actors as never,
      actions: {
        storeTokens: (_, params) => void calls.stored.push(params),
        clearTokens: () => void (calls.cleared += 1),
      },
    }),
    clock ? { clock } : {},
  );
  actor.on("*", (e) => void emitted.push(e));
  actor.start();
  return { actor, calls, emitted };
}

const ok = (value?: unknown) => async () => value;
const fail = (error: unknown) => async () => {
  throw error;
};

describe("Signed-in means a token is stored: on page load", () => {
  it("without tokens the player is a guest and nothing is loaded", async () => {
    const { actor, calls } = startAuth({});
    await settle();
    expect(actor.getSnapshot().value).toBe("guest");
    expect(calls.inputs).toEqual({});
  });

  it("with tokens the profile loads, without announcing a new sign-in", async () => {
    const { actor, emitted } = startAuth({ loadProfile: ok(profile) }, true);
    expect(actor.getSnapshot().value).toBe("loadingProfile");
    await settle();
    expect(actor.getSnapshot().value).toBe("signedIn");
    expect(actor.getSnapshot().context.profile).toEqual(profile);
    expect(emitted).toEqual([]);
  });
});

describe("A failed profile load signs the user out and goes home", () => {
  it("goes loadingProfile → signingOut → guest, revokes, clears tokens and emits auth.signedOut", async () => {
    const { actor, calls, emitted } = startAuth({ loadProfile: fail(apiError(wrongPassword)), signOut: ok() }, true);
    const seen: unknown[] = [];
    actor.subscribe((s) => seen.push(s.value));
    await settle();
    expect(seen).toEqual(["signingOut", "guest"]);
    expect(calls.inputs.signOut).toHaveLength(1);
    expect(calls.cleared).toBe(1);
    expect(actor.getSnapshot().context.profile).toBeNull();
    expect(emitted).toEqual([{ type: "auth.signedOut" }]);
  });
});

/** Profile loads answering `answers` one after the other (the last repeats), on a simulated clock. */
function loads(answers: unknown[]) {
  const clock = new SimulatedClock();
  let n = 0;
  const started = startAuth(
    {
      loadProfile: async () => {
        const outcome = answers[Math.min(n++, answers.length - 1)];
        if (outcome === profile) return profile;
        throw outcome;
      },
      signOut: ok(),
    },
    true,
    clock,
  );
  return { ...started, clock, loadsSoFar: () => n };
}

describe("A failed profile load means a refused session: a server out of reach keeps the player signed in", () => {
  it.each([
    ["no answer (a restart, no network)", 0],
    ["a 502 from the proxy", 502],
    ["a 503 from a server whose database is away", 503],
  ])(
    "%s: the tokens stay, the load waits and is tried again, and the player is signed in when it answers",
    async (_name, status) => {
      const t = loads([{ status, body: somethingWentWrong }, profile]);
      await settle();
      const waiting = t.actor.getSnapshot();
      expect(waiting.value).toBe("profileUnreachable");
      expect([waiting.hasTag("loadingProfile"), waiting.hasTag("unreachable")]).toEqual([true, true]);
      expect(t.calls.cleared).toBe(0);
      expect(t.calls.inputs.signOut).toBeUndefined();
      t.clock.increment(PROFILE_RETRY_DELAYS_MS[0] - 1);
      await settle();
      expect(t.loadsSoFar()).toBe(1);
      t.clock.increment(1);
      await settle();
      expect(t.loadsSoFar()).toBe(2);
      expect(t.actor.getSnapshot().value).toBe("signedIn");
      expect(t.actor.getSnapshot().context.profile).toEqual(profile);
      expect(t.emitted).toEqual([]);
    },
  );

  it("waits 1 s doubling to 15 s between loads, then every 15 s, for as long as the server is away", async () => {
    const away = { status: 0, body: somethingWentWrong };
    const t = loads([away]);
    await settle();
    const waits = [1000, 2000, 4000, 8000, 15_000, 15_000, 15_000];
    for (const [i, wait] of waits.entries()) {
      t.clock.increment(wait - 1);
      await settle();
      expect(t.loadsSoFar(), `load ${i + 2} not before ${wait} ms`).toBe(i + 1);
      t.clock.increment(1);
      await settle();
      expect(t.loadsSoFar(), `load ${i + 2} after ${wait} ms`).toBe(i + 2);
    }
    expect(t.calls.cleared).toBe(0);
  });

  it("a refusal (401) signs out as the spec says; signing out while waiting signs out at once", async () => {
    const refused = loads([{ status: 401, body: wrongPassword }]);
    await settle();
    expect(refused.actor.getSnapshot().value).toBe("guest");
    expect(refused.calls.cleared).toBe(1);

    const waiting = loads([{ status: 0, body: somethingWentWrong }]);
    await settle();
    waiting.actor.send({ type: "auth.signOut" });
    await settle();
    expect(waiting.actor.getSnapshot().value).toBe("guest");
    expect(waiting.calls.inputs.signOut).toHaveLength(1);
    expect(waiting.emitted).toEqual([{ type: "auth.signedOut" }]);
  });

  it("a signed-in player's profile reload that finds the server away keeps the profile shown", async () => {
    const t = loads([profile, { status: 0, body: somethingWentWrong }, profile]);
    await settle();
    t.actor.send({ type: "auth.profile.reload" });
    await settle();
    expect(t.actor.getSnapshot().value).toBe("profileUnreachable");
    expect(t.actor.getSnapshot().context.profile).toEqual(profile);
    t.clock.increment(PROFILE_RETRY_DELAYS_MS[0]);
    await settle();
    expect(t.actor.getSnapshot().value).toBe("signedIn");
  });
});

describe("Sign-in by e-mail", () => {
  it("passes the form to signIn, loads the profile and announces auth.signedIn { isNew: false }", async () => {
    const { actor, calls, emitted } = startAuth({ signIn: ok(tokens), loadProfile: ok(profile) });
    actor.send({ type: "auth.signIn", email: "rossi@example.com", password: "pw", rememberMe: true });
    expect(actor.getSnapshot().value).toBe("signingIn");
    await settle();
    expect(calls.inputs.signIn).toEqual([{ email: "rossi@example.com", password: "pw", rememberMe: true }]);
    expect(actor.getSnapshot().value).toBe("signedIn");
    expect(emitted).toEqual([{ type: "auth.signedIn", isNew: false }]);
    // The app's signIn stores tokens with the remember-me choice; the machine must not store them again.
    expect(calls.stored).toEqual([]);
  });

  it("a server error returns to guest with the server's error body", async () => {
    const { actor, emitted } = startAuth({ signIn: fail(apiError(wrongPassword)) });
    actor.send({ type: "auth.signIn", email: "rossi@example.com", password: "bad", rememberMe: false });
    await settle();
    expect(actor.getSnapshot().value).toBe("guest");
    expect(actor.getSnapshot().context.error).toEqual(wrongPassword);
    expect(emitted).toEqual([]);
  });

  it("any other failure shows 'Something went wrong.'", async () => {
    const { actor } = startAuth({ signIn: fail(new TypeError("Failed to fetch")) });
    actor.send({ type: "auth.signIn", email: "rossi@example.com", password: "pw", rememberMe: false });
    await settle();
    expect(actor.getSnapshot().context.error).toEqual(somethingWentWrong);
    expect(somethingWentWrong.message).toBe("Something went wrong.");
  });

  it("a new attempt clears the previous error, and auth.error.clear clears it on demand", async () => {
    let attempt = 0;
    const { actor } = startAuth({
      signIn: async () => (attempt++ === 0 ? Promise.reject(apiError(wrongPassword)) : new Promise(() => {})),
    });
    actor.send({ type: "auth.signIn", email: "a@b.co", password: "x", rememberMe: false });
    await settle();
    expect(actor.getSnapshot().context.error).toEqual(wrongPassword);
    actor.send({ type: "auth.error.clear" });
    expect(actor.getSnapshot().context.error).toBeNull();
    actor.send({ type: "auth.signIn", email: "a@b.co", password: "x", rememberMe: false });
    expect(actor.getSnapshot().context.error).toBeNull();
  });
});

const pending = () => new Promise<never>(() => {});

/** A player who signed up and was told to check the mail; later services never answer. */
async function awaitingConfirmation() {
  const started = startAuth({ signUp: ok({ email: signUpBody.email }), signIn: pending, loadProfile: pending });
  started.actor.send({ type: "auth.signUp", ...signUpBody });
  await settle();
  expect(started.actor.getSnapshot().value).toBe("awaitingConfirmation");
  return started;
}

describe("Sign-up and e-mail confirmation", () => {
  it("a sign-up waits for confirmation with the e-mail to check", async () => {
    const { actor, calls } = startAuth({ signUp: ok({ email: signUpBody.email }) });
    actor.send({ type: "auth.signUp", ...signUpBody });
    await settle();
    expect(calls.inputs.signUp).toEqual([signUpBody]);
    expect(actor.getSnapshot().value).toBe("awaitingConfirmation");
    expect(actor.getSnapshot().context.pendingEmail).toBe(signUpBody.email);
  });

  it("confirming stores the tokens for the session and announces the new player", async () => {
    const { actor, calls, emitted } = startAuth({ confirm: ok({ ...tokens, isNew: true }), loadProfile: ok(profile) });
    actor.send({ type: "auth.confirm", token: "t-1" });
    await settle();
    expect(calls.inputs.confirm).toEqual([{ token: "t-1" }]);
    expect(calls.stored).toEqual([{ tokens, rememberMe: false }]);
    expect(actor.getSnapshot().value).toBe("signedIn");
    expect(emitted).toEqual([{ type: "auth.signedIn", isNew: true }]);
  });

  it("a player waiting for confirmation can still sign up again, sign in, log in socially or recover the password", async () => {
    const cases = [
      [{ type: "auth.signUp", ...signUpBody, email: "other@example.com" }, "signingUp"],
      [{ type: "auth.signIn", email: "rossi@example.com", password: "pw", rememberMe: false }, "signingIn"],
      [{ type: "auth.social", accessToken: "sa", refreshToken: "sr", isNew: false }, "loadingProfile"],
      [{ type: "auth.recovery.start" }, { recovery: "enterEmail" }],
    ] as const;
    for (const [event, state] of cases) {
      const { actor } = await awaitingConfirmation();
      actor.send(event);
      expect(actor.getSnapshot().value, event.type).toEqual(state);
    }
  });

  it("a rejected confirmation token leaves a guest with the error", async () => {
    const { actor, calls } = startAuth({
      confirm: fail(apiError({ statusCode: 400, code: "invalidToken", message: "Invalid token" })),
    });
    actor.send({ type: "auth.confirm", token: "old" });
    await settle();
    expect(actor.getSnapshot().value).toBe("guest");
    expect(actor.getSnapshot().context.error?.code).toBe("invalidToken");
    expect(calls.stored).toEqual([]);
  });
});

describe("Social login result", () => {
  it.each([true, false])("stores the tokens remembered, loads the profile and announces isNew=%s", async (isNew) => {
    const { actor, calls, emitted } = startAuth({ loadProfile: ok(profile) });
    actor.send({ type: "auth.social", accessToken: "sa", refreshToken: "sr", isNew });
    await settle();
    expect(calls.stored).toEqual([{ tokens: { accessToken: "sa", refreshToken: "sr" }, rememberMe: true }]);
    expect(actor.getSnapshot().value).toBe("signedIn");
    expect(emitted).toEqual([{ type: "auth.signedIn", isNew }]);
  });
});

describe("Password recovery", () => {
  it("walks e-mail → code → new password → done, sending each service what the player entered", async () => {
    const { actor, calls } = startAuth({ sendCode: ok(), validateCode: ok(), newPassword: ok() });
    actor.send({ type: "auth.recovery.start" });
    expect(actor.getSnapshot().value).toEqual({ recovery: "enterEmail" });
    actor.send({ type: "auth.recovery.sendCode", email: "rossi@example.com" });
    await settle();
    expect(actor.getSnapshot().value).toEqual({ recovery: "enterCode" });
    actor.send({ type: "auth.recovery.validate", code: "123456" });
    await settle();
    expect(actor.getSnapshot().value).toEqual({ recovery: "enterPassword" });
    actor.send({ type: "auth.recovery.newPassword", password: "Newer-46!", confirmPassword: "Newer-46!" });
    await settle();
    expect(actor.getSnapshot().value).toEqual({ recovery: "done" });
    expect(calls.inputs).toEqual({
      sendCode: [{ email: "rossi@example.com" }],
      validateCode: [{ email: "rossi@example.com", code: "123456" }],
      newPassword: [
        { email: "rossi@example.com", code: "123456", password: "Newer-46!", confirmPassword: "Newer-46!" },
      ],
    });
  });

  it("an invalid code keeps the player on the code step with the error", async () => {
    const invalidCode = { statusCode: 400, code: "invalidConfirmationCode", message: "Invalid confirmation code" };
    const { actor } = startAuth({ sendCode: ok(), validateCode: fail(apiError(invalidCode)) });
    actor.send({ type: "auth.recovery.start", email: "rossi@example.com" });
    actor.send({ type: "auth.recovery.sendCode", email: "rossi@example.com" });
    await settle();
    actor.send({ type: "auth.recovery.validate", code: "000000" });
    await settle();
    expect(actor.getSnapshot().value).toEqual({ recovery: "enterCode" });
    expect(actor.getSnapshot().context.error).toEqual(invalidCode);
  });

  it("cancel from any step returns to guest without an error", async () => {
    const { actor } = startAuth({ sendCode: fail(apiError(wrongPassword)) });
    actor.send({ type: "auth.recovery.start", email: "rossi@example.com" });
    actor.send({ type: "auth.recovery.sendCode", email: "rossi@example.com" });
    await settle();
    expect(actor.getSnapshot().value).toEqual({ recovery: "enterEmail" });
    actor.send({ type: "auth.recovery.cancel" });
    expect(actor.getSnapshot().value).toBe("guest");
    expect(actor.getSnapshot().context.error).toBeNull();
  });
});

async function signedIn(extra: Parameters<typeof startAuth>[0] = {}) {
  const started = startAuth({ loadProfile: ok(profile), ...extra }, true);
  await settle();
  expect(started.actor.getSnapshot().value).toBe("signedIn");
  return started;
}

describe("Signed-in session", () => {
  it("sign out revokes, clears tokens, forgets the profile and emits auth.signedOut even when revoking fails", async () => {
    const { actor, calls, emitted } = await signedIn({ signOut: fail(new Error("offline")) });
    actor.send({ type: "auth.signOut" });
    await settle();
    expect(actor.getSnapshot().value).toBe("guest");
    expect(calls.cleared).toBe(1);
    expect(actor.getSnapshot().context.profile).toBeNull();
    expect(emitted).toEqual([{ type: "auth.signedOut" }]);
  });

  it("an expired session goes straight to guest, clears tokens and emits auth.signedOut", async () => {
    const { actor, calls, emitted } = await signedIn();
    actor.send({ type: "auth.session.expired" });
    expect(actor.getSnapshot().value).toBe("guest");
    expect(calls.cleared).toBe(1);
    expect(emitted).toEqual([{ type: "auth.signedOut" }]);
  });

  it("an updated profile replaces the stored one; a reload fetches it again without announcing a sign-in", async () => {
    const updated: Profile = { ...profile, bio: "Nine titles" };
    const { actor, calls, emitted } = await signedIn();
    actor.send({ type: "auth.profile.updated", profile: updated });
    expect(actor.getSnapshot().context.profile).toEqual(updated);
    actor.send({ type: "auth.profile.reload" });
    await settle();
    expect(calls.inputs.loadProfile).toHaveLength(2);
    expect(actor.getSnapshot().context.profile).toEqual(profile);
    expect(emitted).toEqual([]);
  });
});

describe("Defaults: unprovided services fail loudly, no session is assumed", () => {
  it("starts as guest and a sign-in fails with 'signIn not provided' mapped to the generic error", async () => {
    const actor = createActor(authMachine).start();
    expect(actor.getSnapshot().value).toBe("guest");
    actor.send({ type: "auth.signIn", email: "a@b.co", password: "x", rememberMe: false });
    await settle();
    expect(actor.getSnapshot().context.error).toEqual(somethingWentWrong);
  });
});

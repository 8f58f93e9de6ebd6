// The auth machine's driver: the app loaded afresh for each path (./authSupport.tsx), with the header, the account
// section of Edit profile behind RequireAuth and the modal host (the sign-in, sign-up, recovery, change-password and
// sign-out confirmation modals), at the landing's address. The player signs in, up and recovers through the header's
// Log in and its modals, opens the e-mail link at the landing's address, finishes a social sign-in in the provider's
// window (the storage event it leaves), changes the password or the note e-mail, and signs out from the account menu.
// A session stored before the page loads decides `hasSession`; what the sign-in flows hand over decides
// `announcesSignIn`; the profile call's answer decides `outOfReach` (no answer) against a refusal. An expired session is
// a call answered 401 whose refresh the server refuses.
import { act, fireEvent, screen, within } from "@testing-library/react";
import { expect, vi } from "vitest";
import { authMachine, PROFILE_RETRY_DELAYS_MS } from "../../../machines/auth.machine";
import type { PathStep, QaPath } from "../../../scripts/paths";
import { storageKeys } from "../../../src/config/paths";
import { profileFixture } from "../fixtures";
import { loadFreshApp, poll, type FreshApp } from "./authSupport";
import { heldApi, ok, refusal, type HeldApi } from "./heldApi";
import type { Step, ViewDriver } from "./walkInJsdom";

type World = {
  api: HeldApi;
  app: FreshApp;
  navigate: (to: string) => void;
  where: () => string | undefined;
  /** Profile loads that found the server away, one after another. */
  away: number;
};

const EMAIL = "marco@example.com";
const PASSWORD = "Secret-46!";
const NEW_PASSWORD = "Newer-46!";
const CODE = "123456";
const stored = { accessToken: "access", refreshToken: "refresh" };
const signedInTokens = { accessToken: "access-1", refreshToken: "refresh-1" };
const call = {
  signIn: "/api/auth/sign-in/email",
  signUp: "/api/auth/sign-up",
  confirm: "/api/auth/sign-up/confirm",
  refresh: "/api/auth/refresh",
  signOut: "/api/auth/sign-out",
  sendCode: "/api/auth/recovery/send-code",
  validate: "/api/auth/recovery/validate",
  newPassword: "/api/auth/recovery/new-password",
  profile: "/api/users/profile",
  noteEmail: "/api/users/add-note-email",
} as const;
const held = Object.values(call);
// Made at each answer: a response's body is read once.
const refused = {
  signIn: () => refusal(401, "invalidCredentials", "Wrong e-mail or password"),
  signUp: () => refusal(409, "emailTaken", "This e-mail can't be used to sign up"),
  confirm: () => refusal(400, "invalidToken", "This link is invalid or has expired"),
  sendCode: () => refusal(429, "tooManyRequests", "Too many attempts. Please wait a minute and try again"),
  validate: () => refusal(400, "invalidConfirmationCode", "Invalid confirmation code"),
  newPassword: () => refusal(400, "samePassword", "The new password must differ from the current one"),
  profile: () => refusal(403, "forbidden", "You are not allowed to do this"),
  session: () => refusal(401, "unauthorized", "Please sign in again"),
  refresh: () => refusal(401, "refreshTokenNotExists", "Refresh token not exists"),
};

const dialog = () => screen.getByRole("dialog");
const inDialog = (name: string | RegExp) => within(dialog()).getByRole("button", { name });
const type = (label: string, value: string) =>
  fireEvent.change(within(dialog()).getByLabelText(label), { target: { value } });
const heldCall = (world: World, path: string) => world.api.held.find((h) => h.call.path === path)?.call;
const previous = ({ path, index }: Step<World>) => (index > 0 ? path.steps[index - 1]!.state : "checking");
const PROFILE_RETRY = "xstate.after.profileRetry.auth.profileUnreachable";
const storedSession = (path: QaPath) => path.steps[0]!.guard === "hasSession";

/** The header's Log in (a guest's), or the sign-in form already open, or Check your mail's way to it. */
async function openSignIn() {
  const open = screen.queryByRole("dialog");
  if (open && within(open).queryByRole("heading", { name: "Log in" })) return;
  if (open) fireEvent.click(within(open).getByRole("button", { name: "Log in" }));
  else fireEvent.click(await screen.findByRole("button", { name: "Log in" }));
  await within(await screen.findByRole("dialog")).findByRole("heading", { name: "Log in" });
}

/** The sign-up form: kept open after a refusal, else reached from the sign-in form. */
async function signUpForm() {
  // While an e-mail waits to be confirmed, the modal says so and offers the form again for a mistyped address.
  const again =
    screen.queryByRole("dialog") && within(dialog()).queryByRole("button", { name: "Wrong address? Sign up again" });
  if (again) {
    fireEvent.click(again);
    await within(dialog()).findByRole("heading", { name: "Sign up" });
  } else if (!screen.queryByRole("dialog")?.querySelector("form")?.textContent?.includes("Create account")) {
    await openSignIn();
    fireEvent.click(inDialog("Sign up"));
    await within(dialog()).findByRole("heading", { name: "Sign up" });
  }
}

/** The password change's confirmation, dismissed before the player goes on. */
function dismissPasswordChanged() {
  const done = screen.queryByRole("dialog");
  if (done) fireEvent.click(within(done).getByRole("button", { name: "OK" }));
}

/** The note e-mail saved (a call the player makes). */
async function saveNoteEmail() {
  dismissPasswordChanged();
  fireEvent.change(await screen.findByLabelText("E-mail for notes"), { target: { value: "notes@example.com" } });
  fireEvent.click(screen.getByRole("button", { name: "Save e-mail" }));
}

/** A call answered 401 and its refresh refused by the server: the session is over. */
async function expire(world: World, method: "GET" | "POST", path: string) {
  await world.api.answer(method, path, refused.session());
  await world.api.answer("POST", call.refresh, refused.refresh());
}

/** A busy form: the dialog's submit shows its spinner while the call `path` waits with what was typed. */
async function waiting(world: World, path: string, body: unknown) {
  await poll(() => heldCall(world, path)?.body).toEqual(body);
  expect(
    within(dialog())
      .getAllByRole("button")
      .some((b) => b.getAttribute("aria-busy") === "true"),
  ).toBe(true);
}

async function alertSays(text: string) {
  expect((await within(dialog()).findByRole("alert")).textContent).toContain(text);
}

async function recoveryStep(step: number, lead: string) {
  await poll(() => screen.queryByRole("dialog")?.textContent ?? "").toContain(`Step ${step} of 3 — ${lead}`);
  expect(within(dialog()).getByRole("heading", { name: "Password recovery" })).toBeTruthy();
}

const header = () => within(screen.getByRole("banner", { hidden: true }));

/** The header of a signed-in player: the points and the account menu, no Log in. */
async function headerSignedIn() {
  await poll(() =>
    header().queryByRole("button", { name: `Account menu for ${profileFixture.name}`, hidden: true }),
  ).not.toBeNull();
  expect(header().getByText("Earned points")).toBeTruthy();
  expect(header().queryByRole("button", { name: "Log in", hidden: true })).toBeNull();
}

/** A session being restored or signed in: the header holds the avatar's place, neither Log in nor the menu. */
async function headerRestoring() {
  await poll(() => header().queryByTestId("session-pending")).not.toBeNull();
  expect(header().queryByRole("button", { name: "Log in", hidden: true })).toBeNull();
  expect(header().queryByText("Earned points")).toBeNull();
}

export const authDriver: ViewDriver<World> = {
  machine: authMachine,

  async arrange(path) {
    // A session kept by an earlier visit, there before the page loads.
    if (storedSession(path)) {
      document.cookie = `${storageKeys.accessToken}=${stored.accessToken}; path=/`;
      document.cookie = `${storageKeys.refreshToken}=${stored.refreshToken}; path=/`;
      localStorage.setItem(storageKeys.rememberMe, "true");
    }
    const api = heldApi((c) => {
      if ((held as readonly string[]).includes(c.path)) return "hold";
      if (c.path === "/api/auth/change-password") return ok(signedInTokens);
      if (c.path === "/api/diamonds/user/balance") return ok({ balance: "100" });
      if (c.path === "/api/auth/social") return ok({ providers: [] });
      return undefined;
    });
    const app = await loadFreshApp();
    const { Header, RequireAuth, AccountSection, AppRuntime, hooks } = app;
    function Account() {
      const profile = hooks.useProfile();
      return profile ? <AccountSection profile={profile} /> : null;
    }
    const { memory, location } = app.renderWithApp(
      <>
        <Header />
        <RequireAuth>
          <Account />
        </RequireAuth>
        <AppRuntime />
      </>,
      { path: "/" },
    );
    return { api, app, navigate: (to) => memory.navigate(to), where: location, away: 0 };
  },

  act: {
    async "auth.signIn"() {
      await openSignIn();
      type("E-mail", EMAIL);
      type("Password", PASSWORD);
      fireEvent.click(inDialog("Log in"));
    },
    async "auth.signUp"() {
      await signUpForm();
      type("Player name", profileFixture.name);
      type("E-mail", EMAIL);
      type("Password", PASSWORD);
      type("Confirm password", PASSWORD);
      const agree = within(dialog()).getByRole("checkbox");
      if (!(agree as HTMLInputElement).checked) fireEvent.click(agree);
      fireEvent.click(inDialog("Create account"));
    },
    // The e-mail's link opens the landing with its token.
    "auth.confirm": ({ world }) => act(() => world.navigate("/?token=confirm-token")),
    // The provider's window hands the tokens over through localStorage: this tab hears a storage event.
    "auth.social": () =>
      act(() => {
        const newValue = JSON.stringify({ accessToken: "social-access", refreshToken: "social-refresh", isNew: true });
        localStorage.setItem(storageKeys.social, newValue);
        window.dispatchEvent(new StorageEvent("storage", { key: storageKeys.social, newValue }));
      }),
    async "auth.recovery.start"() {
      await openSignIn();
      fireEvent.click(inDialog("Forgot password?"));
    },
    "auth.recovery.cancel": () => fireEvent.click(inDialog("Cancel")),
    "auth.recovery.sendCode"(s) {
      if (s.step.transition.source.key === "enterCode") return fireEvent.click(inDialog("Send the code again"));
      type("E-mail", EMAIL);
      fireEvent.click(inDialog("Send code"));
    },
    "auth.recovery.validate"() {
      type("Confirmation code", CODE);
      fireEvent.click(inDialog("Check code"));
    },
    "auth.recovery.newPassword"() {
      type("New password", NEW_PASSWORD);
      type("Confirm password", NEW_PASSWORD);
      fireEvent.click(inDialog("Save password"));
    },
    async "auth.signOut"() {
      dismissPasswordChanged();
      fireEvent.click(await screen.findByRole("button", { name: `Account menu for ${profileFixture.name}` }));
      fireEvent.click(await screen.findByRole("button", { name: "Sign Out" }));
      await screen.findByText("Are you sure you want to sign out?");
      fireEvent.click(inDialog("Yes I'm sure"));
    },
    // A changed password rotates the session: the profile is read again.
    async "auth.profile.reload"() {
      fireEvent.click(await screen.findByRole("button", { name: "Change password" }));
      await within(await screen.findByRole("dialog")).findByLabelText("Current password");
      type("Current password", PASSWORD);
      type("New password", NEW_PASSWORD);
      type("Confirm password", NEW_PASSWORD);
      fireEvent.click(inDialog("Change password"));
      await within(dialog()).findByRole("button", { name: "OK" });
    },
    async "auth.profile.updated"({ world }) {
      await saveNoteEmail();
      await world.api.answer("POST", call.noteEmail, ok({ ok: true }));
    },
    // The call at work when the session turns out over: the profile being read, the sign-out, or one the player makes.
    async "auth.session.expired"(s) {
      const from = previous(s);
      if (from === "loadingProfile") return expire(s.world, "GET", call.profile);
      if (from === "signingOut") return expire(s.world, "POST", call.signOut);
      await saveNoteEmail();
      await expire(s.world, "POST", call.noteEmail);
    },
    // The sign-in form clears an earlier attempt's error as it opens.
    "auth.error.clear": () => openSignIn(),
    "done signIn": ({ world }) => world.api.answer("POST", call.signIn, ok(signedInTokens)),
    "error signIn": ({ world }) => world.api.answer("POST", call.signIn, refused.signIn()),
    "done signUp": ({ world }) => world.api.answer("POST", call.signUp, ok({ email: EMAIL })),
    "error signUp": ({ world }) => world.api.answer("POST", call.signUp, refused.signUp()),
    "done confirm": ({ world }) => world.api.answer("POST", call.confirm, ok({ ...signedInTokens, isNew: true })),
    "error confirm": ({ world }) => world.api.answer("POST", call.confirm, refused.confirm()),
    "done loadProfile": ({ world }) => world.api.answer("GET", call.profile, ok(profileFixture)),
    "error loadProfile": ({ world, step }) => {
      if (step.guard === "outOfReach") world.away += 1;
      return world.api.answer("GET", call.profile, step.guard === "outOfReach" ? "network" : refused.profile());
    },
    "done signOut": ({ world }) => world.api.answer("POST", call.signOut, ok({ ok: true })),
    "error signOut": ({ world }) => world.api.answer("POST", call.signOut, "network"),
    "done sendCode": ({ world }) => world.api.answer("POST", call.sendCode, ok({ ok: true })),
    "error sendCode": ({ world }) => world.api.answer("POST", call.sendCode, refused.sendCode()),
    "done validateCode": ({ world }) => world.api.answer("POST", call.validate, ok({ ok: true })),
    "error validateCode": ({ world }) => world.api.answer("POST", call.validate, refused.validate()),
    "done newPassword": ({ world }) => world.api.answer("POST", call.newPassword, ok({ ok: true })),
    "error newPassword": ({ world }) => world.api.answer("POST", call.newPassword, refused.newPassword()),
    [PROFILE_RETRY]: ({ world }) => act(() => vi.advanceTimersByTimeAsync(PROFILE_RETRY_DELAYS_MS[world.away - 1]!)),
  },

  shows: {
    checking: null,
    async guest({ world, step }) {
      if (step.event === "auth.error.clear") {
        expect(within(dialog()).getByRole("heading", { name: "Log in" })).toBeTruthy();
        expect(within(dialog()).queryByRole("alert")).toBeNull();
        return;
      }
      if (step.event === "error signIn") await alertSays("Wrong e-mail or password");
      else if (step.event === "error signUp") await alertSays("This e-mail can't be used to sign up");
      else if (step.event === "error confirm")
        await poll(() => screen.queryByRole("dialog")?.textContent).toContain("This link is invalid or has expired");
      else await poll(() => screen.queryByRole("dialog")).toBeNull();
      await poll(() => header().queryByRole("button", { name: "Log in", hidden: true })).not.toBeNull();
      expect(header().queryByText("Earned points")).toBeNull();
      expect(world.app.tokens.readTokens()).toEqual({ accessToken: null, refreshToken: null });
      // A session that ends sends the player home.
      if (step.event !== "always") expect(world.where()).toBe("/");
    },
    signingIn: ({ world }) => waiting(world, call.signIn, { email: EMAIL, password: PASSWORD, rememberMe: false }),
    signingUp: ({ world }) =>
      waiting(world, call.signUp, {
        name: profileFixture.name,
        email: EMAIL,
        password: PASSWORD,
        confirmPassword: PASSWORD,
        agree: true,
        lng: "en",
      }),
    async awaitingConfirmation() {
      expect(await within(dialog()).findByRole("heading", { name: "Check your mail" })).toBeTruthy();
      expect(dialog().textContent).toContain(`We sent a confirmation link to ${EMAIL}.`);
    },
    async confirming({ world }) {
      await poll(() => heldCall(world, call.confirm)?.body).toEqual({ token: "confirm-token" });
      // The link's query is dropped from the address, so a reload does not confirm again.
      expect(world.where()).toBe("/");
    },
    async loadingProfile({ world, step }) {
      await poll(() => heldCall(world, call.profile)?.method).toBe("GET");
      expect(world.app.tokens.readTokens().accessToken).not.toBeNull();
      if (step.event === "auth.profile.reload" || step.event.startsWith("xstate.after")) {
        if (world.app.runtime.authActor.getSnapshot().context.profile) await headerSignedIn();
        else await headerRestoring();
      } else await headerRestoring();
    },
    async profileUnreachable({ world }) {
      // The session is kept: the stored tokens, or those the password change gave.
      const profile = world.app.runtime.authActor.getSnapshot().context.profile;
      expect(world.app.tokens.readTokens()).toEqual(profile ? signedInTokens : stored);
      expect(heldCall(world, call.profile)).toBeUndefined();
      if (profile) await headerSignedIn();
      else {
        expect((await screen.findByRole("status")).textContent).toBe(
          "The server cannot be reached right now. You are still signed in: trying again…",
        );
        await headerRestoring();
      }
    },
    async signedIn({ world, step }) {
      await headerSignedIn();
      expect(await screen.findByDisplayValue(profileFixture.email)).toBeTruthy();
      if (step.event === "auth.profile.updated")
        expect(await screen.findByText("The e-mail for notes has been saved.")).toBeTruthy();
      if (step.guard === "announcesSignIn") {
        // A fresh sign-in closes its modal and lands on the predictions.
        await poll(() => screen.queryByRole("dialog")).toBeNull();
        await poll(world.where).toBe("/predictions");
      }
    },
    async signingOut({ world }) {
      // The session's refresh token is revoked; the tokens go only once the server has answered.
      const { refreshToken } = world.app.tokens.readTokens();
      expect([stored.refreshToken, signedInTokens.refreshToken]).toContain(refreshToken);
      await poll(() => heldCall(world, call.signOut)?.body).toEqual({ refreshToken });
    },
    async "recovery.enterEmail"({ step }) {
      await recoveryStep(1, "Enter the e-mail of your account and we will send you a code.");
      if (step.event === "error sendCode") await alertSays("Too many attempts. Please wait a minute and try again");
      expect(inDialog("Send code")).toBeTruthy();
    },
    async "recovery.sendingCode"({ world }) {
      await waiting(world, call.sendCode, { email: EMAIL });
    },
    async "recovery.enterCode"({ step }) {
      await recoveryStep(2, `Enter the 6-digit code we sent to ${EMAIL}.`);
      if (step.event === "error validateCode") await alertSays("Invalid confirmation code");
      expect(within(dialog()).getByLabelText("Confirmation code")).toBeTruthy();
    },
    "recovery.validating": ({ world }) => waiting(world, call.validate, { email: EMAIL, code: CODE }),
    async "recovery.enterPassword"({ step }) {
      await recoveryStep(3, "Choose a new password.");
      if (step.event === "error newPassword") await alertSays("The new password must differ from the current one");
      expect(within(dialog()).getByLabelText("New password")).toBeTruthy();
    },
    "recovery.saving": ({ world }) =>
      waiting(world, call.newPassword, {
        email: EMAIL,
        code: CODE,
        password: NEW_PASSWORD,
        confirmPassword: NEW_PASSWORD,
      }),
    async "recovery.done"() {
      expect(await within(dialog()).findByRole("heading", { name: "Password changed" })).toBeTruthy();
      expect(dialog().textContent).toContain("Your new password is set. Log in with it now.");
    },
  },

  unplayable(path) {
    const last = path.steps.at(-1)!;
    if (last.event === "auth.signIn" && last.transition.source.key === "done")
      return "the recovery modal's Log in leaves the recovery (cancel) before the sign-in form opens";
    return null;
  },

  fakeClockAt: (path) => (path.steps.some((s) => s.state === "profileUnreachable") ? Date.now() : null),

  reroute(path, all) {
    const last = path.steps.at(-1)!;
    const ending = (event: string, guard: string | null = null, otherwise = false) =>
      all.find((p) => {
        const end = p.steps.at(-1)!;
        return end.event === event && end.guard === guard && end.otherwise === otherwise;
      })!.steps;
    const source = last.transition.source.key;
    // Opening a sign-in form clears the error; a page restoring its session offers none: a guest opens it.
    if (last.event === "auth.error.clear" && path.steps.at(-2)?.state !== "guest")
      return { ...path, steps: [...ending("always", null, true), { ...last, state: "guest" }] };
    // A restored session announces no sign-in: the announcing load is a sign-in's.
    if (last.event === "done loadProfile" && last.guard === "announcesSignIn")
      return { ...path, steps: [...ending("done signIn"), last] };
    const restored = ending("done loadProfile", null, true);
    if (path.steps[1]?.guard === "announcesSignIn" && source === "signedIn")
      return { ...path, steps: [...restored, last] };
    // Only a signed-in player has the account menu (and a call to expire): the profile is kept while the server is
    // away after a reload. The first waits (1 s to 8 s) pass on the fake clock; the player acts in the fifth (15 s),
    // which a loaded machine's real time (and the polls' own moves of the fake clock) does not run out first.
    if (source === "profileUnreachable" && last.event !== PROFILE_RETRY) {
      const reload = ending("auth.profile.reload").at(-1)!;
      const away = ending("error loadProfile", "outOfReach").at(-1)!;
      const retry = ending(PROFILE_RETRY).at(-1)!;
      return {
        ...path,
        steps: [...restored, reload, away, retry, away, retry, away, retry, away, retry, away, last] as PathStep[],
      };
    }
    return null;
  },

  async cleanup(world) {
    world.app.unload();
    await Promise.resolve();
  },
};

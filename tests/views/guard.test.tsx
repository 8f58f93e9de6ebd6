import { act, screen } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { appActor, authActor, modalActor, runtimeArrived } from "../../src/runtime/appActor";
import { signedInDestination } from "../../src/runtime/navigation";
import { RequireAuth } from "../../src/app/RequireAuth";
import { json, profileFixture } from "./fixtures";
import { renderWithApp, resetApp, signInForTest, stubApi } from "./renderWithApp";

afterEach(() => {
  resetApp();
  appActor.send({ type: "app.redirect.clear" });
});

describe("unauthenticated users are sent home, the page is remembered and the sign-in modal opens", () => {
  it("a guest on /predictions lands on / with SignIn open and /predictions remembered", async () => {
    stubApi();
    const app = renderWithApp(
      <RequireAuth>
        <p>secret</p>
      </RequireAuth>,
      { path: "/predictions" },
    );
    await vi.waitFor(() => expect(app.location()).toBe("/"));
    expect(screen.queryByText("secret")).toBeNull();
    expect(appActor.getSnapshot().context.redirectTo).toBe("/predictions");
    const stack = modalActor.getSnapshot().context.stack;
    expect(stack.map((m) => m.kind)).toEqual(["SignIn"]);
  });

  it("remembers the query string too", async () => {
    stubApi();
    const app = renderWithApp(
      <RequireAuth>
        <p>secret</p>
      </RequireAuth>,
      { path: "/leagues/manage", search: "league=7" },
    );
    await vi.waitFor(() => expect(app.location()).toBe("/"));
    expect(appActor.getSnapshot().context.redirectTo).toBe("/leagues/manage?league=7");
  });

  it("a signed-in player sees the page", async () => {
    await signInForTest();
    renderWithApp(
      <RequireAuth>
        <p>secret</p>
      </RequireAuth>,
      { path: "/predictions" },
    );
    expect(screen.getByText("secret")).toBeTruthy();
  });
});

/** The profile call waits until `answer` is called; every other call is a 404. */
function holdProfile() {
  let answer!: (response: Response) => void;
  const held = new Promise<Response>((resolve) => (answer = resolve));
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(String(input), init);
      if (new URL(request.url).pathname === "/api/users/profile") return held;
      return json(404, { statusCode: 404, code: "notFound", message: "Not found" });
    }),
  );
  return (response: Response) => act(() => answer(response));
}

describe("a screen that renders without the profile is shown while a stored session is restored", () => {
  it("shows such a screen while the profile loads, and any other guarded screen only once it is loaded", async () => {
    const answer = holdProfile();
    act(() => authActor.send({ type: "auth.social", accessToken: "a", refreshToken: "r", isNew: false }));
    renderWithApp(
      <>
        <RequireAuth whileRestoring>
          <p>early</p>
        </RequireAuth>
        <RequireAuth>
          <p>late</p>
        </RequireAuth>
      </>,
      { path: "/predictions" },
    );
    expect(screen.getByText("early")).toBeTruthy();
    expect(screen.queryByText("late")).toBeNull();
    await answer(json(200, { result: profileFixture }));
    await vi.waitFor(() => expect(screen.getByText("late")).toBeTruthy());
  });

  it("an invalid stored session still sends the player home with SignIn open", async () => {
    const answer = holdProfile();
    act(() => authActor.send({ type: "auth.social", accessToken: "a", refreshToken: "r", isNew: false }));
    const app = renderWithApp(
      <RequireAuth whileRestoring>
        <p>early</p>
      </RequireAuth>,
      { path: "/predictions" },
    );
    expect(screen.getByText("early")).toBeTruthy();
    await answer(json(404, { statusCode: 404, code: "notFound", message: "Not found" }));
    await vi.waitFor(() => expect(app.location()).toBe("/"));
    expect(screen.queryByText("early")).toBeNull();
    expect(appActor.getSnapshot().context.redirectTo).toBe("/predictions");
    expect(modalActor.getSnapshot().context.stack.map((m) => m.kind)).toEqual(["SignIn"]);
  });
});

describe("after sign-in the user goes to the remembered page, otherwise to predictions", () => {
  // The app machine sends the player on once the runtime has arrived; the guard's tests above ran without it.
  beforeAll(runtimeArrived);

  it("returns to the remembered page and forgets it", async () => {
    stubApi();
    appActor.send({ type: "app.redirect.remember", path: "/bets" });
    modalActor.send({ type: "modal.open", kind: "SignIn" });
    const app = renderWithApp(null, { path: "/" });
    act(() => authActor.send({ type: "auth.social", accessToken: "a", refreshToken: "r", isNew: false }));
    await vi.waitFor(() => expect(app.location()).toBe("/bets"));
    expect(appActor.getSnapshot().context.redirectTo).toBeNull();
    expect(modalActor.getSnapshot().context.stack).toHaveLength(0);
  });

  it("goes to predictions when nothing was remembered", async () => {
    stubApi();
    const app = renderWithApp(null, { path: "/" });
    act(() => authActor.send({ type: "auth.social", accessToken: "a", refreshToken: "r", isNew: true }));
    await vi.waitFor(() => expect(app.location()).toBe("/predictions"));
  });

  it("with state=profile it goes to the profile with a userId query", () => {
    expect(signedInDestination(null, "?state=profile", "u1")).toBe("/profile?userId=u1");
    expect(signedInDestination("/bets", "?state=profile", "u1")).toBe("/bets");
    expect(signedInDestination(null, "", "u1")).toBe("/predictions");
  });
});

describe("signing out goes home", () => {
  it("navigates to / when the auth actor reports auth.signedOut", async () => {
    await signInForTest();
    const app = renderWithApp(null, { path: "/favorites" });
    act(() => authActor.send({ type: "auth.signOut" }));
    await vi.waitFor(() => expect(app.location()).toBe("/"));
    expect(authActor.getSnapshot().matches("guest")).toBe(true);
  });
});

// On a deep link to a screen shown while a stored session is restored (/predictions), the
// session's profile call waits until that screen's content is on screen, so it does not end before the page's
// largest paint. The app actor reads the first page at load, so this file sets the page and the session first.
import { afterAll, describe, expect, it, vi } from "vitest";
import { json, profileFixture } from "./fixtures";

describe("a restored session on /predictions", () => {
  afterAll(() => vi.unstubAllGlobals());

  it("asks for the profile once the screen's content is on screen, not before, and then signs in", async () => {
    history.replaceState(null, "", "/predictions");
    document.cookie = "accessToken=access; path=/";
    document.cookie = "refreshToken=refresh; path=/";
    const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = new URL(input instanceof Request ? input.url : new Request(String(input), init).url).pathname;
      return path === "/api/users/profile"
        ? json(200, { result: profileFixture })
        : json(404, { statusCode: 404, code: "notFound", message: "Not found" });
    });
    vi.stubGlobal("fetch", fetchMock);
    const profileCalls = () =>
      fetchMock.mock.calls.filter(([input]) =>
        String(input instanceof Request ? input.url : input).endsWith("/api/users/profile"),
      ).length;
    // Imported after the page and the session are set: the actor starts (and restores) at import.
    const { authActor } = await import("../../src/runtime/appActor");
    const { firstContentShown } = await import("../../src/lib/firstPaint");

    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(authActor.getSnapshot().matches("loadingProfile")).toBe(true);
    expect(profileCalls()).toBe(0);

    firstContentShown(performance.now());
    await vi.waitFor(() => expect(authActor.getSnapshot().matches("signedIn")).toBe(true));
    expect(profileCalls()).toBe(1);
  });
});

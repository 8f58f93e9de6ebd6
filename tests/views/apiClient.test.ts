import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "../../src/api/client";
import { readTokens, storeTokens } from "../../src/api/tokens";
import { getLinks } from "../../src/api/system";
import { getProfile } from "../../src/api/users";
import { appActor, modalActor } from "../../src/runtime/appActor";
import { json, profileFixture } from "./fixtures";

type Handler = (request: Request) => Response | Promise<Response>;
let calls: { path: string; auth: string | null }[] = [];

function serve(handler: Handler) {
  calls = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(String(input), init);
      calls.push({ path: new URL(request.url).pathname, auth: request.headers.get("authorization") });
      return handler(request);
    }),
  );
}

const callsTo = (path: string) => calls.filter((c) => c.path === path);

beforeEach(() => {
  modalActor.send({ type: "modal.closeAll" });
  appActor.send({ type: "app.error.clear" });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe("every request carries the bearer token and unwraps `result`", () => {
  it("sends Authorization from the stored access token and returns the parsed result", async () => {
    storeTokens({ accessToken: "access-1", refreshToken: "refresh-1" }, false);
    serve(() => json(200, { result: profileFixture }));
    const profile = await getProfile();
    expect(profile.name).toBe("Marco Rossi");
    expect(calls[0]).toEqual({ path: "/api/users/profile", auth: "Bearer access-1" });
  });

  it("sends no Authorization header without a token", async () => {
    serve(() =>
      json(200, {
        result: {
          helpCentre: "h",
          terms: "t",
          privacy: "p",
          about: "a",
          contact: "c",
          appStore: "s",
          googlePlay: "g",
          facebook: "f",
          discord: "d",
          twitter: "x",
          instagram: "i",
          youtube: "y",
        },
      }),
    );
    await getLinks();
    expect(calls[0]!.auth).toBeNull();
  });
});

describe("401: one shared refresh, then one retry", () => {
  it("two concurrent 401s cause exactly one refresh call and both requests are retried once with the new token", async () => {
    storeTokens({ accessToken: "old", refreshToken: "refresh-old" }, false);
    serve(async (request) => {
      const path = new URL(request.url).pathname;
      if (path === "/api/auth/refresh") {
        await new Promise((r) => setTimeout(r, 20));
        return json(200, { result: { accessToken: "new", refreshToken: "refresh-new" } });
      }
      return request.headers.get("authorization") === "Bearer new"
        ? json(200, { result: profileFixture })
        : json(401, { statusCode: 401, code: "unauthorized", message: "Please sign in again" });
    });

    const [a, b] = await Promise.all([getProfile(), getProfile()]);
    expect(a.id).toBe("u1");
    expect(b.id).toBe("u1");
    expect(callsTo("/api/auth/refresh")).toHaveLength(1);
    expect(callsTo("/api/users/profile").map((c) => c.auth)).toEqual([
      "Bearer old",
      "Bearer old",
      "Bearer new",
      "Bearer new",
    ]);
    expect(readTokens()).toEqual({ accessToken: "new", refreshToken: "refresh-new" });
  });

  it("a 401 on the retry is passed on, not refreshed again", async () => {
    storeTokens({ accessToken: "old", refreshToken: "refresh-old" }, false);
    serve((request) =>
      new URL(request.url).pathname === "/api/auth/refresh"
        ? json(200, { result: { accessToken: "new", refreshToken: "refresh-new" } })
        : json(401, { statusCode: 401, code: "unauthorized", message: "Please sign in again" }),
    );
    const error = await getProfile().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect(callsTo("/api/auth/refresh")).toHaveLength(1);
    expect(callsTo("/api/users/profile")).toHaveLength(2);
  });
});

describe("refresh failure clears the tokens, stores the error and passes it on", () => {
  it("rejects with the refresh error, empties token storage and sets the app's last error", async () => {
    storeTokens({ accessToken: "old", refreshToken: "revoked" }, false);
    const refused = { statusCode: 401, code: "refreshTokenNotExists", message: "Refresh token not exists" };
    serve((request) =>
      new URL(request.url).pathname === "/api/auth/refresh"
        ? json(401, refused)
        : json(401, { statusCode: 401, code: "unauthorized", message: "Please sign in again" }),
    );
    const error = await getProfile().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe("refreshTokenNotExists");
    expect(readTokens()).toEqual({ accessToken: null, refreshToken: null });
    expect(appActor.getSnapshot().context.lastError?.code).toBe("refreshTokenNotExists");
  });
});

describe("418: the race-started modal, and the caller's handler is suppressed", () => {
  it("opens ImageAndTitle with the race-started text and no close button; the error is flagged handled", async () => {
    serve(() => json(418, { statusCode: 418, code: "raceStarted", message: "Race has already started" }));
    const error = (await getLinks().catch((e: unknown) => e)) as ApiError;
    expect(error.code).toBe("raceStarted");
    expect(error.handled).toBe(true);
    const top = modalActor.getSnapshot().context.stack.at(-1);
    expect(top?.kind).toBe("ImageAndTitle");
    expect(top?.props).toEqual({ textKey: "raceStarted" });
    expect(top?.options.showClose).toBe(false);
  });
});

describe("the loading flag is on during a request and off afterwards", () => {
  it("counts the request in flight", async () => {
    let release: ((r: Response) => void) | undefined;
    serve(
      () =>
        new Promise<Response>((resolve) => {
          release = resolve;
        }),
    );
    const pending = getLinks().catch(() => undefined);
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(appActor.getSnapshot().context.loading).toBe(1);
    release?.(json(500, {}));
    await pending;
    expect(appActor.getSnapshot().context.loading).toBe(0);
  });
});

describe("every refusal reaches the screen with its own code", () => {
  it("keeps the server's code (413 payloadTooLarge, 415, 405, 429) and its English text", async () => {
    for (const [statusCode, code] of [
      [413, "payloadTooLarge"],
      [415, "unsupportedMediaType"],
      [405, "methodNotAllowed"],
      [429, "tooManyRequests"],
    ] as const) {
      serve(() => json(statusCode, { statusCode, code, message: "from the server" }));
      const error = (await getLinks().catch((e: unknown) => e)) as ApiError;
      expect([error.status, error.code, error.message]).toEqual([statusCode, code, "from the server"]);
    }
  });

  it("names a refusal by its status when a proxy answered without our error body", async () => {
    serve(
      () =>
        new Response("<html><body>413 Request Entity Too Large</body></html>", {
          status: 413,
          headers: { "content-type": "text/html" },
        }),
    );
    const error = (await getLinks().catch((e: unknown) => e)) as ApiError;
    expect([error.status, error.code, error.message]).toEqual([413, "payloadTooLarge", "The request is too large"]);
  });
});

describe("network failures become 'Something went wrong.'", () => {
  it("rejects with code somethingWentWrong and status 0", async () => {
    serve(() => {
      throw new TypeError("Failed to fetch");
    });
    const error = (await getLinks().catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.code).toBe("somethingWentWrong");
    expect(error.status).toBe(0);
  });
});

import { describe, expect, it } from "vitest";
import { clearTokens, readTokens, storeTokens, tokenExpiry } from "../../src/api/tokens";
import { fakeJwt } from "./fixtures";

const inOneHour = Math.floor(Date.now() / 1000) + 3600;
const anHourAgo = Math.floor(Date.now() / 1000) - 3600;

describe("remember-me 'true': tokens are cookies that expire with the token", () => {
  it("stores both tokens as cookies and nothing in sessionStorage", () => {
    const access = fakeJwt(inOneHour);
    storeTokens({ accessToken: access, refreshToken: "opaque-refresh" }, true);
    expect(document.cookie).toContain("accessToken=");
    expect(document.cookie).toContain("refreshToken=opaque-refresh");
    expect(sessionStorage.getItem("accessToken")).toBeNull();
    expect(readTokens()).toEqual({ accessToken: access, refreshToken: "opaque-refresh" });
    expect(localStorage.getItem("rememberMe")).toBe("true");
  });

  it("the cookie's expiry is the token's own exp: an expired token is not kept", () => {
    storeTokens({ accessToken: fakeJwt(anHourAgo), refreshToken: "opaque-refresh" }, true);
    expect(readTokens().accessToken).toBeNull();
    expect(readTokens().refreshToken).toBe("opaque-refresh");
  });

  it("reads exp from the JWT payload", () => {
    expect(tokenExpiry(fakeJwt(inOneHour))?.getTime()).toBe(inOneHour * 1000);
    expect(tokenExpiry("not-a-jwt")).toBeNull();
  });
});

describe("remember-me off: tokens live in session storage", () => {
  it("stores both tokens in sessionStorage and sets no cookie", () => {
    storeTokens({ accessToken: "a1", refreshToken: "r1" }, false);
    expect(sessionStorage.getItem("accessToken")).toBe("a1");
    expect(sessionStorage.getItem("refreshToken")).toBe("r1");
    expect(document.cookie).not.toContain("accessToken=");
    expect(readTokens()).toEqual({ accessToken: "a1", refreshToken: "r1" });
  });

  it("a refresh keeps the earlier choice of store", () => {
    storeTokens({ accessToken: "a1", refreshToken: "r1" }, false);
    storeTokens({ accessToken: "a2", refreshToken: "r2" });
    expect(sessionStorage.getItem("accessToken")).toBe("a2");
    expect(document.cookie).not.toContain("accessToken=");
  });
});

describe("clearing tokens empties both stores", () => {
  it("removes cookies and session entries", () => {
    storeTokens({ accessToken: fakeJwt(inOneHour), refreshToken: "r1" }, true);
    clearTokens();
    expect(readTokens()).toEqual({ accessToken: null, refreshToken: null });
    storeTokens({ accessToken: "a1", refreshToken: "r1" }, false);
    clearTokens();
    expect(readTokens()).toEqual({ accessToken: null, refreshToken: null });
  });
});

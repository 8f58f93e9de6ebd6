import { describe, expect, it } from "vitest";
import { API_PREFIX, authCalls, fillPath, systemCalls, usersCalls, type Call } from "../../contract/calls";

const catalogue: Record<string, Call> = { ...authCalls, ...usersCalls, ...systemCalls };

describe("fillPath fills every :name parameter, URL-encoded", () => {
  it("replaces each parameter with its value", () => {
    expect(fillPath("/leagues/:id/members/:userId", { id: "l1", userId: 42 })).toBe("/leagues/l1/members/42");
  });

  it("encodes values so they stay one path segment", () => {
    expect(fillPath("/users/:id/profile", { id: "a/b c?" })).toBe("/users/a%2Fb%20c%3F/profile");
  });

  it("leaves a path without parameters as it is", () => {
    expect(fillPath("/users/profile")).toBe("/users/profile");
  });

  it("refuses to build a path with a parameter left out", () => {
    expect(() => fillPath("/users/:id/favorite", {})).toThrow("missing path parameter id");
  });
});

describe("the call catalogue follows spec section 7", () => {
  it("serves everything under /api", () => {
    expect(API_PREFIX).toBe("/api");
  });

  it.each(Object.entries(catalogue))("%s has an absolute path whose parameters fillPath can fill", (_, call) => {
    expect(call.path.startsWith("/")).toBe(true);
    const names = [...call.path.matchAll(/:(\w+)/g)].map((m) => m[1]);
    const filled = fillPath(call.path, Object.fromEntries(names.map((n) => [n, "x"])));
    expect(filled).not.toContain(":");
  });

  it("lists each method and path once", () => {
    const routes = Object.values(catalogue).map((c) => `${c.method} ${c.path}`);
    expect(new Set(routes).size).toBe(routes.length);
  });

  it.each([
    ["signUpConfirm", "POST", "/auth/sign-up/confirm"],
    ["refresh", "POST", "/auth/refresh"],
    ["recoverySendCode", "POST", "/auth/recovery/send-code"],
    ["changePassword", "POST", "/auth/change-password"],
  ])("auth call %s is %s %s", (name, method, path) => {
    expect(authCalls[name as keyof typeof authCalls]).toMatchObject({ method, path });
  });

  it.each([
    ["profile", "GET", "/users/profile", true],
    ["update", "PUT", "/users", true],
    ["players", "GET", "/users", false],
    ["favorite", "POST", "/users/:id/favorite", true],
    ["unfavorite", "DELETE", "/users/:id/favorite", true],
    ["addNoteEmail", "POST", "/users/add-note-email", true],
    ["publicProfile", "GET", "/users/:id/profile", false],
    ["deleteAccount", "DELETE", "/users", true],
  ])("users call %s is %s %s (signed in: %s)", (name, method, path, auth) => {
    expect(usersCalls[name as keyof typeof usersCalls]).toMatchObject({ method, path, auth });
  });

  it("keeps the system calls public", () => {
    expect(Object.values(systemCalls).every((c) => !c.auth)).toBe(true);
  });
});

import { vi } from "vitest";
import { json, profileFixture } from "../fixtures";

export type Call = { method: string; path: string; search: string; body: unknown };
export type Route = (call: Call) => Response | undefined;

/**
 * Stubs only the network: answers by method + path, records every call with its JSON body.
 * The signed-in player's own profile and sign-out answer by default; anything else is a 404.
 */
export function stubRoutes(route: Route) {
  const calls: Call[] = [];
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const url = new URL(request.url);
    const text = await request.text();
    const call: Call = {
      method: request.method,
      path: url.pathname,
      search: url.search,
      body: text ? JSON.parse(text) : null,
    };
    calls.push(call);
    const answer = route(call);
    if (answer) return answer;
    if (call.path === "/api/users/profile") return json(200, { result: profileFixture });
    if (call.path === "/api/auth/sign-out") return json(200, { result: { ok: true } });
    return json(404, { statusCode: 404, code: "notFound", message: "Not found" });
  });
  return calls;
}

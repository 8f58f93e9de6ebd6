import { act } from "@testing-library/react";
import { vi } from "vitest";
import { json, profileFixture } from "../fixtures";
import type { Call } from "../screens/stubRoutes";

// The network for a walk: like `stubRoutes`, it answers by method and path and records every call, but a route may
// answer "hold", and the call then waits until the path's step answers it (a success, a refusal or a network
// failure). A state the machine waits in (`sending`, `placing`) is therefore seen on the view before it settles.

export type Answer = Response | "hold" | undefined;
export type HeldCall = { call: Call; resolve: (r: Response) => void; reject: (e: unknown) => void };

export const ok = (result: unknown) => json(200, { result });
export const refusal = (statusCode: number, code: string, message: string) =>
  json(statusCode, { statusCode, code, message });

export function heldApi(route: (call: Call) => Answer) {
  const calls: Call[] = [];
  const held: HeldCall[] = [];
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
    const routed = route(call);
    if (routed === "hold") return new Promise<Response>((resolve, reject) => held.push({ call, resolve, reject }));
    if (routed) return routed;
    if (call.path === "/api/users/profile") return json(200, { result: profileFixture });
    if (call.path === "/api/auth/sign-out") return json(200, { result: { ok: true } });
    return json(404, { statusCode: 404, code: "notFound", message: "Not found" });
  });

  /**
   * Waits until a call `method path` is held, then answers it (or fails it as the network does); a function decides
   * the answer from the call.
   */
  async function answer(
    method: string,
    path: string | RegExp,
    response: Response | "network" | ((call: Call) => Response),
  ): Promise<Call> {
    const matches = (h: HeldCall) =>
      h.call.method === method && (typeof path === "string" ? h.call.path === path : path.test(h.call.path));
    const found = await vi.waitFor(
      () => {
        const i = held.findIndex(matches);
        if (i < 0)
          throw new Error(
            `no ${method} ${String(path)} is waiting (held: ${held.map((h) => `${h.call.method} ${h.call.path}`).join(", ") || "none"})`,
          );
        return held.splice(i, 1)[0]!;
      },
      { timeout: 3000, interval: 10 },
    );
    await act(async () => {
      if (response === "network") found.reject(new TypeError("Failed to fetch"));
      else found.resolve(typeof response === "function" ? response(found.call) : response);
      await new Promise((r) => setTimeout(r, 0));
    });
    return found.call;
  }

  return { calls, held, answer };
}

export type HeldApi = ReturnType<typeof heldApi>;

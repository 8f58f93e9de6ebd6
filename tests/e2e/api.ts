// The product's API as e2e tests call it to arrange what a journey needs: as a player (their access token), with
// a bare token, or as a guest (null).
import type { Player } from "./accounts";

export type Caller = Player | string | null;

const bearer = (who: Caller): Record<string, string> => {
  const token = typeof who === "string" ? who : who?.tokens.accessToken;
  return token ? { authorization: `Bearer ${token}` } : {};
};

/** The answer whatever its status: `{ status, result, code, message }`. */
export async function apiAnswer<T>(
  url: string,
  who: Caller,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; result: T; code?: string; message?: string }> {
  const res = await fetch(`${url}/api${path}`, {
    method,
    headers: { ...bearer(who), ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { result: T; code?: string; message?: string };
  return { status: res.status, result: json.result, code: json.code, message: json.message };
}

/** The call's result; a refusal throws with its status and message. */
export async function api<T>(url: string, who: Caller, method: string, path: string, body?: unknown): Promise<T> {
  const answer = await apiAnswer<T>(url, who, method, path, body);
  if (answer.status < 200 || answer.status >= 300)
    throw new Error(`${method} ${path} → ${answer.status} ${answer.message ?? ""}`);
  return answer.result;
}

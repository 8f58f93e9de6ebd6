import ky, { isHTTPError, type KyInstance } from "ky";
import type * as z from "zod";
import type { Tokens } from "../../contract/auth";
import { API_PREFIX, authCalls, fillPath, type Call, type PathNames } from "../../contract/calls";
import { ApiError, apiErrorOf, errorBodyFrom } from "./apiError";
import { readTokens } from "./tokens";

export { ApiError } from "./apiError";

/**
 * What the client needs from the app around every call. The app actor connects itself once
 * (src/runtime/appActor.ts); until then calls still work, without loading flag, refresh or modals.
 */
export type ClientBridge = {
  requestStarted(): void;
  requestFinished(): void;
  /** One shared refresh for every waiting caller (the tokenRefresh actor). */
  refresh(): Promise<Tokens>;
  /**
   * A call was answered 401 with no tokens left (another tab signed out): a signed-in tab signs out too, so it is
   * never half signed in. A refused refresh ends the session from the refresh itself (src/runtime/appActor.ts).
   */
  sessionExpired(error: ApiError): void;
  /** 418: the app shows the race-started modal. */
  raceStarted(): void;
};

let bridge: ClientBridge | null = null;
export function connectClient(next: ClientBridge | null) {
  bridge = next;
}

const RETRY_AFTER_REFRESH = "TOKEN_REFRESHED";
const STATUS_UNAUTHORIZED = 401;
const STATUS_RACE_STARTED = 418;

function withBearer(outgoing: Request) {
  const { accessToken } = readTokens();
  if (accessToken) outgoing.headers.set("Authorization", `Bearer ${accessToken}`);
  else outgoing.headers.delete("Authorization");
}

const base = {
  prefix: API_PREFIX,
  // Absolute, so the same code runs where Request does not resolve relative URLs (tests, workers).
  baseUrl: globalThis.location?.origin,
  // Only the one retry after a refresh: ky's own retries (network, 5xx) stay off, as the spec's cache has none either.
  retry: { limit: 1, shouldRetry: () => false },
  hooks: { beforeRequest: [(state: { request: Request }) => withBearer(state.request)] },
};

/** For the refresh call itself: a 401 here must not start another refresh. */
const bareApi: KyInstance = ky.create(base);

const api: KyInstance = ky.create({
  ...base,
  hooks: {
    beforeRequest: base.hooks.beforeRequest,
    afterResponse: [
      async ({ request: sent, response, retryCount }) => {
        if (response.status !== STATUS_UNAUTHORIZED || retryCount > 0 || !bridge) return;
        const stored = readTokens();
        if (!stored.accessToken && !stored.refreshToken) {
          // A guest's 401 (wrong password, say) has no session to renew; a signed-in tab whose tokens are gone ends.
          bridge.sessionExpired(
            new ApiError(
              errorBodyFrom(
                await response
                  .clone()
                  .json()
                  .catch(() => null),
                STATUS_UNAUTHORIZED,
              ),
            ),
          );
          return;
        }
        // Another tab (remember-me shares the cookies) refreshed meanwhile: its token is new, and using the old
        // refresh token again would count as a stolen one and revoke the session everywhere.
        const usedToken = sent.headers.get("Authorization")?.replace(/^Bearer /, "");
        if (stored.accessToken && usedToken && stored.accessToken !== usedToken)
          return ky.retry({ code: RETRY_AFTER_REFRESH, delay: 0 });
        try {
          await bridge.refresh();
        } catch (error) {
          // A refused token has ended the session already (the app hears it from the refresh itself); a server out
          // of reach kept the tokens, and this call fails as any call does then.
          throw error instanceof ApiError ? error : apiErrorOf("refreshTokenNotExists", STATUS_UNAUTHORIZED);
        }
        return ky.retry({ code: RETRY_AFTER_REFRESH, delay: 0 });
      },
    ],
    // The retried request keeps its old headers: put the fresh access token on it.
    beforeRetry: [(state) => withBearer(state.request)],
  },
});

/** The values a call's path names, each by its `:name` (a call without any takes none). */
type ParamsOf<C extends Call> = { [K in PathNames<C["path"]>]: string | number };
type BodyOf<C extends Call> = C extends { body: infer B extends z.ZodType } ? z.input<B> : never;
type QueryOf<C extends Call> = C extends { query: infer Q extends z.ZodType } ? z.input<Q> : never;
export type RequestOptions<C extends Call> = {
  params?: ParamsOf<C>;
  query?: QueryOf<C>;
  body?: BodyOf<C>;
  /** Multipart body (uploads: POST /s3); sent instead of `body`. */
  form?: FormData;
  signal?: AbortSignal;
};

function searchParamsOf(query: unknown): Record<string, string> | undefined {
  if (!query || typeof query !== "object") return undefined;
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== "") out[key] = String(value);
  }
  return out;
}

function isAbort(error: unknown) {
  return error instanceof DOMException && error.name === "AbortError";
}

async function toApiError(error: unknown): Promise<ApiError> {
  if (error instanceof ApiError) return error;
  if (isHTTPError(error)) {
    const status = error.response.status;
    if (status === STATUS_RACE_STARTED) {
      bridge?.raceStarted();
      // A late save names the sessions that had started: the screen closes only those.
      const { sessions } = errorBodyFrom(error.data, status);
      const started = apiErrorOf("raceStarted", STATUS_RACE_STARTED, true);
      return sessions ? new ApiError({ ...started.body, sessions }, true) : started;
    }
    return new ApiError(errorBodyFrom(error.data, status));
  }
  return apiErrorOf("somethingWentWrong");
}

/** The diagnostics recorder hears of every failed call (the call's path pattern, status and code). */
let apiErrorListener: ((call: string, status: number, code: string) => void) | null = null;
export function onApiError(listener: typeof apiErrorListener) {
  apiErrorListener = listener;
}

/** Zod's parse options for the answers: see `request`. */
export const JITLESS = { jitless: true } as const;

/** Calls one entry of the contract's call catalogue and returns its parsed `result`. */
export async function request<C extends Call>(call: C, opts: RequestOptions<C> = {}): Promise<z.infer<C["result"]>> {
  const instance = (call as Call) === authCalls.refresh ? bareApi : api;
  bridge?.requestStarted();
  try {
    const data = await instance(fillPath(call.path, opts.params).replace(/^\//, ""), {
      method: call.method,
      json: opts.form ? undefined : opts.body,
      body: opts.form,
      searchParams: searchParamsOf(opts.query),
      signal: opts.signal,
    }).json<{ result?: unknown }>();
    // Without zod's eval-based fast path. Its first parse of each object schema writes and compiles a
    // function (~1–5 ms each on a phone-class core, a few dozen schemas on a first page), more than the answers' own
    // parses cost; those long tasks were what the predictions page still spent after its first paint.
    const parsed = call.result.safeParse(data?.result, JITLESS);
    if (!parsed.success) {
      console.error(`Unexpected response from ${call.method} ${call.path}`, parsed.error);
      throw apiErrorOf("somethingWentWrong");
    }
    return parsed.data as z.infer<C["result"]>;
  } catch (error) {
    if (isAbort(error)) throw error;
    const failure = await toApiError(error);
    apiErrorListener?.(`${call.method} ${call.path}`, failure.status, failure.code);
    throw failure;
  } finally {
    bridge?.requestFinished();
  }
}

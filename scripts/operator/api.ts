// The operator tools' HTTP client (`npm run admin -- results|injure`, `npm run simulate`, the e2e weekend):
// every call is one of the contract's, its body checked by the call's schema before sending and its answer
// parsed by the call's result schema. Talks to a running server, never to its database (PGlite is one
// process's database).
import type * as z from "zod";
import { API_PREFIX, fillPath, type Call } from "../../contract/calls";
import { ADMIN_TOKEN_HEADER, adminCalls, resultsCalls } from "../../contract/calls.results";
import { adminBetsCalls, devBetsCalls } from "../../contract/calls.bets";
import type { OddsBody } from "../../contract/bets";
import { racesCalls } from "../../contract/calls.races";
import { ErrorBody, MAX_PAGE_SIZE } from "../../contract/common";
import { DEMO_PLAYERS_MAX, devCalls } from "../../contract/dev";
import type { Race, RaceRider } from "../../contract/races";
import type { ResultBody } from "../../contract/results";
import { loadConfig } from "../../server/config";

/** The server answered with an error body (`{ statusCode, code, message }`). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly call: string,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

/** Nothing answered at the address (not running, wrong port), or the answer was not the API's. */
export class ServerUnreachable extends Error {
  override name = "ServerUnreachable";
}

/** A request the tool refuses before sending (unknown race or rider, a malformed body). */
export class OperatorError extends Error {
  override name = "OperatorError";
}

type Out<C extends Call> = z.output<C["result"]>;
type Request = {
  params?: Record<string, string | number>;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  /** Send the operators' header (admin calls). */
  admin?: boolean;
  headers?: Record<string, string>;
};

export type OperatorApiOptions = {
  /** e.g. http://localhost:3000 (without /api). */
  baseUrl: string;
  /** The server's ADMIN_TOKEN (or its dev secret); needed only for the admin calls. */
  adminToken?: string | undefined;
  fetch?: typeof fetch;
};

/** `API_URL`, else `http://localhost:${PORT || 3000}`. */
export const apiUrlFromEnv = (env: Record<string, string | undefined> = process.env): string =>
  (env.API_URL?.trim() || `http://localhost:${env.PORT?.trim() || 3000}`).replace(/\/+$/, "");

/**
 * The admin token the server uses: `ADMIN_TOKEN`, else the development secret in DATA_DIR/secrets.json
 * (`loadConfig().adminToken`), so a CLI with the server's DATA_DIR (default ./data) reads the same one.
 */
export function adminTokenFromEnv(env: Record<string, string | undefined> = process.env): string | undefined {
  return env.ADMIN_TOKEN?.trim() || loadConfig(env).adminToken;
}

/** Say a race the way operators do: "Grand Prix of Italy (2026, round 12)". */
export const raceLabel = (race: Pick<Race, "name" | "season" | "round">) =>
  `${race.name} (${race.season}, round ${race.round})`;
export const riderLabel = (rider: Pick<RaceRider, "number" | "name">) => `#${rider.number} ${rider.name}`;

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A rider of the race's entry list by race number ("93") or id. Unknown: an OperatorError naming the
 * numbers that are entered.
 */
export function resolveRider(riders: readonly RaceRider[], ref: string): RaceRider {
  const wanted = ref.trim().replace(/^#/, "");
  const found = /^\d+$/.test(wanted)
    ? riders.find((r) => r.number === Number(wanted))
    : riders.find((r) => r.id.toLowerCase() === wanted.toLowerCase());
  if (found) return found;
  const numbers = riders.map((r) => r.number).toSorted((a, b) => a - b);
  throw new OperatorError(
    `No rider ${/^\d+$/.test(wanted) ? `#${wanted}` : wanted} in this race's entry list (numbers: ${numbers.join(", ")}).`,
  );
}

export function operatorApi(options: OperatorApiOptions) {
  const baseUrl = options.baseUrl.replace(/\/+$/, "");
  const doFetch = options.fetch ?? fetch;

  async function send<C extends Call>(call: C, req: Request = {}): Promise<Out<C>> {
    const path = fillPath(call.path, req.params);
    const label = `${call.method} ${API_PREFIX}${path}`;
    let body: string | undefined;
    if (call.body) {
      const checked = call.body.safeParse(req.body ?? {});
      if (!checked.success)
        throw new OperatorError(
          `${label}: ${checked.error.issues.map((i) => `${i.path.join(".") || "body"}: ${i.message}`).join("; ")}`,
        );
      body = JSON.stringify(checked.data);
    }
    const search = new URLSearchParams();
    for (const [k, v] of Object.entries(req.query ?? {})) if (v !== undefined) search.set(k, String(v));
    const url = `${baseUrl}${API_PREFIX}${path}${search.size ? `?${search}` : ""}`;
    const headers: Record<string, string> = { accept: "application/json", ...req.headers };
    if (body !== undefined) headers["content-type"] = "application/json";
    if (req.admin) {
      if (!options.adminToken)
        throw new OperatorError(
          "No admin token: set ADMIN_TOKEN, or use the server's DATA_DIR so its development secret is found.",
        );
      headers[ADMIN_TOKEN_HEADER] = options.adminToken;
    }

    let res: Response;
    try {
      res = await doFetch(url, { method: call.method, headers, body });
    } catch (err) {
      const cause = (err as { cause?: { code?: string; message?: string } }).cause;
      throw new ServerUnreachable(
        `Cannot reach the server at ${baseUrl} (${cause?.code ?? cause?.message ?? (err as Error).message}). Is it running? Set API_URL (or PORT) to its address.`,
      );
    }
    const text = await res.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      throw new ServerUnreachable(
        `${label} → ${res.status}: ${baseUrl} did not answer like the Paddock Predictor API.`,
      );
    }
    if (!res.ok) {
      const error = ErrorBody.safeParse(json);
      if (error.success) throw new ApiError(res.status, error.data.code, error.data.message, label);
      throw new ApiError(res.status, "unknown", `${label} → ${res.status}`, label);
    }
    const result = (json as { result?: unknown } | undefined)?.result;
    const parsed = call.result.safeParse(result);
    if (!parsed.success)
      throw new ServerUnreachable(
        `${label}: the answer does not match the contract (${parsed.error.issues[0]?.message}); is the server the same version?`,
      );
    return parsed.data as Out<C>;
  }

  async function allRaces(): Promise<Race[]> {
    const out: Race[] = [];
    for (let page = 1; ; page++) {
      const got = await send(racesCalls.list, { query: { page, take: MAX_PAGE_SIZE } });
      out.push(...got.data);
      if (page >= got.pages) return out;
    }
  }

  const api = {
    baseUrl,
    send,

    /** GET /dev/clock; a server that answers 404 does not serve the dev calls (production). */
    clock: () => send(devCalls.getClock),
    setClock: (now: Date | string) => send(devCalls.setClock, { body: { now: new Date(now).toISOString() } }),
    /** The server's clock, or a clear refusal when it has no dev calls (a production server). */
    async requireDevServer() {
      try {
        return await api.clock();
      } catch (err) {
        if (err instanceof ApiError && err.status === 404) {
          throw new OperatorError(
            `${baseUrl} does not serve the development calls (a production server, NODE_ENV=production): the simulator moves the server's clock and creates demo players, so it runs only against a development server.`,
          );
        }
        throw err;
      }
    },
    /** POST /dev/demo-players, in calls of at most 200. */
    async addDemoPlayers(raceId: string, count: number) {
      const players: { id: string; name: string }[] = [];
      let categories: string[] = [];
      for (let left = count; left > 0; left -= DEMO_PLAYERS_MAX) {
        const out = await send(devCalls.demoPlayers, { body: { raceId, count: Math.min(left, DEMO_PLAYERS_MAX) } });
        players.push(...out.players);
        categories = out.categories;
      }
      return { players, categories };
    },

    /** POST /dev/demo-bets, in calls of at most 200 players: demo players bet on the race. */
    async addDemoBets(raceId: string, playerIds: readonly string[]) {
      const total = { bets: 0, staked: 0, players: 0 };
      for (let i = 0; i < playerIds.length; i += DEMO_PLAYERS_MAX) {
        const out = await send(devBetsCalls.demoBets, {
          body: { raceId, playerIds: playerIds.slice(i, i + DEMO_PLAYERS_MAX) },
        });
        total.bets += out.bets;
        total.staked += out.staked;
        total.players += out.players;
      }
      return total;
    },

    allRaces,
    nextRaces: (take = 1) => send(racesCalls.next, { query: { take } }),
    raceRiders: (raceId: string) => send(racesCalls.riders, { params: { id: raceId } }),
    raceResults: (raceId: string) => send(resultsCalls.race, { params: { raceId } }),
    seasonBoard: (take = 10) => send(resultsCalls.season, { query: { take } }),

    /**
     * A race by id, or "next" (the next or running race: the first of GET /races/next), or "current" (the
     * latest race weekend that has started, finished or not: the one whose results are being entered).
     */
    async resolveRace(ref: string): Promise<Race> {
      const wanted = ref.trim().toLowerCase();
      if (wanted === "next") {
        const [next] = await api.nextRaces(1);
        if (!next) throw new OperatorError("No race left in the calendar (every race has finished); name one by id.");
        return next;
      }
      const races = await allRaces();
      if (wanted === "current") {
        const current = races.findLast((r) => r.status === "STARTED");
        if (!current) throw new OperatorError("No race weekend has started yet; use next or a race id.");
        return current;
      }
      if (!uuid.test(wanted)) throw new OperatorError(`"${ref}" is not a race: give a race id, next or current.`);
      const found = races.find((r) => r.id.toLowerCase() === wanted);
      if (!found) throw new OperatorError(`No race with the id ${ref}.`);
      return found;
    },

    enterResult: (raceId: string, body: ResultBody) =>
      send(adminCalls.enterResult, { params: { raceId }, body, admin: true }),
    injure: (riderId: string, raceId: string) =>
      send(adminCalls.injure, { params: { riderId }, body: { raceId }, admin: true }),
    setOdds: (raceId: string, body: OddsBody) =>
      send(adminBetsCalls.setOdds, { params: { raceId }, body, admin: true }),
  };
  return api;
}

export type OperatorApi = ReturnType<typeof operatorApi>;

// A child process of `npm run bench deadline`: its share of the players, each holding a live socket and doing
// over HTTP what the SPA does (a process may keep only 20,000 files open, and a browser's work is not the server's).
// Driven over IPC:
//   { connect: { url, players, fp1SessionId } } → one socket per player through the balancer, reconnecting as the
//                                                 SPA's does; answers { connected, ms }
//   { lock: { raceId, lockAt, latePlayers } }    → the lock phase (deadline.ts says what each player does);
//                                                 answers { lock: { records, pushes, held, drops } }
//   { failover: { raceId, from, seconds } }      → saves of the next race, each tried again on a failure as a
//                                                 player taps Save again; answers { failover: { records, held,
//                                                 drops, reconnects } }
//   { readBack: raceId }                         → every player's prediction read and compared with what the
//                                                 server acknowledged; answers { readBack: { … } }
//   { close: true }                              → disconnects all and exits.
// Times are wall-clock ms (performance.timeOrigin + performance.now(): comparable across processes of one machine).
import { Agent, request as httpRequest } from "node:http";
import { performance } from "node:perf_hooks";
import { io as connect, type Socket } from "socket.io-client";
import { LIVE_NAMESPACE, LiveEvent } from "../../../contract/live";

export type Player = { id: string; token: string };
/** One request: what it was, when it left and came back, and its status (0: a connection error, -1: no answer in time). */
export type Record_ = {
  kind: "read" | "save" | "late" | "lateRetry" | "failoverSave" | "readBack";
  route: string;
  sent: number;
  done: number;
  status: number;
  fp1?: boolean;
};
type Message = {
  connect?: { url: string; players: Player[]; fp1SessionId: string };
  lock?: { raceId: string; lockAt: number; latePlayers: string[] };
  failover?: { raceId: string; from: number; seconds: number };
  readBack?: string;
  close?: true;
};

/** ky's default: a request unanswered for this long has failed. */
const TIMEOUT_MS = 10_000;
const wall = () => performance.timeOrigin + performance.now();
const sleepUntil = (at: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, at - wall())));
const send = (m: object) => process.send?.(m);
// Browsers hold several connections each; this process's players share a pool of them through the balancer.
const agent = new Agent({ keepAlive: true, maxSockets: 256 });

let base = "";
let players: Player[] = [];
const sockets = new Map<string, Socket>();
let pushes: number[] = [];
let drops = 0;
/** When sockets connected again after a drop. */
let reconnects: number[] = [];
let fp1 = "";
/** Per player and race: the picks the server acknowledged (category → rider). */
const acknowledged = new Map<string, Map<string, string>>();

function call(
  player: Player | null,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; json: unknown }> {
  return new Promise((resolve) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = httpRequest(
      `${base}/api${path}`,
      {
        method,
        agent,
        timeout: TIMEOUT_MS,
        headers: {
          accept: "application/json",
          ...(player ? { authorization: `Bearer ${player.token}` } : {}),
          ...(payload ? { "content-type": "application/json", "content-length": Buffer.byteLength(payload) } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          let json: unknown = null;
          try {
            json = JSON.parse(Buffer.concat(chunks).toString("utf8"));
          } catch {
            // an empty or non-JSON answer (a balancer's 502 page)
          }
          resolve({ status: res.statusCode ?? 0, json });
        });
        res.on("error", () => resolve({ status: 0, json: null }));
      },
    );
    req.on("timeout", () => {
      req.destroy();
      resolve({ status: -1, json: null });
    });
    req.on("error", () => resolve({ status: 0, json: null }));
    req.end(payload);
  });
}

async function timed(
  records: Record_[],
  kind: Record_["kind"],
  route: string,
  player: Player | null,
  method: string,
  path: string,
  body?: unknown,
  fp1Pick?: boolean,
) {
  const sent = wall();
  const answer = await call(player, method, path, body);
  records.push({
    kind,
    route,
    sent,
    done: wall(),
    status: answer.status,
    ...(fp1Pick !== undefined ? { fp1: fp1Pick } : {}),
  });
  return answer;
}

type Slot = { category: string; session: string };
type Prediction = { version: number; data: { category: string; riderId: string }[]; slots: Slot[] };
const resultOf = <T>(json: unknown) => (json as { result?: T } | null)?.result;

/** What the Predictions screen asks for when it opens, all at once as the SPA's queries start. */
async function open(records: Record_[], player: Player, raceId: string) {
  const [, , riders, prediction] = await Promise.all([
    timed(records, "read", "GET /races", null, "GET", "/races?page=1&take=100"),
    timed(records, "read", "GET /races/next", null, "GET", "/races/next?take=1"),
    timed(records, "read", "GET /v2/races/:id/riders", null, "GET", `/v2/races/${raceId}/riders?raceClass=MOTOGP`),
    timed(records, "read", "GET /predictions/races/:raceId", player, "GET", `/predictions/races/${raceId}`),
    timed(
      records,
      "read",
      "GET /predictions/change-prediction-rules",
      null,
      "GET",
      "/predictions/change-prediction-rules",
    ),
    timed(records, "read", "GET /diamonds/user/balance", player, "GET", "/diamonds/user/balance"),
  ]);
  const available = (resultOf<{ riders: { id: string; available: boolean }[] }>(riders.json)?.riders ?? [])
    .filter((r) => r.available)
    .map((r) => r.id);
  return { riders: available, prediction: resultOf<Prediction>(prediction.json) };
}

const CATEGORIES = [
  "FP1",
  "PRACTICE_FASTEST",
  "FP2",
  "POLEMAN",
  "SPRINT_FIRST",
  "SPRINT_SECOND",
  "SPRINT_THIRD",
  "RACE_FIRST",
  "RACE_SECOND",
  "RACE_THIRD",
  "POSITION_GAINED",
];

/** Eleven different riders, one per category, as a player taps them in. */
function picksFrom(riders: string[]): { category: string; riderId: string }[] {
  const pool = [...riders];
  for (let i = pool.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return CATEGORIES.map((category, i) => ({ category, riderId: pool[i % pool.length]! }));
}

function acknowledge(playerId: string, raceId: string, json: unknown) {
  const saved = resultOf<Prediction>(json);
  if (!saved) return;
  acknowledged.set(`${playerId}:${raceId}`, new Map(saved.data.map((p) => [p.category, p.riderId])));
}

const rand = (lo: number, hi: number) => lo + Math.random() * (hi - lo);

/**
 * One player at the lock: opens Predictions 2–15 s before saving, saves all 11 picks at a random moment of the
 * last 60 s (again, up to 3 times, when the save failed) — or, for a late player, first after the lock: the 418
 * names the sessions that started, and the player saves the rest as the SPA's save bar offers.
 */
async function playLock(records: Record_[], player: Player, raceId: string, lockAt: number, late: boolean) {
  const saveAt = late ? lockAt + rand(0, 5_000) : lockAt - rand(0, 60_000);
  await sleepUntil(saveAt - rand(2_000, 15_000));
  const { riders, prediction } = await open(records, player, raceId);
  if (!prediction || riders.length === 0) return;
  const picks = picksFrom(riders);
  await sleepUntil(saveAt);
  const path = `/predictions/races/${raceId}`;
  for (let attempt = 0; attempt < 3; attempt++) {
    const answer = await timed(
      records,
      late ? "late" : "save",
      "POST /predictions/races/:raceId",
      player,
      "POST",
      path,
      { version: prediction.version, data: picks },
      true,
    );
    if (answer.status === 200) return acknowledge(player.id, raceId, answer.json);
    if (answer.status === 418) {
      const started = new Set((answer.json as { sessions?: string[] } | null)?.sessions ?? []);
      const sessionOf = new Map(prediction.slots.map((s) => [s.category, s.session]));
      const rest = picks.filter((p) => !started.has(sessionOf.get(p.category) ?? ""));
      if (rest.length === 0 || rest.length === picks.length) return;
      const retry = await timed(
        records,
        "lateRetry",
        "POST /predictions/races/:raceId",
        player,
        "POST",
        path,
        { version: prediction.version, data: rest },
        false,
      );
      if (retry.status === 200) acknowledge(player.id, raceId, retry.json);
      return;
    }
    if (answer.status >= 400 && answer.status < 500) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** One player during the failover: opens the next race and saves its picks, tapping Save again on a failure. */
async function playFailover(records: Record_[], player: Player, raceId: string, from: number, seconds: number) {
  await sleepUntil(from + rand(0, seconds * 1000));
  let opened: Awaited<ReturnType<typeof open>> | null = null;
  for (let attempt = 0; attempt < 10 && !opened?.prediction; attempt++) {
    const o = await open(records, player, raceId);
    if (o.prediction && o.riders.length) opened = o;
    else await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  if (!opened?.prediction) return;
  const picks = picksFrom(opened.riders);
  let version = opened.prediction.version;
  for (let attempt = 0; attempt < 10; attempt++) {
    const answer = await timed(
      records,
      "failoverSave",
      "POST /predictions/races/:raceId",
      player,
      "POST",
      `/predictions/races/${raceId}`,
      { version, data: picks },
    );
    if (answer.status === 200) return acknowledge(player.id, raceId, answer.json);
    if (answer.status === 409) {
      // An earlier try was saved but its answer lost with the instance: the SPA reads the weekend again.
      const again = resultOf<Prediction>(
        (await timed(records, "read", "GET /predictions/races/:raceId", player, "GET", `/predictions/races/${raceId}`))
          .json,
      );
      if (again) version = again.version;
      continue;
    }
    if (answer.status >= 400 && answer.status < 500) return;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

function openSocket(player: Player): Promise<Socket> {
  // The SPA's socket: websocket only, the token in `auth`, reconnecting with backoff after a drop.
  const socket = connect(`${base}${LIVE_NAMESPACE}`, {
    transports: ["websocket"],
    forceNew: true,
    auth: { token: player.token },
    reconnectionDelayMax: 5_000,
  });
  socket.on(LiveEvent.races, (event: { type: string; sessionId: string }) => {
    if (event.type === "RACE_STARTED" && event.sessionId === fp1) pushes.push(wall());
  });
  socket.on("disconnect", () => drops++);
  socket.io.on("reconnect", () => reconnects.push(wall()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("connect timeout")), 120_000);
    socket.once("connect", () => {
      clearTimeout(timer);
      resolve(socket);
    });
  });
}

const held = () => [...sockets.values()].filter((s) => s.connected).length;

process.on("message", (m: Message) => {
  void (async () => {
    if (m.connect) {
      base = m.connect.url;
      players = m.connect.players;
      fp1 = m.connect.fp1SessionId;
      const t0 = wall();
      for (let i = 0; i < players.length; i += 100) {
        const batch = players.slice(i, i + 100);
        const opened = await Promise.all(batch.map((p) => openSocket(p)));
        batch.forEach((p, j) => sockets.set(p.id, opened[j]!));
      }
      send({ connected: held(), ms: wall() - t0 });
    } else if (m.lock) {
      const { raceId, lockAt, latePlayers } = m.lock;
      const late = new Set(latePlayers);
      pushes = [];
      drops = 0;
      const records: Record_[] = [];
      await Promise.all(players.map((p) => playLock(records, p, raceId, lockAt, late.has(p.id))));
      // The race clock ticks every few seconds: wait for the lock's push before counting it.
      await sleepUntil(Math.max(wall(), lockAt + 12_000));
      send({ lock: { records, pushes, held: held(), drops } });
    } else if (m.failover) {
      const { raceId, from, seconds } = m.failover;
      drops = 0;
      reconnects = [];
      const records: Record_[] = [];
      await Promise.all(players.map((p) => playFailover(records, p, raceId, from, seconds)));
      // Sockets on the killed instance reconnect through the balancer to the other: give them their backoff.
      const until = wall() + 30_000;
      while (held() < sockets.size && wall() < until) await new Promise((resolve) => setTimeout(resolve, 250));
      send({ failover: { records, held: held(), drops, reconnects } });
    } else if (m.readBack) {
      const raceId = m.readBack;
      let checked = 0;
      let lost = 0;
      let extra = 0;
      let unread = 0;
      const records: Record_[] = [];
      for (let i = 0; i < players.length; i += 50) {
        await Promise.all(
          players.slice(i, i + 50).map(async (p) => {
            const answer = await timed(
              records,
              "readBack",
              "GET /predictions/races/:raceId",
              p,
              "GET",
              `/predictions/races/${raceId}`,
            );
            const saved = resultOf<Prediction>(answer.json);
            if (!saved) return void unread++;
            const ack = acknowledged.get(`${p.id}:${raceId}`) ?? new Map<string, string>();
            const stored = new Map(saved.data.map((d) => [d.category, d.riderId]));
            for (const [category, rider] of ack) {
              checked++;
              if (stored.get(category) !== rider) lost++;
            }
            for (const category of stored.keys()) if (!ack.has(category)) extra++;
          }),
        );
      }
      send({
        readBack: {
          checked,
          lost,
          extra,
          unread,
          acknowledgedPlayers: players.filter((p) => acknowledged.has(`${p.id}:${raceId}`)).length,
        },
      });
    } else if (m.close) {
      for (const s of sockets.values()) s.disconnect();
      process.exit(0);
    }
  })().catch((err: unknown) => {
    console.error("deadline players:", err instanceof Error ? err.stack : String(err));
    process.exit(1);
  });
});

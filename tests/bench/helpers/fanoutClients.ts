// A child process of `npm run bench fanout` holding its share of the sockets (a process may keep only 20,000 files
// open, and the server's ends are in the parent). Driven over IPC:
//   { connect: { urls, token, n } } → connects n clients round-robin over urls, answers { connected, ms }
//   { listen: round }              → arms every socket for one `races` event, answers { armed }
//   then answers { round, count, last, median } with the arrivals' wall-clock times (performance.timeOrigin +
//   performance.now(), comparable across processes of one machine) once all of them have it
//   { close: true }                → disconnects all and exits.
import { performance } from "node:perf_hooks";
import { io as connect, type Socket } from "socket.io-client";
import { LIVE_NAMESPACE, LiveEvent } from "../../../contract/live";

type Message = { connect?: { urls: string[]; token: string; n: number }; listen?: number; close?: true };

const sockets: Socket[] = [];
/** Connections in flight per process at once. */
const BATCH = 100;
const wall = () => performance.timeOrigin + performance.now();
const send = (m: object) => process.send?.(m);

function open(url: string, token: string): Promise<Socket> {
  const socket = connect(`${url}${LIVE_NAMESPACE}`, {
    transports: ["websocket"],
    reconnection: false,
    forceNew: true,
    auth: { token },
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("connect timeout")), 120_000);
    socket.once("connect", () => {
      clearTimeout(timer);
      resolve(socket);
    });
    socket.once("connect_error", (err) => {
      clearTimeout(timer);
      reject(err);
    });
  });
}

/** A refused connection (the listen backlog full while thousands connect at once) is tried again, as a client's backoff would. */
async function openRetrying(url: string, token: string): Promise<Socket> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await open(url, token);
    } catch (err) {
      if (attempt >= 10) throw err;
      await new Promise((resolve) => setTimeout(resolve, 250 * attempt));
    }
  }
}

process.on("message", (m: Message) => {
  void (async () => {
    if (m.connect) {
      const t0 = wall();
      const { urls, token, n } = m.connect;
      for (let i = 0; i < n; i += BATCH) {
        sockets.push(
          ...(await Promise.all(
            Array.from({ length: Math.min(BATCH, n - i) }, (_, j) => openRetrying(urls[(i + j) % urls.length]!, token)),
          )),
        );
      }
      send({ connected: sockets.length, ms: wall() - t0 });
    } else if (m.listen !== undefined) {
      const round = m.listen;
      const arrivals: number[] = [];
      for (const s of sockets) {
        s.once(LiveEvent.races, () => {
          arrivals.push(wall());
          if (arrivals.length === sockets.length) {
            const sorted = arrivals.toSorted((a, b) => a - b);
            send({ round, count: sorted.length, last: sorted.at(-1), median: sorted[Math.floor(sorted.length / 2)] });
          }
        });
      }
      send({ armed: round });
    } else if (m.close) {
      for (const s of sockets) s.disconnect();
      process.exit(0);
    }
  })().catch((err: unknown) => {
    console.error("fan-out client:", err instanceof Error ? err.message : String(err));
    process.exit(1);
  });
});

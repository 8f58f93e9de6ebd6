// Stopping the server (SIGTERM → app.close()): what a request still arriving on a kept-alive connection is told.
import { connect, type AddressInfo } from "node:net";
import { expect, it } from "vitest";
import { buildApp } from "../../server/app";
import { createLive } from "../../server/live";
import { outboxMailer } from "../../server/mail/transport";
import { onEachBackend } from "./harness";

/** The HTTP/1.1 answers read off one connection (as latin1: one character a byte, as Content-Length counts): status, headers, JSON body. */
function parseAnswers(raw: string) {
  const answers: { status: number; headers: Record<string, string>; body: unknown }[] = [];
  let rest = raw;
  while (rest.startsWith("HTTP/1.1 ")) {
    const end = rest.indexOf("\r\n\r\n");
    const [statusLine, ...lines] = rest.slice(0, end).split("\r\n");
    const headers = Object.fromEntries(
      lines.map((l) => [l.slice(0, l.indexOf(":")).toLowerCase(), l.slice(l.indexOf(":") + 1).trim()]),
    );
    const length = Number(headers["content-length"] ?? 0);
    const body = rest.slice(end + 4, end + 4 + length);
    answers.push({
      status: Number(statusLine!.split(" ")[1]),
      headers,
      body: body ? JSON.parse(Buffer.from(body, "latin1").toString("utf8")) : undefined,
    });
    rest = rest.slice(end + 4 + length);
  }
  return answers;
}

onEachBackend("Stopping the server", (h) => {
  it("answers a request that arrives on a kept-alive connection while stopping with 503 serviceUnavailable, closing the connection", async () => {
    const live = createLive({ db: h.database, clock: h.clock, config: h.config });
    const app = await buildApp({
      db: h.database,
      clock: h.clock,
      mailer: outboxMailer(h.database.db, h.clock),
      config: h.config,
      live,
    });
    h.checkAnswers(app);
    // The first request is held in flight, so its connection is busy (not idle) when the server starts stopping.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let arrived!: () => void;
    const inFlight = new Promise<void>((r) => (arrived = r));
    app.addHook("onRequest", async (request) => {
      if (!request.headers["x-hold"]) return;
      arrived();
      await held;
    });
    await app.listen({ host: "127.0.0.1", port: 0 });
    const socket = connect((app.server.address() as AddressInfo).port, "127.0.0.1");
    let raw = "";
    socket.setEncoding("latin1").on("data", (chunk: string) => (raw += chunk));
    const closed = new Promise((r) => socket.on("close", r));

    socket.write("GET /api/system/countries HTTP/1.1\r\nHost: pp.test\r\nConnection: keep-alive\r\nx-hold: 1\r\n\r\n");
    await inFlight;
    const stopping = app.close();
    await new Promise((r) => setImmediate(r));
    socket.write("GET /api/system/countries HTTP/1.1\r\nHost: pp.test\r\nConnection: keep-alive\r\n\r\n");
    await new Promise((r) => setTimeout(r, 50));
    release();
    await stopping;
    await closed;

    const [first, second] = parseAnswers(raw);
    expect(first?.status).toBe(200);
    expect(second?.status).toBe(503);
    expect(second?.body).toMatchObject({
      statusCode: 503,
      code: "serviceUnavailable",
      message: "The service is unavailable for a moment. Please try again",
    });
    expect(second?.headers.connection).toBe("close");
  });
});

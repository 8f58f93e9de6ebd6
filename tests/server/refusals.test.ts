// Every refusal has its own code and message (413, 415, 404, 405, a URL that does not decode),
// and a body too large is refused on its Content-Length before it is read, over a real socket, so that a
// browser still sending reads the 413 instead of a reset.
import { connect, type Socket } from "node:net";
import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { messages } from "../../contract/messages";
import { UPLOAD_MAX_BYTES } from "../../contract/calls.uploads";
import { onEachBackend, type Harness } from "./harness";
import { quickPlayer } from "./leaguePlayers";

type Raw = { status: number; headers: Record<string, string>; body: string };

/** Parses the first HTTP/1.1 response out of what the socket received (Content-Length framing). */
function firstResponse(received: string): Raw | null {
  const end = received.indexOf("\r\n\r\n");
  if (end < 0) return null;
  const [statusLine, ...lines] = received.slice(0, end).split("\r\n");
  const headers = Object.fromEntries(
    lines.map((l) => [l.slice(0, l.indexOf(":")).toLowerCase(), l.slice(l.indexOf(":") + 1).trim()]),
  );
  const length = Number(headers["content-length"] ?? 0);
  if (received.length < end + 4 + length) return null;
  return { status: Number(statusLine!.split(" ")[1]), headers, body: received.slice(end + 4, end + 4 + length) };
}

/**
 * Sends the head of a request declaring `declared` body bytes, then (optionally) the body in chunks, as a
 * browser would. Resolves with the response, whether the server answered before any body byte was sent,
 * how many body bytes the socket took, and whether the connection was reset.
 */
async function sendLarge(port: number, head: string, declared: number, sendBody: boolean) {
  const socket: Socket = connect(port, "127.0.0.1");
  await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
  let received = "";
  let reset = false;
  let sent = 0;
  let answeredBeforeBody: boolean | null = null;
  const response = new Promise<Raw>((resolve) => {
    socket.on("data", (chunk) => {
      received += chunk.toString("latin1");
      const parsed = firstResponse(received);
      if (parsed) {
        answeredBeforeBody ??= sent === 0;
        resolve(parsed);
      }
    });
  });
  socket.on("error", () => {
    reset = true;
  });
  socket.write(`${head}Content-Length: ${declared}\r\n\r\n`);
  // Give the server the chance to answer on the head alone (it answers at once; the margin is for a loaded
  // machine, where 300 ms was seen to be too short: the race ends as soon as the answer arrives).
  await Promise.race([response, new Promise((r) => setTimeout(r, 5_000))]);
  if (sendBody) {
    const chunk = Buffer.alloc(64 * 1024, 0x61);
    while (sent < declared && !socket.destroyed) {
      const n = Math.min(chunk.length, declared - sent);
      const flushed = socket.write(n === chunk.length ? chunk : chunk.subarray(0, n));
      sent += n;
      if (!flushed) await new Promise((r) => socket.once("drain", r));
    }
  }
  const answer = await response;
  // The same connection still serves the next request: it was not torn down under the client.
  const closed = new Promise((r) => (socket.closed ? r(null) : socket.once("close", r)));
  if (!socket.destroyed) socket.write("GET /api/system/links HTTP/1.1\r\nHost: pp.test\r\nConnection: close\r\n\r\n");
  await closed;
  const next = firstResponse(received.slice(received.indexOf("HTTP/1.1", 1)));
  return { answer, answeredBeforeBody, sent, reset, next };
}

/** A listening copy of the app (the harness closes it after the test). */
async function listeningPort(h: Harness): Promise<number> {
  const app: FastifyInstance = await h.buildApp({});
  await app.listen({ port: 0, host: "127.0.0.1" });
  return (app.server.address() as AddressInfo).port;
}

onEachBackend("refusals", (h) => {
  describe("a body too large is refused on its Content-Length, before it is read (real socket)", () => {
    it("answers 413 payloadTooLarge on the head alone, lets the client finish sending, and keeps the connection", async () => {
      const declared = 5 * 1024 * 1024;
      const res = await sendLarge(
        await listeningPort(h),
        "POST /api/auth/sign-in HTTP/1.1\r\nHost: pp.test\r\nContent-Type: application/json\r\n",
        declared,
        true,
      );
      expect(res.answer.status).toBe(413);
      expect(JSON.parse(res.answer.body)).toEqual({
        statusCode: 413,
        code: "payloadTooLarge",
        message: messages.payloadTooLarge,
      });
      expect(res.answeredBeforeBody).toBe(true);
      expect(res.sent).toBe(declared);
      expect(res.reset).toBe(false);
      expect(res.next?.status).toBe(200);
    });

    it("answers an upload over 2 MB with 413 fileTooLarge before a byte of the image is read", async () => {
      const player = await quickPlayer(h);
      const declared = UPLOAD_MAX_BYTES + 512 * 1024;
      const head = `POST /api/s3 HTTP/1.1\r\nHost: pp.test\r\nAuthorization: Bearer ${player.token}\r\nContent-Type: multipart/form-data; boundary=x\r\n`;
      const res = await sendLarge(await listeningPort(h), head, declared, true);
      expect(res.answer.status).toBe(413);
      expect(JSON.parse(res.answer.body)).toMatchObject({ code: "fileTooLarge", message: messages.fileTooLarge });
      expect(res.answeredBeforeBody).toBe(true);
      expect(res.reset).toBe(false);
      expect(res.next?.status).toBe(200);
    });
  });

  describe("Node's own refusals come in the same shape", () => {
    it("431 payloadTooLarge for headers over 16 KiB (a huge query string), 400 malformedRequest for a request that does not parse", async () => {
      const port = await listeningPort(h);
      const raw = async (request: string) => {
        const socket = connect(port, "127.0.0.1");
        let received = "";
        socket.on("data", (chunk) => (received += chunk.toString("latin1")));
        socket.on("error", () => undefined);
        await new Promise((r) => socket.once("connect", r));
        socket.write(request);
        await new Promise((r) => socket.once("close", r));
        return firstResponse(received)!;
      };
      const huge = await raw(`GET /api/leagues?text=${"a".repeat(20_000)} HTTP/1.1\r\nHost: pp.test\r\n\r\n`);
      expect([huge.status, JSON.parse(huge.body)]).toEqual([
        431,
        { statusCode: 431, code: "payloadTooLarge", message: messages.payloadTooLarge },
      ]);
      const garbage = await raw("NOT HTTP AT ALL\r\n\r\n");
      expect([garbage.status, JSON.parse(garbage.body).code]).toEqual([400, "malformedRequest"]);
    });
  });

  describe("every refusal has its own code and message", () => {
    it("415 unsupportedMediaType for a body the route does not read", async () => {
      const res = await h.app.inject({
        method: "POST",
        url: "/api/auth/sign-in",
        headers: { "content-type": "application/xml" },
        payload: "<login/>",
      });
      expect([res.statusCode, res.json()]).toEqual([
        415,
        { statusCode: 415, code: "unsupportedMediaType", message: messages.unsupportedMediaType },
      ]);
    });

    it("405 methodNotAllowed, with Allow, for a method a known path does not serve", async () => {
      const res = await h.app.inject({ method: "DELETE", url: "/api/system/countries" });
      expect([res.statusCode, res.json()]).toEqual([
        405,
        { statusCode: 405, code: "methodNotAllowed", message: messages.methodNotAllowed },
      ]);
      expect(res.headers.allow).toBe("GET, HEAD");
      expect(
        (await h.app.inject({ method: "PATCH", url: "/api/leagues/3f1c2a9e-1b2c-4d5e-8f90-0123456789ab" })).headers
          .allow,
      ).toBe("GET, HEAD, PUT, DELETE");
    });

    it("404 notFound for an unknown path, a path parameter that names nothing, or one too long to be an id", async () => {
      for (const url of [
        "/api/nowhere",
        "/api/leagues/%00",
        "/api/leagues/%E2%80%AEid",
        `/api/riders/${"a".repeat(300)}`,
      ]) {
        const res = await h.app.inject({ method: "GET", url });
        expect([url, res.statusCode, res.json()]).toEqual([
          url,
          404,
          { statusCode: 404, code: "notFound", message: messages.notFound },
        ]);
      }
    });

    it("400 malformedRequest for a body that is not JSON and a URL that does not decode", async () => {
      const badJson = await h.app.inject({
        method: "POST",
        url: "/api/auth/sign-in",
        headers: { "content-type": "application/json" },
        payload: '{"login":',
      });
      const badUrl = await h.app.inject({ method: "GET", url: "/api/leagues/%ED%A0%80" });
      for (const res of [badJson, badUrl])
        expect([res.statusCode, res.json()]).toEqual([
          400,
          { statusCode: 400, code: "malformedRequest", message: messages.malformedRequest },
        ]);
    });

    it("413 payloadTooLarge through inject as well (Content-Length over 1 MiB)", async () => {
      const res = await h.app.inject({
        method: "PUT",
        url: "/api/users",
        headers: { "content-type": "application/json" },
        payload: `"${"x".repeat(1_100_000)}"`,
      });
      expect([res.statusCode, res.json().code]).toEqual([413, "payloadTooLarge"]);
    });
  });
});

// A local push service for the server tests (docs/push.md): an HTTPS server on 127.0.0.1 with a certificate of
// its own (fixtures/), which takes Web Push requests as a browser vendor's service would and decrypts each payload
// with the subscription's private key, written here from the RFCs (8291 Message Encryption for Web Push, 8188
// aes128gcm, 8292 VAPID) and node:crypto, not with the sending library's own code. Each subscription is a browser: a
// P-256 key pair and an auth secret made by the test.
import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  hkdfSync,
  randomBytes,
  randomUUID,
  verify,
  type ECDH,
} from "node:crypto";
import { readFileSync } from "node:fs";
import { Agent, createServer, type Server } from "node:https";
import type { AddressInfo } from "node:net";

/** One received push, decrypted, with what the VAPID header said. */
export type Received = {
  id: string;
  payload: Record<string, unknown>;
  headers: Record<string, string | string[] | undefined>;
  ttl: number;
  /** The VAPID JWT's claims once its signature verified against `k`, and `k` itself. */
  vapid: { claims: { aud: string; exp: number; sub: string }; publicKey: string };
};

/** A browser's subscription: what it would send to the server, and its private key to read what comes. */
export type Browser = {
  id: string;
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  ecdh: ECDH;
  auth: Buffer;
};

const b64 = (b: Buffer) => b.toString("base64url");

/** RFC 8291 section 3.4 and RFC 8188 section 2: one aes128gcm body decrypted for the browser that holds `ecdh`. */
export function decryptAes128gcm(body: Buffer, ecdh: ECDH, authSecret: Buffer): Buffer {
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idlen = body[20]!;
  const asPublic = body.subarray(21, 21 + idlen);
  if (idlen !== 65) throw new Error(`the key id is the sender's P-256 key (65 bytes), got ${idlen}`);
  const records = body.subarray(21 + idlen);
  if (records.length > rs) throw new Error("one record expected");
  const uaPublic = ecdh.getPublicKey();
  const ecdhSecret = ecdh.computeSecret(asPublic);
  // IKM = HKDF(auth_secret, ecdh_secret, "WebPush: info" || 0x00 || ua_public || as_public, 32)
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), uaPublic, asPublic]);
  const ikm = Buffer.from(hkdfSync("sha256", ecdhSecret, authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: aes128gcm\0"), 16));
  const nonce = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: nonce\0"), 12));
  // One record, so its sequence number is 0 and the nonce is used as derived.
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(records.subarray(records.length - 16));
  const plain = Buffer.concat([decipher.update(records.subarray(0, records.length - 16)), decipher.final()]);
  // The last record ends in 0x02 and then zero or more 0x00 of padding.
  let end = plain.length - 1;
  while (end >= 0 && plain[end] === 0) end -= 1;
  if (plain[end] !== 2) throw new Error("the last record's padding delimiter (0x02) is missing");
  return plain.subarray(0, end);
}

/** RFC 8292: `vapid t=<JWT>, k=<public key>`; the ES256 signature checked against k. Throws if it does not verify. */
export function verifyVapid(authorization: string | undefined): Received["vapid"] {
  const m = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+),\s*k=([\w-]+)$/.exec(authorization ?? "");
  if (!m) throw new Error(`not a VAPID Authorization header: ${authorization}`);
  const [header, claims, signature] = m[1]!.split(".") as [string, string, string];
  const raw = Buffer.from(m[2]!, "base64url");
  if (raw.length !== 65 || raw[0] !== 4) throw new Error("k is not an uncompressed P-256 point");
  const key = createPublicKey({
    key: { kty: "EC", crv: "P-256", x: b64(raw.subarray(1, 33)), y: b64(raw.subarray(33)) },
    format: "jwk",
  });
  const ok = verify(
    "sha256",
    Buffer.from(`${header}.${claims}`),
    { key, dsaEncoding: "ieee-p1363" },
    Buffer.from(signature, "base64url"),
  );
  if (!ok) throw new Error("the VAPID signature does not verify against k");
  const alg = (JSON.parse(Buffer.from(header, "base64url").toString()) as { alg?: string }).alg;
  if (alg !== "ES256") throw new Error(`VAPID JWT alg ${alg}`);
  return { claims: JSON.parse(Buffer.from(claims, "base64url").toString()), publicKey: m[2]! };
}

export type PushEndpoint = {
  origin: string;
  /** Trusts this endpoint's certificate only (the server's pushes go out through it). */
  agent: Agent;
  received: Received[];
  /** A new browser subscribed at this endpoint. */
  browser(): Browser;
  /** What this endpoint answers a browser's pushes from now on (201 Created by default; 410 Gone = unsubscribed). */
  answer(browserId: string, status: number): void;
  /** Requests that could not be read (bad encryption or VAPID), with why. */
  failures: string[];
  close(): Promise<void>;
};

export async function startPushEndpoint(): Promise<PushEndpoint> {
  // A certificate for 127.0.0.1 only, made once (openssl req -x509, P-256, 100 years) and kept with the tests: the
  // key guards nothing but this loopback test service.
  const key = readFileSync(new URL("fixtures/pushEndpoint.key.pem", import.meta.url));
  const cert = readFileSync(new URL("fixtures/pushEndpoint.cert.pem", import.meta.url));

  const browsers = new Map<string, Browser>();
  const statuses = new Map<string, number>();
  const received: Received[] = [];
  const failures: string[] = [];
  const server: Server = createServer({ key, cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const id = /^\/push\/([\w-]+)$/.exec(req.url ?? "")?.[1];
      const browser = id ? browsers.get(id) : undefined;
      if (req.method !== "POST" || !browser) {
        res.writeHead(404).end();
        return;
      }
      const status = statuses.get(browser.id) ?? 201;
      if (status === 201) {
        try {
          if (req.headers["content-encoding"] !== "aes128gcm") throw new Error("Content-Encoding is not aes128gcm");
          const vapid = verifyVapid(req.headers.authorization);
          const plain = decryptAes128gcm(Buffer.concat(chunks), browser.ecdh, browser.auth);
          received.push({
            id: browser.id,
            payload: JSON.parse(plain.toString("utf8")),
            headers: req.headers,
            ttl: Number(req.headers.ttl),
            vapid,
          });
        } catch (err) {
          failures.push((err as Error).message);
          res.writeHead(400).end();
          return;
        }
      }
      res.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const agent = new Agent({ ca: cert, keepAlive: false });
  return {
    origin,
    agent,
    received,
    failures,
    browser() {
      const ecdh = createECDH("prime256v1");
      ecdh.generateKeys();
      const auth = randomBytes(16);
      const id = randomUUID();
      const b: Browser = {
        id,
        ecdh,
        auth,
        subscription: { endpoint: `${origin}/push/${id}`, keys: { p256dh: b64(ecdh.getPublicKey()), auth: b64(auth) } },
      };
      browsers.set(id, b);
      return b;
    },
    answer: (browserId, status) => void statuses.set(browserId, status),
    async close() {
      agent.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

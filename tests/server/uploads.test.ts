// POST /s3, GET /s3/{id}, DELETE /s3/{id}: images checked by content, re-encoded, kept in the database.
import { randomUUID } from "node:crypto";
import sharp from "sharp";
import { expect, it } from "vitest";
import { onEachBackend, type Harness } from "./harness";
import { quickPlayer, type QuickPlayer } from "./leaguePlayers";

type Part = { name: string; value: string | Buffer; filename?: string; type?: string };

/** A multipart/form-data body, as a browser's FormData sends it. */
function form(parts: Part[]) {
  const boundary = `----pp${randomUUID().replace(/-/g, "")}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename ? `; filename="${p.filename}"` : ""}`;
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${p.type ? `Content-Type: ${p.type}\r\n` : ""}\r\n`,
      ),
    );
    chunks.push(Buffer.isBuffer(p.value) ? p.value : Buffer.from(p.value));
    chunks.push(Buffer.from("\r\n"));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { "content-type": `multipart/form-data; boundary=${boundary}` } };
}

async function upload(
  h: Harness,
  who: QuickPlayer | null,
  img: Buffer,
  opts: { id?: string; filename?: string; type?: string } = {},
) {
  const body = form([
    { name: "id", value: opts.id ?? randomUUID() },
    { name: "img", value: img, filename: opts.filename ?? "league.png", type: opts.type ?? "image/png" },
  ]);
  const res = await h.app.inject({
    method: "POST",
    url: "/api/s3",
    payload: body.payload,
    headers: { ...body.headers, ...(who ? { authorization: `Bearer ${who.token}` } : {}) },
  });
  return {
    status: res.statusCode,
    body: res.json() as {
      result: { id: string; url: string };
      code?: string;
      fields?: Record<string, { code: string }>;
    },
  };
}

const png = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#c00" } })
    .png()
    .toBuffer();
const jpeg = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#0c0" } })
    .jpeg()
    .toBuffer();

onEachBackend("uploads", (h) => {
  it("stores a PNG, serves it at the URL it answers, for anyone, cacheable", async () => {
    const p = await quickPlayer(h);
    const id = randomUUID();
    const res = await upload(h, p, await png(354, 180), { id });
    expect(res).toMatchObject({ status: 200, body: { result: { id, url: `/api/s3/${id}` } } });
    const served = await h.app.inject({ method: "GET", url: res.body.result.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers["content-type"]).toBe("image/png");
    expect(served.headers["cache-control"]).toContain("immutable");
    expect(served.headers["x-content-type-options"]).toBe("nosniff");
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["png", 354, 180]);
  });

  it("re-encodes a JPEG and scales it down to fit 1000 px", async () => {
    const p = await quickPlayer(h);
    const res = await upload(h, p, await jpeg(2400, 1200), { filename: "big.jpg", type: "image/jpeg" });
    expect(res.status).toBe(200);
    const served = await h.app.inject({ method: "GET", url: res.body.result.url });
    expect(served.headers["content-type"]).toBe("image/jpeg");
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", 1000, 500]);
  });

  it("judges the type by content, not by name or declared type", async () => {
    const p = await quickPlayer(h);
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: "#00c" } })
      .gif()
      .toBuffer();
    expect(await upload(h, p, gif, { filename: "x.png", type: "image/png" })).toMatchObject({
      status: 400,
      body: { code: "notImage", fields: { img: { code: "notImage" } } },
    });
    expect(
      (await upload(h, p, Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>"), { filename: "x.png" })).body.code,
    ).toBe("notImage");
    // A PNG signature on top of garbage does not decode.
    const fake = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 7)]);
    expect((await upload(h, p, fake)).body.code).toBe("notImage");
    // A real JPEG sent as "image/png" is still a JPEG, and stored as one.
    const ok = await upload(h, p, await jpeg(20, 20), { filename: "x.png", type: "image/png" });
    const served = await h.app.inject({ method: "GET", url: ok.body.result.url });
    expect(served.headers["content-type"]).toBe("image/jpeg");
  });

  it("refuses files over 2 MB with fileTooLarge (413)", async () => {
    const p = await quickPlayer(h);
    const big = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(2 * 1024 * 1024 + 10, 1),
    ]);
    expect(await upload(h, p, big)).toMatchObject({ status: 413, body: { code: "fileTooLarge" } });
    // Under the limit but over Fastify's 1 MB JSON body limit: multipart has its own limit.
    const noisy = await sharp(
      Buffer.from(Array.from({ length: 700 * 700 * 3 }, () => Math.floor(Math.random() * 256))),
      { raw: { width: 700, height: 700, channels: 3 } },
    )
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(noisy.length).toBeGreaterThan(1024 * 1024);
    expect((await upload(h, p, noisy)).status).toBe(200);
  });

  it("needs a session, a uuid id, an img, and a multipart body", async () => {
    const p = await quickPlayer(h);
    expect((await upload(h, null, await png(10, 10))).status).toBe(401);
    expect((await upload(h, p, await png(10, 10), { id: "../../etc" })).body.fields?.id?.code).toBe("validation");
    const noImg = form([{ name: "id", value: randomUUID() }]);
    const res = await h.app.inject({
      method: "POST",
      url: "/api/s3",
      payload: noImg.payload,
      headers: { ...noImg.headers, authorization: `Bearer ${p.token}` },
    });
    expect(res.json()).toMatchObject({ statusCode: 400, fields: { img: { code: "required" } } });
    const json = await h.call("POST", "/s3", { token: p.token, body: { img: "data:image/png;base64,AAAA" } });
    expect(json.status).toBe(400);
  });

  it("never overwrites: a reused id is refused", async () => {
    const [a, b] = [await quickPlayer(h), await quickPlayer(h)];
    const id = randomUUID();
    expect((await upload(h, a, await png(10, 10), { id })).status).toBe(200);
    expect((await upload(h, b, await png(20, 20), { id })).status).toBe(409);
    const meta = await sharp((await h.app.inject({ method: "GET", url: `/api/s3/${id}` })).rawPayload).metadata();
    expect(meta.width).toBe(10);
  });

  it("lets only the uploader delete", async () => {
    const [a, b] = [await quickPlayer(h), await quickPlayer(h)];
    const { body } = await upload(h, a, await png(10, 10));
    const path = `/s3/${body.result.id}`;
    expect(await h.call("DELETE", path, { token: b.token })).toMatchObject({
      status: 403,
      body: { code: "forbidden" },
    });
    expect((await h.call("DELETE", path)).status).toBe(401);
    expect(await h.call("DELETE", path, { token: a.token })).toMatchObject({
      status: 200,
      body: { result: { ok: true } },
    });
    expect((await h.app.inject({ method: "GET", url: `/api${path}` })).statusCode).toBe(404);
    expect((await h.call("DELETE", path, { token: a.token })).status).toBe(404);
    expect((await h.app.inject({ method: "GET", url: "/api/s3/not-a-uuid" })).statusCode).toBe(404);
  });

  it("a league takes an uploaded picture as its image", async () => {
    const p = await quickPlayer(h);
    const { body } = await upload(h, p, await png(354, 180));
    const made = await h.call("POST", "/leagues", {
      token: p.token,
      body: { name: "Pictured", type: "PUBLIC", image: body.result.url },
    });
    expect(made).toMatchObject({ status: 200, body: { result: { image: body.result.url } } });
  });
});

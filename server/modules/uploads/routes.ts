import { randomUUID } from "node:crypto";
import fastifyMultipart from "@fastify/multipart";
import { and, eq } from "drizzle-orm";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { UPLOAD_MAX_BYTES, UPLOAD_PATH, uploadsCalls, uploadUrl } from "../../../contract/calls.uploads";
import { uploads } from "../../db/schema";
import { AppError, fieldError } from "../../http/errors";
import { serve } from "../../http/route";
import { reencode } from "./image";
import { isUuid } from "../../../contract/common";

/** Room for the form's boundaries, headers and `id` field around the image. */
const FORM_OVERHEAD_BYTES = 16 * 1024;

/** The form's `id` and `img` (spec: "multipart form with img and a generated id"). */
async function readForm(request: FastifyRequest): Promise<{ id: string | undefined; img: Buffer | undefined }> {
  if (!request.isMultipart()) throw fieldError(400, "notBlob", "img");
  let id: string | undefined;
  let img: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === "file") {
        // Read (and so drain) every file part; only the first `img` counts.
        const bytes = await part.toBuffer();
        if (part.fieldname === "img" && !img) img = bytes;
      } else if (part.fieldname === "id") {
        id = String(part.value);
      }
    }
  } catch (err) {
    if ((err as { statusCode?: number }).statusCode === 413) throw new AppError(413, "fileTooLarge");
    throw fieldError(400, "notBlob", "img");
  }
  return { id, img };
}

/**
 * Images in the database, so any instance serves any upload: POST /s3 (signed in) stores a re-encoded
 * PNG or JPEG, GET /s3/{id} serves it to anyone (it is shown in <img> tags), DELETE /s3/{id} is for
 * its uploader only.
 */
export async function uploadsRoutes(app: FastifyInstance): Promise<void> {
  // Registered inside this plugin: only these routes accept multipart bodies.
  await app.register(fastifyMultipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 4, parts: 5 } });
  const { db } = app.deps.db;
  const limit = {
    // A form declaring more than the largest image plus its form fields is refused on its Content-Length,
    // before a byte of it is read (server/http/guards.ts), as "fileTooLarge".
    bodyLimit: UPLOAD_MAX_BYTES + FORM_OVERHEAD_BYTES,
    config: {
      tooLarge: "fileTooLarge" as const,
      rateLimit: {
        max: app.deps.config.rateLimitMax,
        timeWindow: 60_000,
        keyGenerator: (r: FastifyRequest) => r.headers.authorization ?? r.ip,
      },
    },
  };

  serve(
    app,
    uploadsCalls.upload,
    async ({ caller, request }) => {
      const form = await readForm(request);
      const id = form.id ?? randomUUID();
      if (!isUuid(id)) throw fieldError(400, "validation", "id");
      if (!form.img || form.img.length === 0) throw fieldError(400, "required", "img");
      const image = await reencode(form.img);
      const stored = await db
        .insert(uploads)
        .values({ id: id.toLowerCase(), userId: caller.userId, ...image, createdAt: app.deps.clock.now() })
        .onConflictDoNothing()
        .returning({ id: uploads.id });
      // A reused id is refused rather than overwriting someone's picture.
      if (stored.length === 0) throw fieldError(409, "validation", "id");
      return { id: stored[0]!.id, url: uploadUrl(stored[0]!.id) };
    },
    { routeOptions: limit },
  );

  serve(app, uploadsCalls.remove, async ({ caller, params }) => {
    const id = params.id;
    if (!isUuid(id)) throw new AppError(404, "notFound");
    const [row] = await db.select({ userId: uploads.userId }).from(uploads).where(eq(uploads.id, id));
    if (!row) throw new AppError(404, "notFound");
    if (row.userId !== caller.userId) throw new AppError(403, "forbidden");
    await db.delete(uploads).where(and(eq(uploads.id, id), eq(uploads.userId, caller.userId)));
    return { ok: true as const };
  });

  // The bytes themselves, not a JSON call: an id never changes content, so browsers may keep it for good.
  app.get(UPLOAD_PATH, async (request, reply) => {
    const { id } = request.params as { id: string };
    const [row] = isUuid(id)
      ? await db
          .select({ contentType: uploads.contentType, bytes: uploads.bytes })
          .from(uploads)
          .where(eq(uploads.id, id))
      : [];
    if (!row) throw new AppError(404, "notFound");
    return reply
      .header("content-type", row.contentType)
      .header("cache-control", "public, max-age=31536000, immutable")
      .header("x-content-type-options", "nosniff")
      .header("content-security-policy", "default-src 'none'")
      .send(row.bytes);
  });
}

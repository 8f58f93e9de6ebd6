import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { uploadUrl } from "../../../contract/calls.uploads";
import { riders, teams } from "../../db/schema";
import type { AppDeps } from "../../http/deps";
import { AppError, fieldError } from "../../http/errors";
import type { Operator } from "../../http/operator";
import { recordAudit } from "../audit/log";
import { reencode } from "../uploads/image";

// An operator's picture of a rider or team: stored like a player's upload (re-encoded, served by GET /api/s3/{id}) but
// owned by no player (migration 019), and set as the row's image; the generated SVG stays the picture of every row
// without one. The next season file keeps it (`picture`), an export writes it.

/** The form's first `img` file. */
export async function readPicture(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw fieldError(400, "notBlob", "img");
  let img: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type !== "file") continue;
      const bytes = await part.toBuffer();
      if (part.fieldname === "img" && !img) img = bytes;
    }
  } catch (err) {
    if ((err as { statusCode?: number }).statusCode === 413) throw new AppError(413, "fileTooLarge");
    throw fieldError(400, "notBlob", "img");
  }
  if (!img || img.length === 0) throw fieldError(400, "required", "img");
  return img;
}

export async function setPicture(deps: AppDeps, kind: "rider" | "team", id: string, bytes: Buffer, by: Operator) {
  const table = kind === "rider" ? riders : teams;
  const [row] = await deps.db.db
    .select({ id: table.id, name: table.name, image: table.image })
    .from(table)
    .where(eq(table.id, id));
  if (!row) throw new AppError(404, "notFound");
  const image = await reencode(bytes);
  const uploadId = randomUUID();
  const url = uploadUrl(uploadId);
  await deps.db.db.transaction(async (tx) => {
    await tx.execute(
      sql`INSERT INTO uploads (id, user_id, content_type, width, height, bytes, created_at) VALUES (${uploadId}, NULL, ${image.contentType}, ${image.width}, ${image.height}, ${image.bytes}, ${deps.clock.now().toISOString()})`,
    );
    await tx.update(table).set({ image: url }).where(eq(table.id, id));
    await recordAudit(tx, deps.clock, by, {
      action: "PICTURE_UPLOAD",
      target: `${kind} ${row.name}`,
      before: { image: row.image },
      after: { image: url },
    });
  });
  return { id: uploadId, url };
}

import { Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import type { FastifyInstance } from "fastify";
import { BACKUP_MEDIA_TYPE, backupCalls } from "../../../contract/calls.backup";
import { operatorOf } from "../../http/operatorGuard";
import { backupFileName, takeBackup } from "./embedded";

/**
 * POST /api/admin/backup (docs/operations.md "Backups"): the embedded database as a tarball, for
 * `npm run admin -- backup` while the server holds it. One line in server/app.ts.
 */
export async function backupModule(app: FastifyInstance): Promise<void> {
  const { db, clock } = app.deps;
  app.post(backupCalls.backup.path, async (request, reply) => {
    const tarball = await takeBackup(db, clock, operatorOf(request));
    return reply
      .header("content-type", BACKUP_MEDIA_TYPE)
      .header("content-length", tarball.size)
      .header("content-disposition", `attachment; filename="${backupFileName(clock.now())}"`)
      .header("cache-control", "no-store")
      .send(Readable.fromWeb(tarball.stream() as WebReadableStream<Uint8Array>));
  });
}

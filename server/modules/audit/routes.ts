import { count, desc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type * as z from "zod";
import type { AuditEntry } from "../../../contract/audit";
import { operationsCalls } from "../../../contract/calls.operations";
import type { Paged } from "../../../contract/common";
import { auditLog, users } from "../../db/schema";
import type { Db } from "../../db/open";
import { serve } from "../../http/route";

type Query = z.output<typeof operationsCalls.audit.query>;

/**
 * The audit log, newest first, optionally one race's. The actor is named by the account's name only: the log is read
 * by every operator, and nothing else about an account (its e-mail) belongs in it.
 */
export async function readAudit(db: Db, query: Query): Promise<Paged<z.input<typeof AuditEntry>>> {
  const where = query.raceId ? eq(auditLog.raceId, query.raceId.toLowerCase()) : undefined;
  const [total] = await db.select({ n: count() }).from(auditLog).where(where);
  const rows = await db
    .select({ row: auditLog, name: users.name })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorUserId))
    .where(where)
    .orderBy(desc(auditLog.id))
    .limit(query.take)
    .offset((query.page - 1) * query.take);
  const n = Number(total?.n ?? 0);
  return {
    data: rows.map(({ row, name }) => ({
      id: row.id,
      at: row.at.toISOString(),
      actor: { userId: row.actorUserId, name: row.actorUserId ? (name ?? null) : null },
      channel: row.channel as AuditEntry["channel"],
      action: row.action as AuditEntry["action"],
      raceId: row.raceId,
      target: row.target,
      before: row.before,
      after: row.after,
    })),
    page: query.page,
    pages: Math.ceil(n / query.take),
    count: n,
  };
}

/** GET /admin/audit: read by the CLI and by /staff/audit, in the operator scope (server/modules/operatorRoutes.ts). */
export async function auditRoutes(app: FastifyInstance): Promise<void> {
  serve(app, operationsCalls.audit, ({ query }) => readAudit(app.deps.db.db, query));
}

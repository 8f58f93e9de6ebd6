import { randomUUID } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import type * as z from "zod";
import type { AdminPack, PackBody } from "../../../contract/store";
import { diamondPacks } from "../../db/schema";
import type { AppDeps } from "../../http/deps";
import { AppError } from "../../http/errors";
import { CLI_OPERATOR, type Operator } from "../../http/operator";
import { recordAudit } from "../audit/log";
import { isUuid } from "../../../contract/common";

type Pack = z.infer<typeof AdminPack>;
type Body = z.infer<typeof PackBody>;

const view = (p: typeof diamondPacks.$inferSelect): Pack => ({
  dPackId: p.id,
  diamonds: p.diamonds,
  priceCents: p.priceCents,
  currency: p.currency,
  active: p.active,
});

/** Operators edit the packs on sale; orders keep the pack as bought. Each change is written to the audit log with `by`. */
export function packsAdmin(deps: Pick<AppDeps, "db" | "clock">) {
  const db = deps.db.db;
  return {
    list: async () => (await db.select().from(diamondPacks).orderBy(asc(diamondPacks.priceCents))).map(view),
    async add(body: Body, by: Operator = CLI_OPERATOR): Promise<Pack> {
      const now = deps.clock.now();
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(diamondPacks)
          .values({ id: randomUUID(), ...body, createdAt: now, updatedAt: now })
          .returning();
        const after = view(row!);
        await recordAudit(tx, deps.clock, by, {
          action: "PACK_CHANGE",
          target: `pack ${after.dPackId}`,
          before: null,
          after,
        });
        return after;
      });
    },
    /** A pack set to what it already is changes nothing and is not written. */
    async set(id: string, body: Body, by: Operator = CLI_OPERATOR): Promise<Pack> {
      if (!isUuid(id)) throw new AppError(404, "notFound");
      return db.transaction(async (tx) => {
        const [old] = await tx.select().from(diamondPacks).where(eq(diamondPacks.id, id)).for("update");
        if (!old) throw new AppError(404, "notFound");
        const before = view(old);
        const [row] = await tx
          .update(diamondPacks)
          .set({ ...body, updatedAt: deps.clock.now() })
          .where(eq(diamondPacks.id, id))
          .returning();
        const after = view(row!);
        if (JSON.stringify(before) !== JSON.stringify(after))
          await recordAudit(tx, deps.clock, by, { action: "PACK_CHANGE", target: `pack ${id}`, before, after });
        return after;
      });
    },
  };
}

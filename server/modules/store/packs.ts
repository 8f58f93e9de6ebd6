import { randomUUID } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import type * as z from "zod";
import type { AdminPack, PackBody } from "../../../contract/store";
import { diamondPacks } from "../../db/schema";
import type { AppDeps } from "../../http/deps";
import { AppError } from "../../http/errors";

type Pack = z.infer<typeof AdminPack>;
type Body = z.infer<typeof PackBody>;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const view = (p: typeof diamondPacks.$inferSelect): Pack => ({ dPackId: p.id, diamonds: p.diamonds, priceCents: p.priceCents, currency: p.currency, active: p.active });

/** Operators edit the packs on sale; orders keep the pack as bought. */
export function packsAdmin(deps: Pick<AppDeps, "db" | "clock">) {
  const db = deps.db.db;
  return {
    list: async () => (await db.select().from(diamondPacks).orderBy(asc(diamondPacks.priceCents))).map(view),
    async add(body: Body): Promise<Pack> {
      const now = deps.clock.now();
      const [row] = await db.insert(diamondPacks).values({ id: randomUUID(), ...body, createdAt: now, updatedAt: now }).returning();
      return view(row!);
    },
    async set(id: string, body: Body): Promise<Pack> {
      if (!UUID.test(id)) throw new AppError(404, "notFound");
      const [row] = await db.update(diamondPacks).set({ ...body, updatedAt: deps.clock.now() }).where(eq(diamondPacks.id, id)).returning();
      if (!row) throw new AppError(404, "notFound");
      return view(row);
    },
  };
}

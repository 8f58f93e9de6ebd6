import type { FastifyInstance } from "fastify";
import { desc, sql } from "drizzle-orm";
import { devCalls } from "../../../contract/dev";
import { outbox } from "../../db/schema";
import { serve } from "../../http/route";
import { demoPlayersRoutes } from "./demoPlayers";

/** Support and test tools; never registered in production. */
export async function devRoutes(app: FastifyInstance): Promise<void> {
  const { clock } = app.deps;
  const db = app.deps.db.db;
  const clockState = () => ({ now: clock.now().toISOString(), offsetMs: clock.offsetMs() });

  serve(app, devCalls.getClock, async () => clockState());
  serve(app, devCalls.setClock, async ({ body }) => {
    if ("now" in body) clock.set(new Date(body.now));
    else if ("offsetMs" in body) clock.setOffset(body.offsetMs);
    else clock.reset();
    return clockState();
  });
  serve(app, devCalls.outbox, async ({ query }) => {
    const rows = await db
      .select()
      .from(outbox)
      .where(query.to ? sql`lower(${outbox.toAddress}) = lower(${query.to})` : sql`true`)
      .orderBy(desc(outbox.createdAt), desc(outbox.seq))
      .limit(100);
    return rows.map((r) => ({
      id: r.id,
      to: r.toAddress,
      subject: r.subject,
      text: r.text,
      html: r.html,
      createdAt: r.createdAt.toISOString(),
    }));
  });
  await app.register(demoPlayersRoutes);
}

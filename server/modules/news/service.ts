import { randomUUID } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import type * as z from "zod";
import type { AddNewsBody } from "../../../contract/news";
import type { NewsItem } from "../../../contract/system";
import { news } from "../../db/schema";
import type { AppDeps } from "../../http/deps";
import type { Operator } from "../../http/operator";
import { recordAudit } from "../audit/log";

// Operators' news items (video links). One item per url and language: adding it again returns the stored one.

const item = (r: typeof news.$inferSelect): z.input<typeof NewsItem> => ({
  id: r.id,
  url: r.url,
  title: r.title,
  publishedAt: r.publishedAt.toISOString(),
});

/** The demo's items: the championship's official channels, a guru speak show before each round. */
export const DEMO_NEWS: readonly { url: string; title: string; daysAgo: number }[] = [
  {
    url: "https://www.youtube.com/@MotoGP/videos",
    title: "Guru speak show: the gurus preview the next round",
    daysAgo: 1,
  },
  {
    url: "https://www.youtube.com/@MotoGP/shorts",
    title: "Paddock pass: inside the garages before qualifying",
    daysAgo: 3,
  },
  {
    url: "https://www.youtube.com/@MotoGP/streams",
    title: "Race highlights: the last lap, every overtake",
    daysAgo: 6,
  },
  {
    url: "https://www.youtube.com/@MotoGP/playlists",
    title: "Guru speak show: how the gurus read tyre wear",
    daysAgo: 9,
  },
];

export function newsService(deps: AppDeps) {
  const db = deps.db.db;
  /** `by`: the operator, for the audit log (the demo's items have none; an item added again is not written). */
  async function add(body: AddNewsBody, by?: Operator) {
    return db.transaction(async (tx) => {
      const [existing] = await tx
        .select()
        .from(news)
        .where(and(eq(news.url, body.url), body.lang ? eq(news.lang, body.lang) : isNull(news.lang)));
      if (existing) return { item: item(existing), created: false };
      const [row] = await tx
        .insert(news)
        .values({
          id: randomUUID(),
          url: body.url,
          title: body.title,
          lang: body.lang ?? null,
          publishedAt: body.publishedAt ? new Date(body.publishedAt) : deps.clock.now(),
        })
        .returning();
      if (by)
        await recordAudit(tx, deps.clock, by, {
          action: "NEWS_ADD",
          target: `news ${row!.title}`,
          before: null,
          after: { ...item(row!), lang: row!.lang },
        });
      return { item: item(row!), created: true };
    });
  }
  return {
    add,
    async demo() {
      const now = deps.clock.now().getTime();
      let added = 0;
      for (const d of DEMO_NEWS) {
        const r = await add({
          url: d.url,
          title: d.title,
          publishedAt: new Date(now - d.daysAgo * 86_400_000).toISOString(),
        });
        if (r.created) added++;
      }
      return { added };
    },
  };
}

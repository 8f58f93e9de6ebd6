import { desc, eq, isNull, or, sql } from "drizzle-orm";
import type * as z from "zod";
import type { Links, NewsItem } from "../../../contract/system";
import { news, races } from "../../db/schema";
import type { AppDeps } from "../../http/deps";
import { listCountries } from "./countries";

type Env = Record<string, string | undefined>;

const envName = (key: string) => `LINK_${key.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}`;
const item = (r: typeof news.$inferSelect): z.input<typeof NewsItem> => ({
  id: r.id,
  url: r.url,
  title: r.title,
  publishedAt: r.publishedAt.toISOString(),
});

/**
 * The links of the footer, menus and landing; each can be set with LINK_<NAME> (e.g. LINK_HELP_CENTRE,
 * LINK_TERMS). The help centre and the four information pages default to the product's own pages, as paths
 * relative to whatever host the page was opened from; a setting replaces them with an external address.
 */
export function linksFrom(env: Env): Links {
  const defaults: Links = {
    helpCentre: "/faq",
    terms: "/terms",
    privacy: "/privacy",
    about: "/about",
    contact: "/contact",
    appStore: "https://apps.apple.com/",
    googlePlay: "https://play.google.com/store",
    facebook: "https://www.facebook.com/",
    discord: "https://discord.com/",
    twitter: "https://x.com/",
    instagram: "https://www.instagram.com/",
    youtube: "https://www.youtube.com/",
  };
  return Object.fromEntries(Object.entries(defaults).map(([k, v]) => [k, env[envName(k)]?.trim() || v])) as Links;
}

export function systemService(deps: AppDeps, env: Env = process.env) {
  const db = deps.db.db;
  const countries = listCountries();
  const links = linksFrom(env);

  return {
    countries: () => countries,
    links: () => links,
    /** Seasons that have rounds; riders race every season they are listed in, so riderId does not narrow it yet. */
    seasons: async () => {
      const rows = await db.selectDistinct({ year: races.season }).from(races).orderBy(desc(races.season));
      return rows.map((r) => ({ year: r.year, name: String(r.year) }));
    },
    news: async (page: number, take: number) => {
      const rows = await db
        .select()
        .from(news)
        .where(sql`${news.publishedAt} <= ${deps.clock.now()}`)
        .orderBy(desc(news.publishedAt))
        .limit(take)
        .offset((page - 1) * take);
      return rows.map(item);
    },
    /** The newest news page for a language (or for everybody), none when there is nothing to show. */
    newsPageNext: async (langCode: string | undefined) => {
      const [row] = await db
        .select()
        .from(news)
        .where(
          sql`${news.publishedAt} <= ${deps.clock.now()} AND ${langCode ? or(isNull(news.lang), eq(news.lang, langCode)) : sql`true`}`,
        )
        .orderBy(desc(news.publishedAt))
        .limit(1);
      return row ? item(row) : null;
    },
  };
}

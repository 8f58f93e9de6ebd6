import * as z from "zod";
import { IsoDate } from "./common";
import { safeText } from "./text";
import { LanguageCode } from "./enums";
import { NewsItem } from "./system";

// News items and the guru speak show: operators publish video links (`npm run admin -- news add`);
// GET /system/news lists them, GET /system/news-page/next?langCode serves the newest for a language.

/** A video link: https only, at most 500 characters. */
// The URL parser would read a control character as part of the address; safe text refuses it first (contract/text.ts).
export const videoUrl = () =>
  safeText()
    .max(500, { error: "maxLength" })
    .pipe(z.url({ protocol: /^https$/, error: "url" }))
    .meta({ format: "uri", maxLength: 500 });

/** POST /admin/news. Without `lang` an item is for every language; without `publishedAt` it is published now. */
export const AddNewsBody = z.object({
  url: videoUrl(),
  title: safeText().min(3, { error: "minLength" }).max(120, { error: "maxLength" }),
  lang: LanguageCode.optional(),
  publishedAt: IsoDate.optional(),
});
export type AddNewsBody = z.infer<typeof AddNewsBody>;

/** What an add did: the item, and whether it was new (the same url and language again changes nothing). */
export const AddedNews = z.object({ item: NewsItem, created: z.boolean() });

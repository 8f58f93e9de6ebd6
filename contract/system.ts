import * as z from "zod";
import { LanguageCode } from "./enums";

export const Country = z.object({ code: z.string().length(2), name: z.string(), sign: z.string() });
export type Country = z.infer<typeof Country>;
export const Season = z.object({ year: z.number().int(), name: z.string() });
export const Links = z.object({
  helpCentre: z.string(),
  terms: z.string(),
  privacy: z.string(),
  about: z.string(),
  contact: z.string(),
  appStore: z.string(),
  googlePlay: z.string(),
  facebook: z.string(),
  discord: z.string(),
  twitter: z.string(),
  instagram: z.string(),
  youtube: z.string(),
});
export type Links = z.infer<typeof Links>;
export const NewsItem = z.object({ id: z.string(), url: z.string(), title: z.string(), publishedAt: z.string() });
export const Language = z.object({ id: z.string(), code: LanguageCode, name: z.string(), shortName: z.string() });

import type { LanguageCode } from "../../contract/enums";

export type LanguageOption = { code: LanguageCode; name: string; shortName: string };

/** Spec section 1's 15 languages, each named in itself so a player finds their own. */
export const languages = [
  { code: "en", name: "English", shortName: "EN" },
  { code: "es", name: "Español", shortName: "ES" },
  { code: "fr", name: "Français", shortName: "FR" },
  { code: "id", name: "Bahasa Indonesia", shortName: "ID" },
  { code: "zh", name: "中文", shortName: "ZH" },
  { code: "ja", name: "日本語", shortName: "JA" },
  { code: "de", name: "Deutsch", shortName: "DE" },
  { code: "ru", name: "Русский", shortName: "RU" },
  { code: "pt", name: "Português", shortName: "PT" },
  { code: "el", name: "Ελληνικά", shortName: "EL" },
  { code: "it", name: "Italiano", shortName: "IT" },
  { code: "ko", name: "한국어", shortName: "KO" },
  { code: "ms", name: "Bahasa Melayu", shortName: "MS" },
  { code: "th", name: "ไทย", shortName: "TH" },
  { code: "vi", name: "Tiếng Việt", shortName: "VI" },
] as const satisfies readonly LanguageOption[];

// The codes from the list above, not from contract/enums' values: that module builds zod schemas, which
// the landing's first paint does not load. The type below fails to compile if a code is missing.
export const languageCodeList: readonly LanguageCode[] = languages.map((l) => l.code);
type MissingLanguage = Exclude<LanguageCode, (typeof languages)[number]["code"]>;
const everyLanguageListed: [MissingLanguage] extends [never] ? true : MissingLanguage = true;
void everyLanguageListed;

export const DEFAULT_LANGUAGE: LanguageCode = "en";

export function isLanguageCode(value: unknown): value is LanguageCode {
  return typeof value === "string" && (languageCodeList as readonly string[]).includes(value);
}

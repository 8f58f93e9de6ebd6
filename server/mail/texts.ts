// The mails' texts in the recipient's language: src/i18n/locales/<lng>/mail.json, kept beside the app's texts so the
// same checks hold them (every language, every key, the same {{placeholders}}, a real translation, the glossary).
import { readFileSync } from "node:fs";
import { languageCodes, type LanguageCode } from "../../contract/enums";

type Texts = Record<string, unknown>;

const localesDir = new URL("../../src/i18n/locales/", import.meta.url);
const loaded = new Map<LanguageCode, Texts>();

function texts(language: LanguageCode): Texts {
  let found = loaded.get(language);
  if (!found) {
    found = JSON.parse(readFileSync(new URL(`${language}/mail.json`, localesDir), "utf8")) as Texts;
    loaded.set(language, found);
  }
  return found;
}

/** A stored language tag ("ja", "pt-BR", null) as one of the product's languages; English when it is none of them. */
export function mailLanguage(tag: string | null | undefined): LanguageCode {
  const base = (tag ?? "").split(/[-_]/)[0]!.toLowerCase();
  return (languageCodes as readonly string[]).includes(base) ? (base as LanguageCode) : "en";
}

function lookup(source: Texts, key: string): string | undefined {
  let value: unknown = source;
  for (const part of key.split(".")) value = value && typeof value === "object" ? (value as Texts)[part] : undefined;
  return typeof value === "string" ? value : undefined;
}

/** The text of `key` ("confirm.subject") in `language`, English where it lacks one, with its {{params}} filled in. */
export function mailText(language: LanguageCode, key: string, params: Record<string, string> = {}): string {
  const text = lookup(texts(language), key) ?? lookup(texts("en"), key);
  if (text === undefined) throw new Error(`mail text ${key} is missing`);
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => params[name] ?? whole);
}

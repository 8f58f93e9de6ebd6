// The mails' texts in the recipient's language: src/i18n/locales/<lng>/mail.json, kept beside the app's texts so the
// same checks hold them (every language, every key, the same {{placeholders}}, a real translation, the glossary).
import { readFileSync } from "node:fs";
import { languageCodes, type LanguageCode } from "../../contract/enums";

type Texts = Record<string, unknown>;

const localesDir = new URL("../../src/i18n/locales/", import.meta.url);
const loaded = new Map<string, Texts>();

function texts(language: LanguageCode, namespace = "mail"): Texts {
  const name = `${language}/${namespace}.json`;
  let found = loaded.get(name);
  if (!found) {
    found = JSON.parse(readFileSync(new URL(name, localesDir), "utf8")) as Texts;
    loaded.set(name, found);
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
  return localeText(language, "mail", key, params);
}

/**
 * The same for a text of another of the app's namespaces the server writes out (the calendar feed's session names
 * are the notifications' own): `localeText("de", "notifications", "sessions.PF")`.
 */
export function localeText(
  language: LanguageCode,
  namespace: string,
  key: string,
  params: Record<string, string> = {},
): string {
  const text = lookup(texts(language, namespace), key) ?? lookup(texts("en", namespace), key);
  if (text === undefined) throw new Error(`text ${namespace}:${key} is missing`);
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => params[name] ?? whole);
}

import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { languageCodes } from "../../contract/enums";
import { messageCodes, messages } from "../../contract/messages";

const localesDir = fileURLToPath(new URL("../../src/i18n/locales", import.meta.url));
const namespaces = readdirSync(join(localesDir, "en"))
  .filter((f) => f.endsWith(".json"))
  .map((f) => f.slice(0, -".json".length))
  .toSorted();
const translated = languageCodes.filter((lng) => lng !== "en");
const everyPair = namespaces.flatMap((ns) => translated.map((lng) => [ns, lng] as const));

type Texts = Map<string, unknown>;

function flatten(value: unknown, prefix = "", out: Texts = new Map()): Texts {
  if (value !== null && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  } else out.set(prefix, value);
  return out;
}

function load(lng: string, ns: string): Texts | undefined {
  const file = join(localesDir, lng, `${ns}.json`);
  return existsSync(file) ? flatten(JSON.parse(readFileSync(file, "utf8"))) : undefined;
}

const english = new Map(namespaces.map((ns) => [ns, load("en", ns)!]));

// i18next picks `key_<category>` by Intl.PluralRules, so plural keys differ between languages.
const PLURAL = /^(.*)_(zero|one|two|few|many|other)$/;
/** English keys with `<key>_other` are plural groups; returns group base → categories, and the plain keys. */
function split(texts: Texts, pluralBases: Set<string>) {
  const plural = new Map<string, Set<string>>();
  const plain = new Set<string>();
  for (const key of texts.keys()) {
    const m = PLURAL.exec(key);
    if (m && pluralBases.has(m[1])) {
      if (!plural.has(m[1])) plural.set(m[1], new Set());
      plural.get(m[1])!.add(m[2]);
    } else plain.add(key);
  }
  return { plural, plain };
}
const pluralBasesOf = (texts: Texts) =>
  new Set([...texts.keys()].map((k) => /^(.*)_other$/.exec(k)?.[1]).filter((b): b is string => b !== undefined));

/** The plural forms a count from 0 to 1000 takes in this language: each needs its own text. */
function neededCategories(lng: string): Set<string> {
  const rules = new Intl.PluralRules(lng);
  const needed = new Set<string>();
  for (let n = 0; n <= 1000; n++) needed.add(rules.select(n));
  return needed;
}

function placeholders(text: unknown): string[] {
  if (typeof text !== "string") return [];
  const found = [...text.matchAll(/\{\{\s*-?\s*([\w.]+)[^}]*\}\}|\$t\(([^)]*)\)/g)].map((m) => m[1] ?? `$t(${m[2]})`);
  return [...new Set(found)].toSorted();
}

const letters = (text: unknown) => (typeof text === "string" ? (text.match(/\p{L}/gu) ?? []).length : 0);

describe("the locales are exactly the 15 languages of contract/enums.ts", () => {
  it("has one folder per language code and no other", () => {
    const folders = readdirSync(localesDir, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .map((d) => d.name);
    expect(folders.toSorted()).toEqual([...languageCodes].toSorted());
    expect(languageCodes).toHaveLength(15);
  });

  it.each(translated)("%s has no namespace that English lacks", (lng) => {
    const files = readdirSync(join(localesDir, lng)).filter((f) => f.endsWith(".json"));
    expect(files.map((f) => f.slice(0, -".json".length)).filter((ns) => !namespaces.includes(ns))).toEqual([]);
  });
});

describe("errors: one English text per message code, word for word from contract/messages.ts", () => {
  const en = english.get("errors");

  it("exists", () => {
    expect(en).toBeDefined();
  });

  it.each(messageCodes)("has %s with the spec's text", (code) => {
    expect(en?.get(code)).toBe(messages[code]);
  });

  it("has no key that is not a message code", () => {
    expect([...(en?.keys() ?? [])].filter((k) => !(messageCodes as string[]).includes(k))).toEqual([]);
  });
});

describe("every locale has the same keys as English", () => {
  it.each(everyPair)("%s in %s", (ns, lng) => {
    const texts = load(lng, ns);
    expect(texts, `src/i18n/locales/${lng}/${ns}.json is missing`).toBeDefined();
    const bases = pluralBasesOf(english.get(ns)!);
    const want = split(english.get(ns)!, bases);
    const have = split(texts!, bases);
    expect(
      [...have.plain].filter((k) => !want.plain.has(k)),
      "keys English lacks",
    ).toEqual([]);
    expect(
      [...want.plain].filter((k) => !have.plain.has(k)),
      "keys missing",
    ).toEqual([]);
    const allowed = new Set([...new Intl.PluralRules(lng).resolvedOptions().pluralCategories, "zero"]);
    for (const base of bases) {
      const forms = have.plural.get(base) ?? new Set();
      expect(
        [...neededCategories(lng)].filter((c) => !forms.has(c)),
        `plural forms missing for ${base}`,
      ).toEqual([]);
      expect(
        [...forms].filter((c) => !allowed.has(c)),
        `plural forms ${lng} never uses for ${base}`,
      ).toEqual([]);
    }
  });
});

describe("no locale has an empty or non-text value", () => {
  it.each(languageCodes.flatMap((lng) => namespaces.map((ns) => [ns, lng] as const)))("%s in %s", (ns, lng) => {
    const texts = load(lng, ns) ?? new Map();
    const bad = [...texts].filter(([, v]) => typeof v !== "string" || v.trim() === "").map(([k]) => k);
    expect(bad).toEqual([]);
  });
});

describe("every text keeps English's {{placeholders}}", () => {
  it.each(everyPair)("%s in %s", (ns, lng) => {
    const en = english.get(ns)!;
    const texts = load(lng, ns) ?? new Map();
    const bases = pluralBasesOf(en);
    const groupOf = (key: string) => {
      const m = PLURAL.exec(key);
      return m && bases.has(m[1]) ? m[1] : key;
    };
    // Plural forms may drop {{count}} ("One rider"), so a group is compared as a whole.
    const collect = (source: Texts) => {
      const byGroup = new Map<string, Set<string>>();
      for (const [key, text] of source) {
        const group = groupOf(key);
        if (!byGroup.has(group)) byGroup.set(group, new Set());
        for (const p of placeholders(text)) byGroup.get(group)!.add(p);
      }
      return byGroup;
    };
    const want = collect(en);
    const mismatched = [...collect(texts)]
      .filter(
        ([group, found]) => want.has(group) && [...found].toSorted().join() !== [...want.get(group)!].toSorted().join(),
      )
      .map(
        ([group, found]) =>
          `${group}: ${[...found].join(", ") || "none"} (English: ${[...want.get(group)!].join(", ") || "none"})`,
      );
    expect(mismatched).toEqual([]);
  });
});

describe("every non-English locale is really translated (at least 80% of texts differ from English)", () => {
  it.each(everyPair)("%s in %s", (ns, lng) => {
    const en = english.get(ns)!;
    const texts = load(lng, ns) ?? new Map();
    // Only texts with 3+ letters count: "OK", "FP1" and brand names may rightly stay the same.
    const compared = [...texts].filter(([key]) => letters(en.get(key)) >= 3);
    const same = compared.filter(([key, text]) => text === en.get(key)).map(([key]) => key);
    const share = compared.length === 0 ? 1 : 1 - same.length / compared.length;
    expect(share, `same as English: ${same.join(", ")}`).toBeGreaterThanOrEqual(0.8);
  });
});

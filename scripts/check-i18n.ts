// Finds UI text that bypasses i18next: literal JSX text, literal strings in the attributes people
// read (aria-label, title, placeholder, alt, label), and literal `t("ns:key")` keys missing from
// the English locale; and texts that call a concept by a variant their language's glossary forbids
// (src/i18n/glossary/<lng>.json: "ダイヤ", never "ダイヤモンド"). A hand-written scanner instead of the TypeScript parser keeps `npm run lint`
// well under a second; it tells JSX from generics by what precedes `<` and backs out of anything
// that does not close like an element.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

export type Finding = { line: number; column: number; message: string };

export const CHECKED_ATTRIBUTES = new Set(["aria-label", "title", "placeholder", "alt", "label"]);
export const IGNORE_MARK = "i18n-ignore";

const LETTER = /\p{L}/u;
// `&nbsp;` and friends are markup, not words.
const ENTITY = /&(?:#\d+|#x[0-9a-f]+|[a-z]\w*);/gi;
const IDENT_START = /[\p{L}_$]/u;
const IDENT_PART = /[\p{L}\p{N}_$]/u;
// After these words an expression begins, so `<` opens JSX and `/` opens a regex.
const EXPRESSION_KEYWORDS = new Set([
  "return",
  "case",
  "default",
  "yield",
  "await",
  "typeof",
  "void",
  "delete",
  "in",
  "of",
  "else",
  "do",
  "throw",
  "instanceof",
]);

export function hasLetters(text: string): boolean {
  return LETTER.test(text.replace(ENTITY, ""));
}

class NotJsx extends Error {}

class LiteralTextScanner {
  readonly findings: Finding[] = [];
  private pos = 0;
  private readonly lineStarts: number[] = [0];

  constructor(private readonly src: string) {
    for (let i = 0; i < src.length; i++) if (src[i] === "\n") this.lineStarts.push(i + 1);
  }

  run(): Finding[] {
    this.scanCode(false);
    return this.findings;
  }

  private where(index: number) {
    let lo = 0;
    let hi = this.lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.lineStarts[mid] <= index) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: index - this.lineStarts[lo] + 1, lineIndex: lo };
  }

  private lineText(lineIndex: number) {
    const start = this.lineStarts[lineIndex];
    const end = this.lineStarts[lineIndex + 1] ?? this.src.length;
    return this.src.slice(start, end);
  }

  private report(index: number, message: string) {
    const { line, column, lineIndex } = this.where(index);
    if (this.lineText(lineIndex).includes(IGNORE_MARK)) return;
    this.findings.push({ line, column, message });
  }

  private skipWhitespace() {
    while (this.pos < this.src.length && /\s/.test(this.src[this.pos])) this.pos++;
  }

  private readWhile(pattern: RegExp) {
    const start = this.pos;
    while (this.pos < this.src.length && pattern.test(this.src[this.pos])) this.pos++;
    return this.src.slice(start, this.pos);
  }

  /** Skips a quoted string; returns its raw contents. */
  private readQuoted(): string {
    const quote = this.src[this.pos++];
    const start = this.pos;
    while (this.pos < this.src.length) {
      const c = this.src[this.pos];
      if (c === "\\") this.pos += 2;
      else if (c === quote) return this.src.slice(start, this.pos++);
      else if (c === "\n") return this.src.slice(start, this.pos);
      else this.pos++;
    }
    return this.src.slice(start);
  }

  /** Skips a template literal, scanning its `${}` parts as code; returns its text parts. */
  private readTemplate(): string {
    this.pos++;
    let text = "";
    while (this.pos < this.src.length) {
      const c = this.src[this.pos];
      if (c === "\\") {
        text += this.src.slice(this.pos, this.pos + 2);
        this.pos += 2;
      } else if (c === "`") {
        this.pos++;
        return text;
      } else if (c === "$" && this.src[this.pos + 1] === "{") {
        this.pos += 2;
        this.scanCode(true);
      } else {
        text += c;
        this.pos++;
      }
    }
    return text;
  }

  private skipRegex() {
    const start = this.pos++;
    let inClass = false;
    while (this.pos < this.src.length) {
      const c = this.src[this.pos];
      if (c === "\\") this.pos += 2;
      else if (c === "\n") {
        // Not a regex after all (a stray division); resume right after the slash.
        this.pos = start + 1;
        return;
      } else if (c === "[" || c === "]") {
        inClass = c === "[";
        this.pos++;
      } else if (c === "/" && !inClass) {
        this.pos++;
        this.readWhile(/[a-z]/);
        return;
      } else this.pos++;
    }
  }

  /** Scans code; with `untilBrace`, stops after the `}` that closes the current `{`. */
  private scanCode(untilBrace: boolean) {
    let depth = 0;
    let expressionStart = true;
    const src = this.src;
    while (this.pos < src.length) {
      const c = src[this.pos];
      const next = src[this.pos + 1];
      if (/\s/.test(c)) {
        this.pos++;
      } else if (c === "/" && next === "/") {
        const end = src.indexOf("\n", this.pos);
        this.pos = end === -1 ? src.length : end;
      } else if (c === "/" && next === "*") {
        const end = src.indexOf("*/", this.pos + 2);
        this.pos = end === -1 ? src.length : end + 2;
      } else if (c === '"' || c === "'") {
        this.readQuoted();
        expressionStart = false;
      } else if (c === "`") {
        this.readTemplate();
        expressionStart = false;
      } else if (c === "/") {
        if (expressionStart) this.skipRegex();
        else this.pos++;
        expressionStart = !expressionStart;
      } else if (c === "<" && expressionStart && this.tryElement()) {
        expressionStart = false;
      } else if (IDENT_START.test(c)) {
        expressionStart = EXPRESSION_KEYWORDS.has(this.readWhile(IDENT_PART));
      } else if (/\d/.test(c)) {
        this.readWhile(/[\w.]/);
        expressionStart = false;
      } else if (c === "{") {
        depth++;
        this.pos++;
        expressionStart = true;
      } else if (c === "}") {
        this.pos++;
        if (untilBrace && depth === 0) return;
        depth--;
        expressionStart = false;
      } else if (c === ")" || c === "]") {
        this.pos++;
        expressionStart = false;
      } else {
        this.pos++;
        expressionStart = true;
      }
    }
  }

  private tryElement(): boolean {
    const start = this.pos;
    const found = this.findings.length;
    try {
      this.parseElement();
      return true;
    } catch (error) {
      if (!(error instanceof NotJsx)) throw error;
      this.pos = start;
      this.findings.length = found;
      return false;
    }
  }

  /** A `{…}` that holds nothing but one string literal: returns it (else undefined, position unchanged). */
  private readLiteralExpression(): { text: string; at: number } | undefined {
    const start = this.pos;
    const found = this.findings.length;
    this.pos++;
    this.skipWhitespace();
    const at = this.pos;
    const c = this.src[this.pos];
    if (c === '"' || c === "'" || c === "`") {
      const text = c === "`" ? this.readTemplate() : this.readQuoted();
      const noInterpolation = c !== "`" || !this.src.slice(at, this.pos).includes("${");
      this.skipWhitespace();
      if (this.src[this.pos] === "}" && noInterpolation) {
        this.pos++;
        return { text, at };
      }
    }
    this.pos = start;
    this.findings.length = found;
    return undefined;
  }

  private parseElement() {
    this.pos++;
    this.skipWhitespace();
    if (this.src[this.pos] === ">") {
      this.pos++;
      this.parseChildren("");
      return;
    }
    if (!IDENT_START.test(this.src[this.pos] ?? "")) throw new NotJsx();
    const tag = this.readWhile(/[\p{L}\p{N}_$.:-]/u);
    let first = true;
    for (;;) {
      this.skipWhitespace();
      const c = this.src[this.pos];
      if (c === undefined || c === ",") throw new NotJsx();
      if (c === "/" && this.src[this.pos + 1] === ">") {
        this.pos += 2;
        return;
      }
      if (c === ">") {
        this.pos++;
        this.parseChildren(tag);
        return;
      }
      if (c === "{") {
        this.pos++;
        this.scanCode(true);
      } else if (IDENT_START.test(c)) {
        const name = this.readWhile(/[\p{L}\p{N}_$:-]/u);
        // `<T extends U>(…) =>` is a generic arrow function, not an element.
        if (first && name === "extends") throw new NotJsx();
        this.skipWhitespace();
        if (this.src[this.pos] === "=") {
          this.pos++;
          this.skipWhitespace();
          this.parseAttributeValue(name);
        }
      } else throw new NotJsx();
      first = false;
    }
  }

  private parseAttributeValue(name: string) {
    const c = this.src[this.pos];
    const checked = CHECKED_ATTRIBUTES.has(name);
    if (c === '"' || c === "'") {
      const at = this.pos;
      const text = this.readQuoted();
      if (checked && hasLetters(text)) this.report(at, `literal text in ${name}="${text}"`);
    } else if (c === "{") {
      const literal = this.readLiteralExpression();
      if (literal) {
        if (checked && hasLetters(literal.text)) this.report(literal.at, `literal text in ${name}={"${literal.text}"}`);
      } else {
        this.pos++;
        this.scanCode(true);
      }
    } else if (c === "<") {
      this.parseElement();
    } else throw new NotJsx();
  }

  private parseChildren(tag: string) {
    for (;;) {
      const c = this.src[this.pos];
      if (c === undefined) throw new NotJsx();
      if (c === "<") {
        const open = this.pos;
        this.pos++;
        this.skipWhitespace();
        if (this.src[this.pos] === "/") {
          this.pos++;
          this.skipWhitespace();
          const closing = this.readWhile(/[\p{L}\p{N}_$.:-]/u);
          this.skipWhitespace();
          if (closing !== tag || this.src[this.pos] !== ">") throw new NotJsx();
          this.pos++;
          return;
        }
        this.pos = open;
        this.parseElement();
      } else if (c === "{") {
        const literal = this.readLiteralExpression();
        if (literal) {
          if (hasLetters(literal.text)) this.report(literal.at, `literal JSX text {"${literal.text.trim()}"}`);
        } else {
          this.pos++;
          this.scanCode(true);
        }
      } else {
        const start = this.pos;
        while (this.pos < this.src.length && this.src[this.pos] !== "<" && this.src[this.pos] !== "{") this.pos++;
        const text = this.src.slice(start, this.pos);
        if (hasLetters(text)) {
          const offset = text.search(/\S/);
          this.report(start + offset, `literal JSX text "${text.trim().replace(/\s+/g, " ")}"`);
        }
      }
    }
  }
}

/** Literal UI text in one .tsx source. */
export function findLiteralText(source: string): Finding[] {
  return new LiteralTextScanner(source).run();
}

/** Flattened keys of one locale file ("a.b.c"), arrays by index. */
export function flattenKeys(value: unknown, prefix = ""): string[] {
  if (value !== null && typeof value === "object") {
    return Object.entries(value).flatMap(([k, v]) => flattenKeys(v, prefix ? `${prefix}.${k}` : k));
  }
  return [prefix];
}

const PLURAL_SUFFIXES = ["zero", "one", "two", "few", "many", "other"];

function keyExists(keys: Set<string>, key: string): boolean {
  if (keys.has(key)) return true;
  if (PLURAL_SUFFIXES.some((s) => keys.has(`${key}_${s}`))) return true;
  for (const k of keys) if (k.startsWith(`${key}.`)) return true;
  return false;
}

const TRANSLATE_CALL = /(?<![\w$])t\(\s*(["'])([^"'`\\\n]+)\1\s*(?:,\s*\{([^{}]*)\})?\s*[,)]/g;
const TRANS_KEY = /\bi18nKey=(["'])([^"'\n]+)\1/g;
const USE_TRANSLATION = /useTranslation\(\s*(?:\[\s*)?(["'])(\w+)\1/g;
const OPTION_NS = /\bns:\s*(["'])(\w+)\1/;

/**
 * Literal keys that the English locale lacks. Keys without a namespace are looked up in the
 * namespaces the file passes to `useTranslation` (the default one for `useTranslation()`); files
 * that use `keyPrefix` or none are skipped
 * for those keys (their namespace is not knowable without running the code).
 */
export function findUnknownKeys(source: string, english: Map<string, Set<string>>, defaultNs?: string): Finding[] {
  const fileNamespaces = [...source.matchAll(USE_TRANSLATION)].map((m) => m[2]);
  if (defaultNs && /useTranslation\(\s*\)/.test(source)) fileNamespaces.push(defaultNs);
  const prefixed = source.includes("keyPrefix");
  const lines = source.split("\n");
  const findings: Finding[] = [];
  const check = (index: number, raw: string, options: string | undefined) => {
    const before = source.slice(0, index);
    const line = before.split("\n").length;
    if (lines[line - 1]?.includes(IGNORE_MARK)) return;
    const column = index - before.lastIndexOf("\n");
    const colon = raw.indexOf(":");
    let candidates: string[];
    let key = raw;
    if (colon > 0) {
      candidates = [raw.slice(0, colon)];
      key = raw.slice(colon + 1);
    } else {
      const optionNs = options?.match(OPTION_NS)?.[2];
      if (optionNs) candidates = [optionNs];
      else if (fileNamespaces.length > 0 && !prefixed) candidates = fileNamespaces;
      else return;
    }
    const known = candidates.filter((ns) => english.has(ns));
    if (known.length === 0) {
      findings.push({ line, column, message: `unknown namespace "${candidates.join(", ")}" for key "${raw}"` });
    } else if (!known.some((ns) => keyExists(english.get(ns)!, key))) {
      findings.push({ line, column, message: `key "${key}" missing from en/${known.join(".json or en/")}.json` });
    }
  };
  for (const m of source.matchAll(TRANSLATE_CALL)) check(m.index, m[2], m[3]);
  for (const m of source.matchAll(TRANS_KEY)) check(m.index, m[2], undefined);
  return findings;
}

/** English keys per namespace, read from `<localesDir>/en/*.json`. */
export function readEnglishKeys(localesDir: string): Map<string, Set<string>> {
  const english = new Map<string, Set<string>>();
  for (const file of readdirSync(join(localesDir, "en"))) {
    if (!file.endsWith(".json")) continue;
    const json: unknown = JSON.parse(readFileSync(join(localesDir, "en", file), "utf8"));
    english.set(file.slice(0, -".json".length), new Set(flattenKeys(json)));
  }
  return english;
}

function readDefaultNamespace(i18nSetup: string): string | undefined {
  try {
    return readFileSync(i18nSetup, "utf8").match(/defaultNS:\s*(["'])(\w+)\1/)?.[2];
  } catch {
    return undefined;
  }
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((f) => /\.tsx?$/.test(f) && !f.endsWith(".d.ts"))
    .map((f) => join(dir, f))
    .toSorted();
}

/** One language's glossary (src/i18n/glossary/<lng>.json): the term each concept is always called, and the words it must not be called instead. */
export type Glossary = { terms: { concept: string; use: string; not: string[] }[] };

// Scripts written without spaces between words: a variant is found anywhere in a text. Elsewhere it must start a
// word (so "Privat" is found in "Privatliga" but not inside another word), in any inflection.
const UNSPACED = new Set(["ja", "zh", "th"]);

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Texts of one language that call a glossary concept by a forbidden variant, as "<ns>.json: <key> says "<variant>";
 * the glossary's term is "<use>" (<concept>)". `texts` maps "<ns>.json" to that file's parsed JSON.
 */
export function findGlossaryVariants(language: string, glossary: Glossary, texts: Map<string, unknown>): string[] {
  const found: string[] = [];
  const patterns = glossary.terms.flatMap((term) =>
    term.not.map((variant) => ({
      term,
      variant,
      pattern: new RegExp(`${UNSPACED.has(language) ? "" : "(?<![\\p{L}\\p{M}])"}${escapeRegExp(variant)}`, "iu"),
    })),
  );
  for (const [file, json] of texts) {
    const walk = (value: unknown, key: string) => {
      if (typeof value === "string") {
        for (const { term, variant, pattern } of patterns) {
          if (pattern.test(value))
            found.push(`${file}: ${key} says "${variant}"; the glossary's term is "${term.use}" (${term.concept})`);
        }
      } else if (value !== null && typeof value === "object") {
        for (const [k, v] of Object.entries(value)) walk(v, key ? `${key}.${k}` : k);
      }
    };
    walk(json, "");
  }
  return found;
}

/** Every language's texts checked against its glossary; a language without a glossary is a problem too. */
export function checkGlossaries(localesDir: string, glossaryDir: string): string[] {
  const problems: string[] = [];
  for (const language of readdirSync(localesDir).toSorted()) {
    let glossary: Glossary;
    try {
      glossary = JSON.parse(readFileSync(join(glossaryDir, `${language}.json`), "utf8")) as Glossary;
    } catch {
      problems.push(`src/i18n/glossary/${language}.json: missing or not JSON (every language keeps one glossary)`);
      continue;
    }
    const texts = new Map<string, unknown>();
    for (const file of readdirSync(join(localesDir, language)).toSorted()) {
      if (file.endsWith(".json")) texts.set(file, JSON.parse(readFileSync(join(localesDir, language, file), "utf8")));
    }
    for (const p of findGlossaryVariants(language, glossary, texts)) problems.push(`src/i18n/locales/${language}/${p}`);
  }
  return problems;
}

export function checkProject(root: string): string[] {
  const srcDir = join(root, "src");
  const english = readEnglishKeys(join(srcDir, "i18n", "locales"));
  const defaultNs = readDefaultNamespace(join(srcDir, "i18n", "i18n.ts"));
  const problems: string[] = [];
  for (const file of sourceFiles(srcDir)) {
    const source = readFileSync(file, "utf8");
    const name = relative(root, file);
    const findings = [
      ...(file.endsWith(".tsx") ? findLiteralText(source) : []),
      ...findUnknownKeys(source, english, defaultNs),
    ];
    for (const f of findings.toSorted((a, b) => a.line - b.line || a.column - b.column)) {
      problems.push(`${name}:${f.line}:${f.column} ${f.message}`);
    }
  }
  problems.push(...checkGlossaries(join(srcDir, "i18n", "locales"), join(srcDir, "i18n", "glossary")));
  return problems;
}

function main() {
  const root = resolve(fileURLToPath(new URL("..", import.meta.url)));
  const problems = checkProject(root);
  for (const p of problems) console.log(p);
  if (problems.length > 0) {
    console.log(
      `\n${problems.length} i18n problem(s). Put UI text in src/i18n/locales/<lng>/<ns>.json and use t(); see docs/i18n.md.`,
    );
    process.exitCode = 1;
  } else {
    console.log("i18n: no literal UI text, every literal key exists in English, every language keeps to its glossary.");
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) main();

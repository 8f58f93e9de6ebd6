import { describe, expect, it } from "vitest";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  checkGlossaries,
  findGlossaryVariants,
  findLiteralText,
  findUnknownKeys,
  type Glossary,
} from "../../scripts/check-i18n";

const lines = (source: string) => findLiteralText(source).map((f) => f.line);

describe("JSX text children with letters are literal UI text", () => {
  it("reports text between tags, with its line", () => {
    expect(lines(`const A = () => (\n  <div>\n    <p>Hello</p>\n  </div>\n);`)).toEqual([3]);
  });

  it("reports text next to an expression and inside fragments", () => {
    expect(lines(`const A = () => <>Points: {n}</>;`)).toEqual([1]);
  });

  it("reports a string literal used as a child", () => {
    expect(lines(`const A = () => <span>{"Sign in"}</span>;`)).toEqual([1]);
  });

  it("reports text in every language, not only English", () => {
    expect(lines(`const A = () => <b>Войти</b>;\nconst B = () => <b>登录</b>;`)).toEqual([1, 2]);
  });

  it("reports text inside nested JSX passed as a prop or in a ternary", () => {
    const source = `const A = ({ ok }) => <Card footer={<em>Footer</em>}>{ok ? <i>Yes</i> : null}</Card>;`;
    expect(findLiteralText(source)).toHaveLength(2);
  });
});

describe("translated, numeric and punctuation-only children are allowed", () => {
  it("ignores {t(...)} children and attributes", () => {
    expect(lines(`const A = () => <p title={t("x")}>{t("common:hello")}</p>;`)).toEqual([]);
  });

  it("ignores whitespace, numbers, punctuation and entities", () => {
    expect(lines(`const A = () => <p>\n  {a} / {b} — 42% &nbsp; &times; {" "} · ({c})\n</p>;`)).toEqual([]);
  });
});

describe("literal strings in read attributes are literal UI text", () => {
  it.each(["aria-label", "title", "placeholder", "alt", "label"])('reports %s="…"', (attr) => {
    expect(lines(`const A = () => <X ${attr}="Close" />;`)).toEqual([1]);
  });

  it('reports {"…"} and plain template literals in those attributes', () => {
    expect(lines(`const A = () => <X title={"Close"} alt={\`Logo\`} />;`)).toEqual([1, 1]);
  });

  it("ignores other attributes and empty ones", () => {
    expect(lines(`const A = () => <input type="text" name="email" className="field wide" alt="" />;`)).toEqual([]);
  });
});

describe("an // i18n-ignore comment on the line allows it", () => {
  it("skips text and attributes on marked lines only", () => {
    const source = `const A = () => (\n  <div>\n    <b>Brand</b>{/* i18n-ignore */}\n    <X title="Brand" /> {/* i18n-ignore */}\n    <p>Other</p>\n  </div>\n);`;
    expect(lines(source)).toEqual([5]);
  });

  it("skips a marked line outside JSX children", () => {
    expect(lines(`const A = () => <X title="MotoGP" />; // i18n-ignore`)).toEqual([]);
  });
});

describe("type annotations, generics and operators are not JSX", () => {
  it("ignores generic types and calls", () => {
    const source = [
      `const list: Array<string> = [];`,
      `const map = new Map<string, Array<number>>();`,
      `const [v, setV] = useState<string | null>(null);`,
      `function first<T>(items: T[]): T | undefined { return items[0]; }`,
      `const id = <T,>(x: T) => x;`,
      `const pick = <T extends object>(x: T) => x;`,
      `type Fn = (a: Promise<Record<string, unknown>>) => void;`,
    ].join("\n");
    expect(findLiteralText(source)).toEqual([]);
  });

  it("ignores comparisons, shifts and regexes", () => {
    const source = [
      `if (a < b && c > d) run();`,
      `const ok = i<n ? x : y;`,
      `const big = 1 << 3 >> 1;`,
      `const re = /<p>Hello<\\/p>/g;`,
      `const html = "<p>Hello</p>";`,
      `const tpl = \`<b>\${name}</b>\`;`,
      `// <p>Commented out</p>`,
    ].join("\n");
    expect(findLiteralText(source)).toEqual([]);
  });

  it("still finds JSX after generics on the same line", () => {
    expect(lines(`const A = (p: Props<string>) => <p>Text</p>;`)).toEqual([1]);
  });
});

describe("literal keys must exist in the English locale", () => {
  const english = new Map([
    ["common", new Set(["save", "menu.home", "rider_one", "rider_other"])],
    ["errors", new Set(["required"])],
  ]);

  it("accepts known keys with a namespace, from useTranslation, plurals and objects", () => {
    const source = `const { t } = useTranslation("common");\nt("save"); t("errors:required"); t("rider", { count }); t("menu");`;
    expect(findUnknownKeys(source, english)).toEqual([]);
  });

  it("reports a missing key and an unknown namespace", () => {
    const source = `const { t } = useTranslation(["common"]);\nt("missing");\nt("nope:key");`;
    expect(findUnknownKeys(source, english).map((f) => f.line)).toEqual([2, 3]);
  });

  it("uses the default namespace for useTranslation() and the ns option", () => {
    const source = `const { t } = useTranslation();\nt("save"); t("required", { ns: "errors" }); t("required");`;
    expect(findUnknownKeys(source, english, "common").map((f) => f.message)).toEqual([
      `key "required" missing from en/common.json`,
    ]);
  });

  it("skips keys whose namespace is not knowable and dynamic keys", () => {
    expect(findUnknownKeys(`t("whatever"); t(\`errors:\${code}\`);`, english)).toEqual([]);
  });
});

describe("one glossary per language: a concept is always called by the same term", () => {
  const ja: Glossary = { terms: [{ concept: "a public league", use: "公開", not: ["パブリック"] }] };
  const de: Glossary = { terms: [{ concept: "the league's owner", use: "Besitzer", not: ["Eigentümer"] }] };

  it("reports a forbidden variant anywhere in a Japanese text, with its file and key", () => {
    const texts = new Map<string, unknown>([
      ["landing.json", { leagues: { publicTab: "パブリック", lead: "公開リーグ" } }],
    ]);
    expect(findGlossaryVariants("ja", ja, texts)).toEqual([
      `landing.json: leagues.publicTab says "パブリック"; the glossary's term is "公開" (a public league)`,
    ]);
  });

  it("finds a variant at the start of a word in any inflection, not inside another word", () => {
    const texts = new Map<string, unknown>([
      ["leagues.json", { a: "Die Eigentümerin der Liga", b: "Miteigentümer", c: "Besitzer" }],
    ]);
    expect(findGlossaryVariants("de", de, texts)).toHaveLength(1);
  });

  it("every language has a glossary and its texts keep to it", () => {
    const root = fileURLToPath(new URL("../..", import.meta.url));
    expect(checkGlossaries(join(root, "src/i18n/locales"), join(root, "src/i18n/glossary"))).toEqual([]);
  });
});

// fast-check arbitraries derived from a call's contract schema (through zod's JSON Schema), each value
// sometimes swapped for a hostile one: control characters, lone surrogates, direction overrides, SQL and
// HTML snippets, huge strings, wrong types and prototype keys.
import * as fc from "fast-check";
import * as z from "zod";

type Json = {
  type?: string | string[];
  properties?: Record<string, Json>;
  required?: string[];
  items?: Json;
  anyOf?: Json[];
  oneOf?: Json[];
  allOf?: Json[];
  enum?: unknown[];
  const?: unknown;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
};

export const HOSTILE_STRINGS: readonly string[] = [
  "\u0000",
  "name\u0000",
  "a\u0000b",
  "\u0001\u0002\u0007\u001b[31m",
  "\ud800",
  "x\udfffy",
  "\u202eevil\u202c",
  "\u2066isolated\u2069",
  "Bob\u200b",
  "\u3164\u3164\u3164",
  "line\nbreak",
  "tab\there",
  "\r\nBcc: victim@example.com",
  "'; DROP TABLE users; --",
  "' OR '1'='1",
  "1; SELECT pg_sleep(5)",
  "%' OR 1=1 --",
  "\\",
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(1)>',
  "javascript:alert(1)",
  "😀👨‍👩‍👧🏴󠁧󠁢󠁳󠁣󠁴󠁿",
  "ﷺ𒐫꧅",
  "e\u0301e\u0301e\u0301",
  "../../../etc/passwd",
  "%00",
  "%2e%2e%2f",
  "${jndi:ldap://x/a}",
  "{{7*7}}",
  "__proto__",
  "constructor",
  "   ",
  "",
  "null",
  "-1",
  "1e309",
  "NaN",
  "9999999999999999999999",
  "0x10",
  "2026-13-45T99:99:99Z",
  "+275760-09-13T00:00:00.000Z",
  "a".repeat(10_000),
  "Ω".repeat(70_000),
];

const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c));
const control = fc.integer({ min: 0, max: 0x1f }).map((c) => String.fromCharCode(c));

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  {
    weight: 1,
    arbitrary: fc.string({
      unit: fc.oneof(
        loneSurrogate,
        control,
        fc.constant("\u202e"),
        fc.string({ unit: "binary", minLength: 1, maxLength: 1 }),
      ),
      maxLength: 30,
    }),
  },
  { weight: 1, arbitrary: fc.string({ unit: "binary", maxLength: 60 }) },
);

export const wrongType: fc.Arbitrary<unknown> = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.jsonValue(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.jsonValue(), { maxKeys: 3 }),
  fc.string({ maxLength: 20 }),
);

/** The ids the test made, by kind (race, rider, user, league, …), read when a value is drawn. */
export type IdPool = () => Readonly<Record<string, readonly string[]>>;

/** The kind of entity a key or path parameter names: `raceId` a race, `riderIds` riders, `ids` notifications. */
export function kindOfKey(key: string): string | null {
  const m = /^(\w*?)(Id|Ids|_id)$/.exec(key);
  if (m) return m[1] || "any";
  if (key === "ids") return "notification";
  if (key === "id") return "any";
  return null;
}

/** One of the pool's ids of that kind (any kind for "any"), sometimes one of another kind, sometimes a fresh UUID. */
export function idArb(ids: IdPool, kind: string): fc.Arbitrary<string> {
  const pick = (k: string | null) =>
    fc.nat().map((n) => {
      const pools = ids();
      const list = (k && pools[k]?.length ? pools[k] : Object.values(pools).flat()) as string[];
      return list[n % list.length]!;
    });
  return fc.oneof(
    { weight: 6, arbitrary: pick(kind) },
    { weight: 1, arbitrary: pick(null) },
    { weight: 1, arbitrary: fc.uuid() },
  );
}

function stringArb(s: Json, key: string, ids: IdPool): fc.Arbitrary<string> {
  const kind = kindOfKey(key);
  if (kind) return idArb(ids, kind);
  if (/email/i.test(key) || s.format === "email") return fc.emailAddress();
  if (s.format === "date-time")
    return fc
      .date({ min: new Date("2000-01-01"), max: new Date("2100-01-01"), noInvalidDate: true })
      .map((d) => d.toISOString());
  if (s.format === "uuid") return fc.uuid();
  if (s.pattern) {
    try {
      return fc.stringMatching(new RegExp(s.pattern, "u"), { maxLength: s.maxLength });
    } catch {
      // Patterns fast-check can't invert (look-aheads): a value that satisfies the password rule.
      return fc.constant("Paddock#2026");
    }
  }
  return fc.string({ minLength: s.minLength ?? 0, maxLength: Math.min(s.maxLength ?? 40, 200), unit: "grapheme" });
}

/** `hostile`: leaves may be swapped for hostile values; otherwise every value obeys the schema. */
function schemaArb(s: Json, key: string, ids: IdPool, depth: number, hostile: boolean): fc.Arbitrary<unknown> {
  const child = (c: Json, k: string) =>
    hostile ? valueArb(c, k, ids, depth + 1) : schemaArb(c, k, ids, depth + 1, false);
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  const alternatives = s.anyOf ?? s.oneOf;
  if (alternatives) return fc.oneof(...alternatives.map((a) => schemaArb(a, key, ids, depth, hostile)));
  if (s.allOf?.length) return schemaArb(s.allOf[0]!, key, ids, depth, hostile);
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case "string":
      return stringArb(s, key, ids);
    case "integer":
      // The race's own version (pool "version") lets saves get past the version check.
      if (key === "version")
        return fc.oneof(idArb(ids, "version").map(Number).filter(Number.isInteger), fc.integer({ min: -1, max: 5 }));
      // Counts the server holds are small: draw those often, absurd ones sometimes.
      return fc.oneof(
        fc.integer({
          min: Math.max(s.minimum ?? 0, 0),
          max: Math.min(s.maximum ?? Number.MAX_SAFE_INTEGER, Math.max(s.minimum ?? 0, 0) + 5),
        }),
        fc.integer({
          min: Math.max(s.minimum ?? -1_000_000, -2_000_000_000),
          max: Math.min(s.maximum ?? 1_000_000, 2_000_000_000),
        }),
      );
    case "number":
      return fc.double({ min: s.minimum ?? -1e6, max: s.maximum ?? 1e6, noNaN: true });
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "array":
      return fc.array(s.items ? child(s.items, key) : fc.jsonValue(), {
        minLength: s.minItems ?? 0,
        maxLength: Math.min(s.maxItems ?? 4, 4),
      });
    case "object":
      return hostile
        ? objectArb(s, ids, depth)
        : fc.record(Object.fromEntries(Object.entries(s.properties ?? {}).map(([k, v]) => [k, child(v, k)])), {
            requiredKeys: s.required ?? [],
          });
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** A value of the schema, or (one time in four) a hostile string, a wrong type or an absurd size. */
export function valueArb(s: Json, key: string, ids: IdPool, depth = 0): fc.Arbitrary<unknown> {
  const valid = schemaArb(s, key, ids, depth, depth <= 3);
  if (depth > 3) return valid;
  return fc.oneof(
    { weight: 9, arbitrary: valid },
    { weight: 2, arbitrary: hostileString },
    { weight: 1, arbitrary: wrongType },
  );
}

function objectArb(s: Json, ids: IdPool, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const props = s.properties ?? {};
  const required = new Set(s.required ?? []);
  const model = Object.fromEntries(Object.entries(props).map(([k, v]) => [k, valueArb(v, k, ids, depth + 1)]));
  const base = fc.record(model, { requiredKeys: Object.keys(props).filter((k) => required.has(k)) }) as fc.Arbitrary<
    Record<string, unknown>
  >;
  const extra = fc.oneof(
    fc.constant({}),
    fc.constant({}),
    fc.constant({}),
    // Own `__proto__` / `constructor` keys, as JSON.parse would make them.
    fc.constant({ ["__proto__"]: { isAdmin: true, polluted: 1 } }),
    fc.constant({ constructor: { prototype: { polluted: 1 } } }),
    fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 2 }),
  );
  // Sometimes a required key goes missing.
  const drop = fc.option(fc.constantFrom(...(Object.keys(props).length ? Object.keys(props) : [""])), { freq: 6 });
  return fc.tuple(base, extra, drop).map(([value, more, dropped]) => {
    const out: Record<string, unknown> = { ...value };
    for (const [k, v] of Object.entries(more))
      Object.defineProperty(out, k, { value: v, enumerable: true, writable: true, configurable: true });
    if (dropped) delete out[dropped];
    return out;
  });
}

export function jsonSchemaOf(schema: z.ZodType): Json {
  return z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as Json;
}

/** A body for the schema (any JSON when the call takes none): as often one that obeys it as one with hostile parts. */
export function bodyArb(schema: z.ZodType | undefined, ids: IdPool): fc.Arbitrary<unknown> {
  if (!schema) return fc.oneof(fc.constant(undefined), fc.jsonValue({ maxDepth: 2 }), hostileString);
  const json = jsonSchemaOf(schema);
  return fc.oneof(
    { weight: 5, arbitrary: schemaArb(json, "", ids, 1, false) },
    { weight: 5, arbitrary: valueArb(json, "", ids, 1) },
    { weight: 1, arbitrary: wrongType },
  );
}

/** A query string's values (always text on the wire), from the schema plus hostile extra keys. */
const asQueryText = (v: unknown): string => (typeof v === "string" ? v : v === undefined ? "" : JSON.stringify(v));

export function queryArb(schema: z.ZodType | undefined, ids: IdPool): fc.Arbitrary<Record<string, string>> {
  const fromSchema = schema
    ? fc.oneof(schemaArb(jsonSchemaOf(schema), "", ids, 1, false), valueArb(jsonSchemaOf(schema), "", ids, 1))
    : fc.constant({});
  const extra = fc.dictionary(
    fc.constantFrom(
      "text",
      "search",
      "to",
      "langCode",
      "raceId",
      "typeId",
      "page",
      "take",
      "code",
      "state",
      "__proto__",
    ),
    hostileString,
    { maxKeys: 2 },
  );
  return fc.tuple(fromSchema, fc.option(extra, { freq: 3 })).map(([value, more]) => {
    const out: Record<string, string> = {};
    if (value && typeof value === "object" && !Array.isArray(value))
      for (const [k, v] of Object.entries(value)) out[k] = asQueryText(v);
    for (const [k, v] of Object.entries(more ?? {})) out[k] = v;
    return out;
  });
}

/** A path parameter of the given kind: a real id, a fresh UUID, or hostile text (encoded as a URL segment). */
export function paramArb(ids: IdPool, kind: string): fc.Arbitrary<string> {
  const known = kind === "provider" ? fc.constantFrom("google", "facebook", "twitter") : idArb(ids, kind);
  return fc.oneof({ weight: 6, arbitrary: known }, { weight: 2, arbitrary: hostileString.filter((s) => s.length > 0) });
}

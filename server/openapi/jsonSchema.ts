import * as z from "zod";

export type JsonSchema = z.core.JSONSchema.BaseSchema;

export const COMPONENTS = "#/components/schemas/";

/** JSON has no `undefined`: a member that only admits it never matches, and is dropped from its union below. */
const NEVER: JsonSchema = { not: {} };
const isNever = (s: unknown) =>
  typeof s === "object" &&
  s !== null &&
  Object.keys(s).length === 1 &&
  "not" in s &&
  Object.keys((s as { not: object }).not).length === 0;

/**
 * Zod's own converter with two decisions of ours. A `z.undefined()` member of a union (how the contract lets a
 * form send a field as missing and still answer `required`) becomes nothing: the object's `required` list already
 * says the field must be there. Anything else zod cannot represent (a transform's output, a function) throws,
 * so a schema the document would get wrong is found at generation, not by a client.
 */
const params = (io: "input" | "output") =>
  ({
    io,
    unrepresentable: ({ zodSchema }) =>
      (zodSchema as unknown as z.ZodType).def.type === "undefined" ? NEVER : "throw",
    override: ({ jsonSchema }) => {
      const members = jsonSchema.anyOf;
      if (!Array.isArray(members) || !members.some(isNever)) return;
      const kept = members.filter((m) => !isNever(m));
      delete jsonSchema.anyOf;
      if (kept.length === 1) Object.assign(jsonSchema, kept[0]);
      else jsonSchema.anyOf = kept;
    },
  }) satisfies z.core.ToJSONSchemaParams;

/** `$schema` and `$id` belong to standalone schemas; inside the document they would only mislead. */
function withoutDialect(schema: JsonSchema): JsonSchema {
  const { $schema: _, $id: __, ...rest } = schema;
  return rest;
}

/** A request's body, query or headers as the client sends them (defaults optional, coercions as their input), inline. */
export function inputSchema(schema: z.ZodType): JsonSchema {
  return withoutDialect(z.toJSONSchema(schema, params("input")));
}

/** Request-only schemas (a query that trims and transforms) have no output to describe; they are never answered. */
function hasOutput(schema: z.ZodType): boolean {
  try {
    z.toJSONSchema(schema, params("output"));
    return true;
  } catch {
    return false;
  }
}

/**
 * What the server answers: `named` schemas become `#/components/schemas/<name>` (and are referenced wherever they
 * appear), `inline` ones (each operation's envelope and errors) come back by key with those references in them.
 */
export function outputSchemas(
  named: Map<z.ZodType, string>,
  inline: Map<string, z.ZodType>,
): { components: Record<string, JsonSchema>; inline: Map<string, JsonSchema> } {
  const registry = z.registry<{ id: string }>();
  for (const [schema, name] of named) if (hasOutput(schema)) registry.add(schema, { id: name });
  // Keys of inline schemas cannot clash with component names: they are never referenced, only read back below.
  const inlineIds = new Map<string, string>();
  for (const [key, schema] of inline) {
    const id = `inline ${key}`;
    if (registry.has(schema)) throw new Error(`${key}: give the operation its own schema object, not a named one`);
    registry.add(schema, { id });
    inlineIds.set(key, id);
  }
  const { schemas } = z.toJSONSchema(registry, { ...params("output"), uri: (id) => `${COMPONENTS}${id}` }) as {
    schemas: Record<string, JsonSchema>;
  };
  if ("__shared" in schemas) throw new Error("a cyclic schema needs a name: export it from the contract");
  const components: Record<string, JsonSchema> = {};
  for (const name of named.values()) if (schemas[name]) components[name] = withoutDialect(schemas[name]);
  const out = new Map<string, JsonSchema>();
  for (const [key, id] of inlineIds) out.set(key, withoutDialect(schemas[id]!));
  return { components, inline: out };
}

/**
 * One answer's schema on its own (everything inline): what a route's answer is serialised with (fast-json-stringify,
 * through Fastify's response schema), which writes only the properties it names, as the contract's parse would keep.
 */
export function answerSchema(schema: z.ZodType): JsonSchema {
  return withoutDialect(z.toJSONSchema(schema, params("output")));
}

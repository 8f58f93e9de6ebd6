import * as z from "zod";
import { ADMIN_TOKEN_HEADER } from "../../contract/calls.results";
import type { Call, RawCall } from "../../contract/calls";
import type { CallGroup } from "../../contract/catalogue";
import { ErrorBody, FieldErrorBody } from "../../contract/common";
import { formatMessage, messageCodes, type MessageCode } from "../../contract/messages";
import { audienceOf, errorAnswers, type Audience } from "./errors";
import { COMPONENTS, inputSchema, outputSchemas, type JsonSchema } from "./jsonSchema";
import { contractSchemaNames } from "./names";

export const OPENAPI_VERSION = "3.1.1";

type Parameter = {
  name: string;
  in: "path" | "query" | "header";
  required: boolean;
  schema: JsonSchema;
  description?: string;
};
type MediaTypes = Record<string, { schema?: JsonSchema }>;
type Response = {
  description: string;
  content?: MediaTypes;
  headers?: Record<string, { schema: JsonSchema; description?: string }>;
};
export type Operation = {
  operationId: string;
  tags: string[];
  "x-audience": Audience;
  security: Record<string, string[]>[];
  parameters?: Parameter[];
  requestBody?: { required: true; content: MediaTypes };
  responses: Record<string, Response | { $ref: string }>;
};
export type OpenApiDocument = {
  openapi: string;
  info: { title: string; version: string; description: string };
  servers: { url: string }[];
  tags: { name: string; description?: string }[];
  paths: Record<string, Partial<Record<"get" | "post" | "put" | "delete", Operation>>>;
  components: {
    schemas: Record<string, JsonSchema>;
    responses: Record<string, Response>;
    securitySchemes: Record<string, object>;
  };
};

export type DocumentOptions = {
  /** The API's version (the package's). */
  version: string;
  /** List the /dev calls (the server serves them only outside production). */
  dev: boolean;
};

/** `/leagues/:id/members/:userId` → `/leagues/{id}/members/{userId}`. */
export const openApiPath = (path: string) => path.replace(/:(\w+)/g, "{$1}");
const pathNames = (path: string) => [...path.matchAll(/:(\w+)/g)].map((m) => m[1]!);

const BEARER = "bearerAuth";
const ADMIN = "adminToken";
const SECURITY: Record<Audience, Record<string, string[]>[]> = {
  // A public call still reads a bearer token when one is sent (the caller's own row, `isFavorite`).
  public: [{}, { [BEARER]: [] }],
  player: [{ [BEARER]: [] }],
  // The command line's admin token, or the bearer token of an account with the operator role (the browser).
  admin: [{ [ADMIN]: [] }, { [BEARER]: [] }],
  dev: [{}, { [BEARER]: [] }],
};

const AUDIENCE_TAGS = {
  dev: "Development only (x-audience: dev): not served when NODE_ENV=production.",
  admin: `Operators (x-audience: admin): the ${ADMIN_TOKEN_HEADER} header carries the server's ADMIN_TOKEN (the command line), or a bearer token of an account with the operator role (the browser); either way the action is written to the audit log.`,
};

const ANSWER_TEXT: Record<number, string> = {
  200: "The content.",
  302: "A redirect: the Location header says where.",
  304: "Not modified: the ETag sent in If-None-Match still holds.",
};

/** One parameter per property of an object schema (the path's values, a query or the headers), required as the schema says. */
function parametersOf(schema: z.ZodType, where: Parameter["in"]): Parameter[] {
  const json = inputSchema(schema);
  if (json.type !== "object" || !json.properties) throw new Error(`a ${where} schema must be an object`);
  const required = new Set(json.required ?? []);
  return Object.entries(json.properties).map(([name, property]) => ({
    name,
    in: where,
    required: where === "path" || required.has(name),
    schema: property as JsonSchema,
  }));
}

/** The path's values as serve() reads them (contract/calls.ts `pathParams`: ids are UUIDs), each `:name` of the path once. */
function pathParameters(call: Call | RawCall): Parameter[] {
  const names = pathNames(call.path);
  const declared = call.params ? parametersOf(call.params, "path") : [];
  const byName = new Map(declared.map((p) => [p.name, p]));
  if (declared.length !== names.length || !names.every((n) => byName.has(n)))
    throw new Error(`${call.method} ${call.path}: params must name exactly the path's values`);
  return names.map((name) => byName.get(name)!);
}

function parameters(call: Call | RawCall): Parameter[] {
  const path = pathParameters(call);
  const query = call.query ? parametersOf(call.query, "query") : [];
  const headers = "headers" in call && call.headers ? parametersOf(call.headers, "header") : [];
  return [...path, ...query, ...headers];
}

function requestBody(call: Call | RawCall): Pick<Operation, "requestBody"> {
  if ("body" in call && call.body)
    return { requestBody: { required: true, content: { "application/json": { schema: inputSchema(call.body) } } } };
  if ("form" in call && call.form)
    return { requestBody: { required: true, content: { "multipart/form-data": { schema: inputSchema(call.form) } } } };
  return {};
}

const RESPONSES = "#/components/responses/";
/** Calls share an error answer when its status and codes are the same: `error409.predictionSaved.riderInjured`. */
const errorName = (status: number, codes: MessageCode[]) => `error${status}.${codes.join(".")}`;

const errorDescription = (codes: MessageCode[]) =>
  codes.map((code) => `\`${code}\`: ${formatMessage(code)}`).join("\n\n");

/** The error body of server/http/errors.ts narrowed to one status and the codes it may carry there. */
const errorSchema = (status: number, codes: MessageCode[]) =>
  ErrorBody.extend({ statusCode: z.literal(status), code: z.enum(codes as [MessageCode, ...MessageCode[]]) });

type Entry = { group: string; name: string; call: Call | RawCall };

function entriesOf(catalogue: Record<string, CallGroup>, options: DocumentOptions): Entry[] {
  const entries = Object.entries(catalogue).flatMap(([group, calls]) =>
    Object.entries(calls).map(([name, call]) => ({ group, name, call })),
  );
  return entries.filter((e) => options.dev || audienceOf(e.call) !== "dev");
}

/**
 * The OpenAPI 3.1 document of a catalogue (contract/catalogue.ts): every call with its parameters, body, result in
 * its `{ "result": … }` envelope and error answers, all schemas from zod's own JSON Schema output. Nothing in it
 * is written by hand: a call added to the catalogue is described by the next generation.
 */
export function openApiDocument(catalogue: Record<string, CallGroup>, options: DocumentOptions): OpenApiDocument {
  const entries = entriesOf(catalogue, options);
  const inline = new Map<string, z.ZodType>();
  const named = contractSchemaNames();
  // The error body's own schemas get their names even where no module exports them by that name.
  named.set(FieldErrorBody, "FieldError");
  const genericError = ErrorBody.extend({ code: z.enum(messageCodes as [MessageCode, ...MessageCode[]]) });
  named.set(genericError, "Error");
  const errorNames = new Map<string, { status: number; codes: MessageCode[] }>();
  for (const { group, name, call } of entries) {
    const id = `${group}.${name}`;
    if ("result" in call) inline.set(`${id} 200`, z.object({ result: call.result }));
    for (const [status, codes] of errorAnswers(call)) errorNames.set(errorName(status, codes), { status, codes });
  }
  for (const [errorKey, { status, codes }] of errorNames) inline.set(errorKey, errorSchema(status, codes));
  const output = outputSchemas(named, inline);

  const paths: OpenApiDocument["paths"] = {};
  const operationIds = new Set<string>();
  for (const { group, name, call } of entries) {
    const id = `${group}.${name}`;
    if (operationIds.has(id)) throw new Error(`operation ${id} twice`);
    operationIds.add(id);
    const audience = audienceOf(call);
    const responses: Operation["responses"] = {};
    if ("result" in call) {
      responses["200"] = {
        description: "The call's result, in its envelope.",
        content: { "application/json": { schema: output.inline.get(`${id} 200`)! } },
      };
      if (call.shared) {
        responses["200"].headers = { ETag: { schema: { type: "string" } } };
        responses["304"] = { description: ANSWER_TEXT[304]! };
      }
    } else {
      for (const [status, types] of Object.entries(call.answers)) {
        const response: Response = { description: ANSWER_TEXT[Number(status)] ?? "The answer." };
        if (types.length) response.content = Object.fromEntries(types.map((type) => [type, {}]));
        if (status === "302") response.headers = { Location: { schema: { type: "string" } } };
        responses[status] = response;
      }
    }
    for (const [status, codes] of errorAnswers(call))
      responses[String(status)] = { $ref: `${RESPONSES}${errorName(status, codes)}` };
    const params = parameters(call);
    const operation: Operation = {
      operationId: id,
      tags: [audience === "dev" || audience === "admin" ? audience : group],
      "x-audience": audience,
      // A raw operator call (the backup) takes the same credentials as the JSON ones.
      security: "answers" in call && audience !== "admin" ? [] : SECURITY[audience],
      ...(params.length ? { parameters: params } : {}),
      ...requestBody(call),
      responses,
    };
    const path = openApiPath(call.path);
    const method = call.method.toLowerCase() as "get";
    paths[path] ??= {};
    if (paths[path][method]) throw new Error(`${call.method} ${call.path} twice`);
    paths[path][method] = operation;
  }

  const errorResponses: Record<string, Response> = {};
  for (const [errorKey, { codes }] of [...errorNames].toSorted(([a], [b]) => a.localeCompare(b))) {
    errorResponses[errorKey] = {
      description: errorDescription(codes),
      content: { "application/json": { schema: output.inline.get(errorKey)! } },
    };
  }
  const tags = [...new Set(Object.values(paths).flatMap((ops) => Object.values(ops).flatMap((op) => op.tags)))];
  return {
    openapi: OPENAPI_VERSION,
    info: {
      title: "Paddock Predictor API",
      version: options.version,
      description:
        'Generated from the contract\'s call catalogue (contract/catalogue.ts). Every success is `{ "result": … }`; every error ' +
        "`{ statusCode, code, message, fields? }` with `code` a key of contract/messages.ts. The guide (auth, paging, errors, " +
        "examples) is docs/api.md.",
    },
    servers: [{ url: "/api" }],
    tags: tags.map((name) =>
      name in AUDIENCE_TAGS ? { name, description: AUDIENCE_TAGS[name as keyof typeof AUDIENCE_TAGS] } : { name },
    ),
    paths,
    components: {
      schemas: referenced(paths, output.components, errorResponses),
      responses: errorResponses,
      securitySchemes: {
        [BEARER]: {
          type: "http",
          scheme: "bearer",
          bearerFormat: "JWT",
          description: "The access token of POST /auth/sign-in (15 minutes; renew with POST /auth/refresh).",
        },
        [ADMIN]: {
          type: "apiKey",
          in: "header",
          name: ADMIN_TOKEN_HEADER,
          description: "The server's ADMIN_TOKEN (operators only; an operator's bearer token opens the same calls).",
        },
      },
    },
  };
}

/** Only the components some operation reaches, directly or through other components. */
function referenced(
  paths: OpenApiDocument["paths"],
  components: Record<string, JsonSchema>,
  responses: Record<string, Response>,
): Record<string, JsonSchema> {
  const found = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(visit);
    if (typeof value !== "object" || value === null) return;
    for (const [key, inner] of Object.entries(value)) {
      if (key === "$ref" && typeof inner === "string" && inner.startsWith(COMPONENTS)) {
        const name = inner.slice(COMPONENTS.length);
        if (!found.has(name)) {
          found.add(name);
          visit(components[name]);
        }
      } else visit(inner);
    }
  };
  // The generic error body stays for clients that handle every error in one place.
  visit({ $ref: `${COMPONENTS}Error` });
  visit(paths);
  visit(responses);
  return Object.fromEntries(
    Object.keys(components)
      .filter((n) => found.has(n))
      .toSorted()
      .map((n) => [n, components[n]!]),
  );
}

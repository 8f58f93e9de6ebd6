// Every answer the server tests get is checked against the OpenAPI document generated from the catalogue: the
// operation is documented, its status is one the document lists for it, its media type too, and a JSON body
// matches the schema given there. A mismatch fails the test whose request produced it.
import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { API_PREFIX } from "../../contract/calls";
import { catalogue } from "../../contract/catalogue";
import { openApiDocument, openApiPath, type OpenApiDocument, type Operation } from "../../server/openapi/document";

type Response = { description: string; content?: Record<string, { schema?: object }> };

/** The document of the catalogue with every call, as `npm run openapi` writes it (the test servers serve /dev too). */
export const testDocument: OpenApiDocument = openApiDocument(catalogue, { version: "test", dev: true });

export function schemaValidator(document: OpenApiDocument) {
  const ajv = new Ajv2020({ allErrors: true, strict: false });
  addFormats(ajv);
  const compiled = new Map<object, ValidateFunction>();
  /** Validates against a schema of the document; its `#/components/…` references resolve inside the document. */
  return (schema: object, value: unknown): string | null => {
    let validate = compiled.get(schema);
    if (!validate) {
      validate = ajv.compile({ ...schema, components: document.components });
      compiled.set(schema, validate);
    }
    if (validate(value)) return null;
    return ajv.errorsText(validate.errors, { separator: "; ", dataVar: "body" });
  };
}

function resolve(document: OpenApiDocument, response: Response | { $ref: string }): Response {
  if (!("$ref" in response)) return response;
  const name = response.$ref.replace("#/components/responses/", "");
  return document.components.responses[name]! as Response;
}

const excerpt = (payload: string) => (payload.length > 300 ? `${payload.slice(0, 300)}…` : payload);

export type Answer = {
  method: string;
  url: string;
  route: string | undefined;
  status: number;
  contentType: string | undefined;
  payload: unknown;
};

/** What is wrong with one answer by the document, or null. Only answers under /api are the API's (the rest is the SPA). */
export function checkAnswer(
  document: OpenApiDocument,
  validate: ReturnType<typeof schemaValidator>,
  answer: Answer,
): string | null {
  const path = answer.url.split("?")[0]!;
  if (path !== API_PREFIX && !path.startsWith(`${API_PREFIX}/`)) return null;
  const where = `${answer.method} ${path} → ${answer.status}`;
  const text = typeof answer.payload === "string" ? answer.payload : Buffer.isBuffer(answer.payload) ? null : undefined;
  const type = answer.contentType?.split(";")[0]!.trim();
  const json = () => {
    try {
      return { value: JSON.parse(text ?? "") as unknown };
    } catch {
      return null;
    }
  };

  // No route matched (an unknown path or method): the generic error body.
  if (!answer.route || !answer.route.startsWith(API_PREFIX)) {
    const body = json();
    if (type !== "application/json" || !body) return `${where}: an unrouted answer must be the JSON error body`;
    const problem = validate(document.components.schemas.Error!, body.value);
    return problem ? `${where}: ${problem} in ${excerpt(text!)}` : null;
  }

  const method = answer.method === "HEAD" ? "get" : (answer.method.toLowerCase() as "get");
  const operation: Operation | undefined = document.paths[openApiPath(answer.route.slice(API_PREFIX.length))]?.[method];
  if (!operation) return `${where}: ${answer.method} ${answer.route} is served but not in the document`;
  const documented = operation.responses[String(answer.status)];
  if (!documented) {
    return `${where}: status ${answer.status} is not documented for ${operation.operationId} (documented: ${Object.keys(operation.responses).join(", ")})${text ? `; body ${excerpt(text)}` : ""}`;
  }
  const response = resolve(document, documented);
  if (!response.content)
    return text ? `${where}: ${operation.operationId} documents no body for ${answer.status}` : null;
  if (!type || !(type in response.content)) {
    return `${where}: media type ${type} is not documented for ${operation.operationId} ${answer.status} (${Object.keys(response.content).join(", ")})`;
  }
  const schema = response.content[type]!.schema;
  if (answer.method === "HEAD" || !schema) return null;
  const body = json();
  if (!body) return `${where}: ${operation.operationId} answered a body that is not JSON`;
  const problem = validate(schema, body.value);
  return problem ? `${where}: ${operation.operationId}: ${problem} in ${excerpt(text!)}` : null;
}

const validate = schemaValidator(testDocument);
const pending: string[] = [];

/** Throws (and forgets) every mismatch seen since the last call: the harness calls it after each request and test. */
export function assertAnswersDocumented(): void {
  if (pending.length === 0) return;
  const problems = pending.splice(0);
  throw new Error(`The server answered outside its OpenAPI document:\n- ${problems.join("\n- ")}`);
}

/**
 * Checks every answer `app` sends against the document, whether it comes from `inject` or a real socket, and makes
 * `inject` throw right after an answer that does not match, so the failing request is the one in the stack.
 */
const decoded = (body: Buffer, encoding: string): string | Buffer =>
  encoding === "br" ? brotliDecompressSync(body).toString() : encoding === "gzip" ? gunzipSync(body).toString() : body;

export function checkAnswers(app: FastifyInstance): void {
  app.addHook("onSend", async (request: FastifyRequest, reply, payload) => {
    const problem = checkAnswer(testDocument, validate, {
      method: request.method,
      url: request.url,
      route: request.routeOptions.url,
      status: reply.statusCode,
      contentType: reply.getHeader("content-type") as string | undefined,
      // A body already compressed (an answer kept in memory, server/http/sharedAnswers.ts) is judged by its JSON.
      payload:
        Buffer.isBuffer(payload) && reply.hasHeader("content-encoding")
          ? decoded(payload, String(reply.getHeader("content-encoding")))
          : payload,
    });
    if (problem) pending.push(problem);
    return payload;
  });
  const inject = app.inject.bind(app) as (options?: unknown, callback?: unknown) => unknown;
  app.inject = ((options?: unknown, callback?: unknown) => {
    if (options === undefined || callback) return inject(options, callback);
    return (inject(options) as Promise<unknown>).then((response) => {
      assertAnswersDocumented();
      return response;
    });
  }) as typeof app.inject;
}

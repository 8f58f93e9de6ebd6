import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it, vi } from "vitest";
import * as z from "zod";
import { call, type Call, type RawCall } from "../../contract/calls";
import { catalogue } from "../../contract/catalogue";
import { openApiDocument, openApiPath, type OpenApiDocument, type Operation } from "../../server/openapi/document";
import { onEachBackend } from "./harness";
import { checkAnswer, schemaValidator, testDocument } from "./openapiCheck";

// Every route any app of this file registers, as Fastify announces it: the document is compared with what is served.
const served = vi.hoisted(() => new Set<string>());
vi.mock("fastify", async (importOriginal) => {
  const real = await importOriginal<typeof import("fastify")>();
  const build = ((options?: object) => {
    const app = real.default(options);
    app.addHook("onRoute", (route) => {
      for (const method of [route.method].flat()) if (method !== "HEAD") served.add(`${method} ${route.url}`);
    });
    return app;
  }) as typeof real.default;
  return { ...real, default: build };
});

const catalogueCalls = Object.entries(catalogue).flatMap(([group, calls]) =>
  Object.entries(calls as Record<string, Call | RawCall>).map(([name, c]) => ({ id: `${group}.${name}`, call: c })),
);
const operations = (document: OpenApiDocument) =>
  Object.entries(document.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ route: `${method.toUpperCase()} ${path}`, op: op as Operation })),
  );
const operationOf = (document: OpenApiDocument, c: Call | RawCall) =>
  document.paths[openApiPath(c.path)]?.[c.method.toLowerCase() as "get"];

async function validOpenApi31(document: unknown) {
  const validator = new Validator();
  const res = await validator.validate(document as Record<string, unknown>);
  return { valid: res.valid, version: validator.version, errors: res.errors };
}

describe("the document is generated from the call catalogue", () => {
  it("lists every call of the catalogue once, by its method and path, with its group and name as operationId", () => {
    const documented = operations(testDocument)
      .map(({ route, op }) => `${route} ${op.operationId}`)
      .toSorted();
    const declared = catalogueCalls.map(({ id, call: c }) => `${c.method} ${openApiPath(c.path)} ${id}`).toSorted();
    expect(documented).toEqual(declared);
  });

  it("marks the dev calls and the operators' calls by tag and x-audience, and gives each call its security", () => {
    for (const { call: c } of catalogueCalls) {
      const op = operationOf(testDocument, c)!;
      if (c.path.startsWith("/dev/")) expect(op).toMatchObject({ tags: ["dev"], "x-audience": "dev" });
      else if (c.path.startsWith("/admin/"))
        expect(op).toMatchObject({
          tags: ["admin"],
          "x-audience": "admin",
          security: [{ adminToken: [] }, { bearerAuth: [] }],
        });
      else if (c.auth) expect(op).toMatchObject({ "x-audience": "player", security: [{ bearerAuth: [] }] });
      else expect(op["x-audience"]).toBe("public");
    }
    expect(testDocument.components.securitySchemes).toMatchObject({
      bearerAuth: { type: "http", scheme: "bearer" },
      adminToken: { type: "apiKey", in: "header", name: "x-admin-token" },
    });
  });

  it("wraps each JSON result in { result } and lists each error answer with its codes and the error body", () => {
    const save = testDocument.paths["/predictions/races/{raceId}"]!.post!;
    const ok = save.responses["200"] as {
      content: Record<string, { schema: { properties: object; required: string[] } }>;
    };
    expect(ok.content["application/json"]!.schema).toMatchObject({
      properties: { result: { $ref: "#/components/schemas/RacePrediction" } },
      required: ["result"],
    });
    expect(save.responses["418"]).toEqual({ $ref: "#/components/responses/error418.raceStarted" });
    expect(save.responses["409"]).toEqual({
      $ref: "#/components/responses/error409.predictionSaved.riderInjured.staleVersion",
    });
    const conflict = testDocument.components.responses["error409.predictionSaved.riderInjured.staleVersion"]!;
    expect(conflict.content!["application/json"]!.schema).toMatchObject({
      properties: {
        statusCode: { const: 409 },
        code: { enum: ["predictionSaved", "riderInjured", "staleVersion"] },
        fields: { additionalProperties: { $ref: "#/components/schemas/FieldError" } },
      },
      required: ["statusCode", "code", "message"],
    });
    expect(conflict.description).toContain("`staleVersion`: The race has been updated");
  });

  it("describes the non-JSON calls as what they send: a multipart form, picture bytes, redirects", () => {
    const upload = testDocument.paths["/s3"]!.post!;
    expect(upload.requestBody!.content["multipart/form-data"]!.schema).toMatchObject({
      properties: { img: { format: "binary" } },
      required: ["img"],
    });
    expect(Object.keys((testDocument.paths["/s3/{id}"]!.get!.responses["200"] as { content: object }).content)).toEqual(
      ["image/png", "image/jpeg"],
    );
    expect(testDocument.paths["/pictures/riders/{id}.svg"]!.get!.responses).toMatchObject({
      "200": { content: { "image/svg+xml": {} } },
      "304": {},
    });
    expect(testDocument.paths["/auth/social/{provider}/callback"]!.get!.responses["302"]).toMatchObject({
      headers: { Location: {} },
    });
    expect(testDocument.paths["/riders/{id}/performances"]!.get!.parameters).toContainEqual(
      expect.objectContaining({ name: "accept-year", in: "header", required: false }),
    );
  });

  it("takes a call added to the catalogue without anyone touching the document", async () => {
    const extra = {
      hello: call({
        method: "POST",
        path: "/hello/:name",
        auth: true,
        body: z.object({ greeting: z.string().min(2), loud: z.boolean().default(false) }),
        query: z.object({ times: z.coerce.number().int().min(1).optional() }),
        result: z.object({ said: z.string() }),
        errors: { 409: ["leagueFull"] },
      }),
    };
    const document = openApiDocument({ ...catalogue, extra }, { version: "1", dev: true });
    const op = document.paths["/hello/{name}"]!.post!;
    expect(op).toMatchObject({
      operationId: "extra.hello",
      tags: ["extra"],
      security: [{ bearerAuth: [] }],
      parameters: [
        { name: "name", in: "path", required: true },
        { name: "times", in: "query", required: false, schema: { type: "integer", minimum: 1 } },
      ],
      requestBody: {
        content: {
          "application/json": { schema: { properties: { greeting: { minLength: 2 } }, required: ["greeting"] } },
        },
      },
    });
    expect(Object.keys(op.responses)).toEqual([
      "200",
      "400",
      "401",
      "403",
      "404",
      "408",
      "409",
      "413",
      "415",
      "431",
      "500",
      "503",
    ]);
    expect(op.responses["409"]).toEqual({ $ref: "#/components/responses/error409.leagueFull" });
    expect(operations(document)).toHaveLength(operations(testDocument).length + 1);
    expect((await validOpenApi31(document)).valid).toBe(true);
  });
});

/** An answer of GET /api/users/profile, as the harness's onSend hook sees it. */
const profileAnswer = (status: number, body: unknown) => ({
  method: "GET",
  url: "/api/users/profile",
  route: "/api/users/profile",
  status,
  contentType: "application/json; charset=utf-8",
  payload: JSON.stringify(body),
});

describe("the answers check fails on an answer the document does not describe", () => {
  const validate = schemaValidator(testDocument);
  const answer = profileAnswer;

  it("passes a documented status with a matching body", () => {
    expect(
      checkAnswer(
        testDocument,
        validate,
        answer(401, { statusCode: 401, code: "unauthorized", message: "Please sign in again" }),
      ),
    ).toBeNull();
  });

  it("names a status the operation does not document", () => {
    expect(
      checkAnswer(testDocument, validate, answer(409, { statusCode: 409, code: "leagueFull", message: "…" })),
    ).toContain("status 409 is not documented for users.profile");
  });

  it("names a code the status does not list, and a result that breaks its schema", () => {
    expect(
      checkAnswer(testDocument, validate, answer(401, { statusCode: 401, code: "leagueFull", message: "…" })),
    ).toContain("code");
    expect(checkAnswer(testDocument, validate, answer(200, { result: { id: 1 } }))).toContain("users.profile");
  });

  it("names a route that is served but not in the document", () => {
    expect(checkAnswer(testDocument, validate, { ...answer(200, {}), route: "/api/secret" })).toContain(
      "not in the document",
    );
  });
});

onEachBackend("the API describes itself", (h) => {
  it("serves the document at GET /api/openapi.json, valid OpenAPI 3.1, the same as docs/openapi.json", async () => {
    const res = await h.call("GET", "/openapi.json");
    expect(res.status).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^application\/json/);
    const check = await validOpenApi31(res.body);
    expect(check.errors).toBeUndefined();
    expect(check).toMatchObject({ valid: true, version: "3.1" });
    const { openApiFile, openApiText } = await import("../../scripts/openapi");
    const { readFileSync } = await import("node:fs");
    expect(JSON.parse(readFileSync(openApiFile, "utf8"))).toEqual(res.body);
    expect(openApiText()).toBe(readFileSync(openApiFile, "utf8"));
  });

  it("documents exactly the routes the server serves, and a production server's document has no dev calls", async () => {
    const documented = operations(testDocument).map(({ route }) =>
      route.replace(/\{(\w+)\}/g, ":$1").replace(/^(\w+) /, "$1 /api"),
    );
    const apiRoutes = [...served].filter((r) => r.split(" ")[1]!.startsWith("/api/"));
    expect(apiRoutes.toSorted()).toEqual(documented.toSorted());

    const production = await h.buildApp({ production: true });
    const document = (await h.call("GET", "/openapi.json", {}, production)).body as OpenApiDocument;
    const audiences = operations(document).map(({ op }) => op["x-audience"]);
    expect(audiences).not.toContain("dev");
    expect(audiences).toContain("admin");
    expect(operations(document)).toHaveLength(
      catalogueCalls.filter(({ call: c }) => !c.path.startsWith("/dev/")).length,
    );
  });

  it("serves Swagger UI at /api/docs from its own files only", async () => {
    const page = await h.app.inject({ method: "GET", url: "/api/docs" });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toMatch(/^text\/html/);
    expect(page.headers["content-security-policy"]).toContain("default-src 'self'");
    const sources = [...page.body.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(sources.toSorted()).toEqual([
      "/api/docs/init.js",
      "/api/docs/swagger-ui-bundle.js",
      "/api/docs/swagger-ui.css",
    ]);
    for (const source of sources) {
      const asset = await h.app.inject({ method: "GET", url: source });
      expect(asset.statusCode, source).toBe(200);
      expect(asset.headers["content-type"]).toMatch(source.endsWith(".css") ? /^text\/css/ : /^text\/javascript/);
    }
    const init = (await h.app.inject({ method: "GET", url: "/api/docs/init.js" })).body;
    expect(init).toContain('url: "/api/openapi.json"');
    expect(init).toContain("validatorUrl: null");
    expect((await h.app.inject({ method: "GET", url: "/api/docs/package.json" })).statusCode).toBe(404);
  });
});

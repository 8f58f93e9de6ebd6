import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { API_PREFIX } from "../../contract/calls";
import { catalogue } from "../../contract/catalogue";
import { docsCalls, DOCS_PATH } from "../../contract/calls.docs";
import { AppError } from "../http/errors";
import { openApiDocument } from "./document";
import { apiVersion } from "./version";

const require = createRequire(import.meta.url);
// Resolved on the first asset asked for, so a server nobody browses the docs of never touches the package.
const distDir = () => (require("swagger-ui-dist") as { getAbsoluteFSPath(): string }).getAbsoluteFSPath();
const base = `${API_PREFIX}${DOCS_PATH}`;

// The page loads only this server's files: it works offline under the site's CSP (server/http/securityHeaders.ts).
const page = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Paddock Predictor API</title>
    <link rel="stylesheet" href="${base}/swagger-ui.css" />
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="${base}/swagger-ui-bundle.js"></script>
    <script src="${base}/init.js"></script>
  </body>
</html>
`;

// validatorUrl null: Swagger UI would otherwise send the document to an online validator for its badge.
// docExpansion "none": with every area listed open (~125 operations), Swagger UI 5 stopped drawing after the first
// area and dropped the rest (seen in the e2e test once the Store, questions, prizes and staff calls joined); closed
// areas draw every heading, and each opens on a click (or a deep link).
const init = `window.ui = SwaggerUIBundle({ url: "${API_PREFIX}${docsCalls.openapi.path}", dom_id: "#swagger-ui", deepLinking: true, docExpansion: "none", validatorUrl: null });\n`;

/** Swagger UI's files from the swagger-ui-dist package, by the name the page asks for. */
const assets: Record<string, { file: string; type: string }> = {
  "swagger-ui.css": { file: "swagger-ui.css", type: "text/css; charset=utf-8" },
  "swagger-ui-bundle.js": { file: "swagger-ui-bundle.js", type: "text/javascript; charset=utf-8" },
};

/**
 * The API's description, generated from the catalogue on first ask (the /dev calls listed only where they are
 * served), and Swagger UI over it at /api/docs. Nothing here loads before someone opens those routes.
 */
export async function openApiRoutes(app: FastifyInstance): Promise<void> {
  let json: string | undefined;

  app.get(docsCalls.openapi.path, async (_request, reply) => {
    json ??= JSON.stringify(openApiDocument(catalogue, { version: apiVersion, dev: !app.deps.config.production }));
    return reply.type("application/json; charset=utf-8").header("cache-control", "no-cache").send(json);
  });

  app.get(docsCalls.page.path, async (_request, reply) => reply.type("text/html; charset=utf-8").send(page));

  app.get<{ Params: { file: string } }>(docsCalls.asset.path, async (request, reply) => {
    const { file } = request.params;
    reply.header("cache-control", "public, max-age=3600");
    if (file === "init.js") return reply.type("text/javascript; charset=utf-8").send(init);
    const asset = Object.hasOwn(assets, file) ? assets[file]! : undefined;
    if (!asset) throw new AppError(404, "notFound");
    return reply.type(asset.type).send(await readFile(join(distDir(), asset.file)));
  });
}

// `npm run openapi`: writes docs/openapi.json, the API's OpenAPI 3.1 document generated from the call catalogue
// (contract/catalogue.ts) by server/openapi. `npm run openapi:check`: exits 1 when the file differs from a fresh one.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { catalogue } from "../contract/catalogue";
import { openApiDocument } from "../server/openapi/document";
import { apiVersion } from "../server/openapi/version";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
export const openApiFile = join(root, "docs", "openapi.json");

/** The file's text: every call, the /dev ones included (marked `x-audience: dev`), as a development server serves it. */
export const openApiText = () =>
  `${JSON.stringify(openApiDocument(catalogue, { version: apiVersion, dev: true }), null, 2)}\n`;

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const text = openApiText();
  if (process.argv.includes("--check")) {
    if (!existsSync(openApiFile) || readFileSync(openApiFile, "utf8") !== text) {
      console.error("docs/openapi.json is out of date with the contract (run `npm run openapi`).");
      process.exit(1);
    }
    console.log("docs/openapi.json is up to date.");
  } else {
    writeFileSync(openApiFile, text);
    console.log("Wrote docs/openapi.json");
  }
}

// `npm run season:schema`: writes docs/season.schema.json, the season file's JSON Schema generated from its zod schema
// (contract/season.ts), for editors and other tools. `npm run season:check`: exits 1 when the file differs from a fresh one.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { seasonJsonSchema } from "../contract/season";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
export const seasonSchemaFile = join(root, "docs", "season.schema.json");

export const seasonSchemaText = () => `${JSON.stringify(seasonJsonSchema(), null, 2)}\n`;

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const text = seasonSchemaText();
  if (process.argv.includes("--check")) {
    if (!existsSync(seasonSchemaFile) || readFileSync(seasonSchemaFile, "utf8") !== text) {
      console.error("docs/season.schema.json is out of date with contract/season.ts (run `npm run season:schema`).");
      process.exit(1);
    }
    console.log("docs/season.schema.json is up to date.");
  } else {
    writeFileSync(seasonSchemaFile, text);
    console.log("Wrote docs/season.schema.json");
  }
}

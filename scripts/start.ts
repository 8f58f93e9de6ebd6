// `npm start`: build the SPA when its sources are newer than dist/, then serve SPA + API on PORT.
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";

const sources = ["src", "contract", "machines", "index.html", "vite.config.ts", "package-lock.json"];

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

const built = existsSync("dist/index.html") ? statSync("dist/index.html").mtimeMs : 0;
const changed = Math.max(...sources.map(newestMtime));
if (changed > built) {
  console.log("Building the SPA (sources changed since the last build)…");
  execFileSync(process.execPath, ["node_modules/vite/bin/vite.js", "build", "--logLevel", "warn"], {
    stdio: "inherit",
  });
}

await import("../server/main");

// `npm run bench [name…]`: runs the benches in tests/bench (each file but this one is a bench, run as
// its own process with tsx), the named ones or all. A bench prints its own figures; this only runs them.
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const dir = dirname(fileURLToPath(import.meta.url));
const all = readdirSync(dir)
  .filter((f) => f.endsWith(".ts") && f !== "run.ts" && !f.endsWith(".d.ts"))
  .map((f) => f.replace(/\.ts$/, ""))
  .toSorted();
const args = process.argv.slice(2).filter((a) => !a.startsWith("-"));
const unknown = args.filter((a) => !all.includes(a.replace(/\.ts$/, "")));
if (unknown.length) {
  console.error(`unknown bench: ${unknown.join(", ")} (have: ${all.join(", ")})`);
  process.exit(2);
}
const chosen = args.length ? args.map((a) => a.replace(/\.ts$/, "")) : all;
let failed = 0;
for (const name of chosen) {
  console.log(`\n=== bench ${name} ===`);
  const result = spawnSync(process.execPath, ["node_modules/tsx/dist/cli.mjs", join(dir, `${name}.ts`)], {
    stdio: "inherit",
    env: process.env,
  });
  if (result.status !== 0) {
    failed++;
    console.error(`bench ${name} exited with ${result.status ?? result.signal}`);
  }
}
process.exit(failed ? 1 : 0);

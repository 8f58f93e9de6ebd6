// What durability costs the embedded database: commits per second and commit latency on PGlite on disk
// as PGlite ships it (fsync off, nothing reaches the disk until the OS writes its cache back) and as the
// server opens it (server/db/pgliteDurability.ts: fsync on, each commit's WAL fsync'd), next to PGlite in
// memory and PostgreSQL for scale. Two shapes: one-row transactions, and transactions of ten statements
// (about a prediction save). A report, not a test: `npm run bench durability`. DURABILITY_COMMITS (500).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PGlite, type PGliteOptions } from "@electric-sql/pglite";
import { Client } from "pg";
import { pgliteOptions } from "../../server/db/pgliteDurability";
import { machine, PG_URL, postgresReachable } from "./helpers/benchDb";

const COMMITS = Number(process.env.DURABILITY_COMMITS ?? 500);

type Query = (text: string, params?: unknown[]) => Promise<unknown>;
type Subject = { name: string; open: () => Promise<{ query: Query; close: () => Promise<void> }> };

const pglite = (name: string, options: ((dir: string) => PGliteOptions) | "memory://"): Subject => ({
  name,
  open: async () => {
    const dir = mkdtempSync(join(tmpdir(), "pp-bench-durability-"));
    const db = options === "memory://" ? await PGlite.create("memory://") : await PGlite.create(options(dir));
    return {
      query: (text, params) => db.query(text, params),
      close: async () => {
        await db.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  },
});

const subjects: Subject[] = [
  pglite("PGlite in memory", "memory://"),
  pglite("PGlite on disk, as shipped (fsync off)", (dir) => pgliteOptions(dir, false)),
  pglite("PGlite on disk, as the server opens it (fsync on)", (dir) => pgliteOptions(dir, true)),
];

if (await postgresReachable()) {
  subjects.push({
    name: "PostgreSQL 127.0.0.1 (fsync on)",
    open: async () => {
      const client = new Client({ connectionString: PG_URL });
      await client.connect();
      const schema = `pp_bench_durability_${process.pid}`;
      await client.query(`CREATE SCHEMA ${schema}; SET search_path = ${schema}`);
      return {
        query: (text, params) => client.query(text, params as unknown[]),
        close: async () => {
          await client.query(`DROP SCHEMA ${schema} CASCADE`);
          await client.end();
        },
      };
    },
  });
}

const ms = (v: number) => `${v.toFixed(2)} ms`;
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

async function measure(query: Query, statements: number): Promise<{ perSecond: number; p50: number; p99: number }> {
  const times: number[] = [];
  const start = performance.now();
  for (let i = 0; i < COMMITS; i++) {
    const t0 = performance.now();
    await query("BEGIN");
    for (let s = 0; s < statements; s++)
      await query("INSERT INTO bench_rows (k, v) VALUES ($1, $2)", [i * statements + s, "x".repeat(64)]);
    await query("COMMIT");
    times.push(performance.now() - t0);
  }
  const seconds = (performance.now() - start) / 1000;
  times.sort((a, b) => a - b);
  return { perSecond: COMMITS / seconds, p50: percentile(times, 0.5), p99: percentile(times, 0.99) };
}

console.log(`durability: ${COMMITS} transactions per shape, ${await machine()}`);
console.log("| database | 1-row transactions/s | p50 | p99 | 10-statement transactions/s | p50 | p99 |");
console.log("|---|---:|---:|---:|---:|---:|---:|");
for (const subject of subjects) {
  const db = await subject.open();
  try {
    await db.query("CREATE TABLE bench_rows (k integer PRIMARY KEY, v text)");
    await measure(db.query, 1); // warm-up
    await db.query("TRUNCATE bench_rows");
    const one = await measure(db.query, 1);
    await db.query("TRUNCATE bench_rows");
    const ten = await measure(db.query, 10);
    console.log(
      `| ${subject.name} | ${one.perSecond.toFixed(0)} | ${ms(one.p50)} | ${ms(one.p99)} | ${ten.perSecond.toFixed(0)} | ${ms(ten.p50)} | ${ms(ten.p99)} |`,
    );
  } finally {
    await db.close();
  }
}

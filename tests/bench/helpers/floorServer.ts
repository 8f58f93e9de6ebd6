// The floor of `npm run bench saves`: the least a save can cost on this machine, measured in the same run as
// the product. A bare Fastify + pg (10 connections) endpoint at the product's path: the HS256
// bearer verified with jose once per token, as the product does (its token check without the revocation lookup),
// one INSERT … ON CONFLICT of the pick, the row answered as JSON. Its own PostgreSQL schema (dropped on SIGTERM);
// prints {"url": …} when listening.
import { randomBytes } from "node:crypto";
import Fastify from "fastify";
import { jwtVerify } from "jose";
import { Client, Pool } from "pg";
import { benchConfig, PG_URL } from "./benchDb";
import { cpuMeter, measuredProfile, postgresServer } from "./cpu";

const schemaName = `pp_floor_${process.pid}_${randomBytes(4).toString("hex")}`;
const admin = new Client({ connectionString: PG_URL });
await admin.connect();
await admin.query(`CREATE SCHEMA ${schemaName}`);
await admin.query(`CREATE TABLE ${schemaName}.picks (user_id uuid NOT NULL, race_id uuid NOT NULL, category text NOT NULL, rider_id uuid NOT NULL,
  saved_at timestamptz NOT NULL, PRIMARY KEY (user_id, race_id, category))`);
await admin.end();

const pool = new Pool({ connectionString: PG_URL, max: 10, options: `-c search_path=${schemaName}` });
const key = new TextEncoder().encode(benchConfig().jwtAccessSecret);
const app = Fastify({ logger: false });

// The product's token check (server/modules/auth/tokens.ts): the HS256 signature verified once per token, its
// claims kept in memory and the expiry checked on every use. (The product also checks revocation, from memory.)
const verified = new Map<string, { sub: string; exp: number }>();
// The product's clock (the bench sets it a day before FP1): its tokens are checked by that time, as the product checks them.
const offsetMs = Number(process.env.FLOOR_CLOCK_OFFSET_MS ?? 0);
const now = () => Date.now() + offsetMs;
async function subjectOf(token: string): Promise<string | undefined> {
  const known = verified.get(token);
  if (known && known.exp > Math.floor(now() / 1000)) return known.sub;
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: ["HS256"], currentDate: new Date(now()) });
    if (!payload.sub || typeof payload.exp !== "number") return undefined;
    if (verified.size >= 50_000) verified.clear();
    verified.set(token, { sub: payload.sub, exp: payload.exp });
    return payload.sub;
  } catch {
    return undefined;
  }
}

type Body = { version: number; data: { category: string; riderId: string }[] };
app.post<{ Params: { raceId: string }; Body: Body }>("/api/predictions/races/:raceId", async (request, reply) => {
  const match = /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? "");
  const sub = match ? await subjectOf(match[1]!) : undefined;
  if (!sub) return reply.code(401).send({ error: "unauthorized" });
  const pick = request.body.data[0]!;
  const { rows } = await pool.query(
    `INSERT INTO picks (user_id, race_id, category, rider_id, saved_at) VALUES ($1, $2, $3, $4, now())
     ON CONFLICT (user_id, race_id, category) DO UPDATE SET rider_id = EXCLUDED.rider_id RETURNING *`,
    [sub, request.params.raceId, pick.category, pick.riderId],
  );
  return rows[0];
});
const cpu = cpuMeter(await postgresServer(pool));
const profile = measuredProfile("floor");
await app.listen({ host: "127.0.0.1", port: 0 });
const address = app.server.address();
console.log(JSON.stringify({ url: `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}` }));

process.on("SIGTERM", () => {
  void (async () => {
    const used = cpu();
    await profile.stop();
    await app.close();
    await pool.end();
    const drop = new Client({ connectionString: PG_URL });
    await drop.connect();
    await drop.query(`DROP SCHEMA IF EXISTS ${schemaName} CASCADE`);
    await drop.end();
    console.log(JSON.stringify(used));
    process.exit(0);
  })();
});

// Starts the product: config → database (migrated, demo season on first start) → API + built SPA on PORT.
import { resolve } from "node:path";
import { buildApp } from "./app";
import { createClock } from "./clock";
import { loadConfig } from "./config";
import { migrate } from "./db/migrate";
import { openDb } from "./db/open";
import { seedIfEmpty } from "./db/seed/season";
import { outboxMailer, smtpMailer } from "./mail/transport";

const config = loadConfig();
const clock = createClock();
const database = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await migrate(database);
await seedIfEmpty(database.db, clock.now());
const mailer = config.smtpUrl ? smtpMailer(config.smtpUrl, config.mailFrom) : outboxMailer(database.db, clock);
const app = await buildApp({ db: database, clock, mailer, config, spaDir: resolve("dist") }, { logger: { level: process.env.LOG_LEVEL ?? "warn" } });

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.info(`${signal}: shutting down`);
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  try {
    await app.close();
    await database.close();
  } finally {
    process.exit(0);
  }
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));

await app.listen({ host: "0.0.0.0", port: config.port });
console.info(`Paddock Predictor on http://localhost:${config.port}`);

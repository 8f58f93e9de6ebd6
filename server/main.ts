// Starts the product: config → database (migrated, demo season on first start) → API + built SPA on PORT.
import { resolve } from "node:path";
import { buildApp } from "./app";
import { createClock } from "./clock";
import { loadConfig, ownSecretsWarning } from "./config";
import { migrate } from "./db/migrate";
import { openDb } from "./db/open";
import { seedIfEmpty } from "./db/seed/season";
import { seedQuestionsIfEmpty } from "./modules/questions/demoQuestions";
import { outboxMailer, smtpMailer } from "./mail/transport";
import { createLive } from "./live";
import { appDeps } from "./http/deps";

const config = loadConfig();
const secretsWarning = ownSecretsWarning();
if (secretsWarning) console.warn(secretsWarning);
const clock = createClock();
const database = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await migrate(database);
await seedIfEmpty(database.db, clock.now());
await seedQuestionsIfEmpty(database.db, clock.now());
const mailer = config.smtpUrl ? smtpMailer(config.smtpUrl, config.mailFrom) : outboxMailer(database.db, clock);
const live = createLive({ db: database, clock, config });
const deps = appDeps({ db: database, clock, mailer, config, live, spaDir: resolve("dist") });
const app = await buildApp(deps, { logger: { level: process.env.LOG_LEVEL ?? "warn" } });
// The live channel (socket.io, path /socket.io) shares the API's HTTP server and port.
await live.attach(app.server, app.services.auth.tokens.verifyAccess);
// Web Push's reminders and notices (docs/push.md), on every instance: each push is claimed once in the database.
const stopPush = app.services.push.start(Number(process.env.PUSH_TICK_MS ?? 30_000));

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  console.info(`${signal}: shutting down`);
  const force = setTimeout(() => process.exit(1), 10_000);
  force.unref();
  try {
    stopPush();
    await live.close();
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

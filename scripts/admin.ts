// Operator CLI: `npm run admin -- <command> [args]`. force-password-change opens the database directly (same
// DATA_DIR / DATABASE_URL as the server; with PGlite only while the server is stopped: refused while it holds the
// database), as do grant, revoke and guru. results, injure, odds, question, draw, news and audit talk to the running server over HTTP (API_URL, default
// http://localhost:$PORT) with the admin token.
import { ResultKey } from "../contract/results";
import { questionCommand } from "./operator/questions";
import { QuestionCategory } from "../contract/enums";
import { createClock } from "../server/clock";
import { loadConfig } from "../server/config";
import { ordersCommand, packsCommand, storeUsage } from "./operator/store";
import { migrate } from "../server/db/migrate";
import { openDb } from "../server/db/open";
import { forcePasswordChange } from "../server/modules/users/admin";
import { StaffRole } from "../contract/staff";
import { grantRole, revokeRole } from "../server/modules/staff/roles";
import { makeGuru } from "../server/modules/gurus/admin";
import {
  ApiError,
  apiUrlFromEnv,
  adminTokenFromEnv,
  operatorApi,
  OperatorError,
  resolveRider,
  ServerUnreachable,
} from "./operator/api";
import { describeInjury, describeOdds, describeSettlement, podiumLine } from "./operator/report";
import { commitDraw, describeDraw, publishedDraw, runDraw, verifyPublishedDraw } from "./operator/draw";
import { adminNewsCalls } from "../contract/calls.news";
import { systemCalls } from "../contract/calls";
import { embeddedDatabaseBusy } from "./operator/dbGuard";
import { correctionCommand, correctionsUsage, isCorrectionCommand } from "./operator/corrections";
import { ridersCommand, ridersUsage } from "./operator/riders";
import { seasonCommand, seasonUsage } from "./operator/season";
import { sessionCommand, sessionUsage } from "./operator/session";
import { auditCommand, auditUsage } from "./operator/audit";
import { backupCommand, backupUsage, restoreCommand } from "./operator/backup";

const usage = `Usage: npm run admin -- <command>

Commands:
  force-password-change <email>                the player must set a new password at the next call
${storeUsage}
${seasonUsage}
  results <race> <SESSION> <riders…>           enter a classification, best first; riders by race number or id
  results <race> <SESSION> --canceled          cancel the session: its picks are void and refunded
${correctionsUsage}
  injure <rider> <race>                        the rider is out of the race: open picks and bets on them are refunded
${ridersUsage}
  odds <race> <rider>=<odds>…                  set riders' WIN odds for the race (PLACE and SHOW follow); bets placed keep theirs
  odds <race> --reset                          drop the operator's odds: back to the odds from form
  odds <race>                                  show the race's WIN odds
  question add <race> <TYPE> <points> <text> [--option <text>]… [--closes <ISO time>] [--<lng> <text>]…
                                               publish a bonus question (5–20 points; ABOUT_GENERAL needs 2+ options;
                                               closes by default at the weekend's first session; --es "…" translates)
  question list <race>                         the race's questions, their answers so far and correct answers
  question answer <question id> <answer>       enter the correct answer: every answer graded once, points counted
  question grade <race>                        grade the race's demo questions from its entered results
  draw commit [--season N] [--seed-file F]     before the season: make a secret seed (kept in F, default
                                               DATA_DIR/draw-seeds/<season>.seed) and publish its SHA-256
  draw run [--season N] [--seed S | --seed-file F]  reveal the seed and draw the motorcycle's winner (once)
  draw verify [--season N]                     recompute the winner from the revealed seed and the public ticket list
  draw status [--season N]                     show the draw: commitment, tickets, seed and winner when drawn
  grant <email> <role>                         give a player a staff role: ${StaffRole.options.join(", ")}
  revoke <email> <role>                        take a staff role back
  guru <email>                                 make a player a Guru: their picks are public, they may own VIP leagues
  news add <https-url> <title…> [--lang xx] [--at ISO]  publish a video link (a guru speak show episode, a news
                                               item); --lang for one language only, --at to date it
  news list                                    the newest published items
${sessionUsage}
${auditUsage}
${backupUsage}

  <race>     a race id, next (the next or running race) or current (the latest weekend that has started)
  <SESSION>  ${ResultKey.options.join(", ")}
  <rider>    a race number (93) or a rider id
  <TYPE>     ${QuestionCategory.options.join(", ")}

results, injure, odds, question, draw, news and audit talk to the running server: API_URL (default http://localhost:$PORT, PORT default 3000),
with the admin token ADMIN_TOKEN, else the development secret in DATA_DIR (default ./data).
force-password-change, grant, revoke and guru open the database (DATA_DIR / DATABASE_URL); with the embedded
database (no DATABASE_URL) they refuse while the server runs: stop it first.
backup asks the running server for the embedded database (API_URL, the admin token), or opens DATA_DIR itself when
the server is stopped; restore fills a fresh DATA_DIR/pglite with the server stopped. On PostgreSQL: pg_dump / pg_restore.
Exit codes: 0 done, 1 usage, 2 refused (by the server or before sending), 3 server unreachable or failing.`;

const [command, ...args] = process.argv.slice(2);
if (!command || command === "help" || command === "--help") {
  console.log(usage);
  process.exit(command ? 0 : 1);
}

function usageError(message: string): never {
  console.error(`${message}\nUsage: npm run admin -- help`);
  process.exit(1);
}

/** Prints an error the way operators need it (the server's message) and exits with its code. */
function reportFailure(err: unknown): never {
  if (err instanceof ApiError) {
    const message =
      err.status === 401
        ? "the server did not accept the admin token (run with the server's DATA_DIR, or set ADMIN_TOKEN to the server's)"
        : err.message;
    console.error(`Refused: ${message} [${err.status} ${err.code}]`);
    process.exit(err.status >= 500 ? 3 : 2);
  }
  if (err instanceof OperatorError) {
    console.error(err.message);
    process.exit(2);
  }
  if (err instanceof ServerUnreachable) {
    console.error(err.message);
    process.exit(3);
  }
  throw err;
}

async function forcePasswordChangeCommand(): Promise<number> {
  const database = await openDirect();
  let code = 0;
  try {
    await migrate(database);
    const email = args[0];
    if (!email) {
      console.error("force-password-change needs an e-mail address");
      code = 1;
    } else if (await forcePasswordChange(database.db, createClock(), email))
      console.log(`${email} must change the password at the next call.`);
    else {
      console.error(`No player with the e-mail ${email}.`);
      code = 2;
    }
  } finally {
    await database.close();
  }
  return code;
}

/**
 * The database, for the commands that write to it themselves. Refused while the server holds the embedded database
 * (scripts/operator/dbGuard.ts): a second PGlite process "recovers" it and a write is lost.
 */
async function openDirect() {
  const config = loadConfig();
  const busy = await embeddedDatabaseBusy({
    command: `npm run admin -- ${command}`,
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    apiUrl: apiUrlFromEnv(),
  });
  if (busy) throw new OperatorError(busy);
  return openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
}

const api = () => operatorApi({ baseUrl: apiUrlFromEnv(), adminToken: adminTokenFromEnv() });

async function resultsCommand(): Promise<number> {
  if (isCorrectionCommand(args)) return correctionCommand(api(), args, usageError);
  const canceled = args.includes("--canceled") || args.includes("--cancelled");
  const [raceRef, sessionArg, ...riderArgs] = args.filter((a) => a !== "--canceled" && a !== "--cancelled");
  if (!raceRef || !sessionArg) usageError("results needs a race and a session.");
  const session = ResultKey.safeParse(sessionArg.toUpperCase());
  if (!session.success) usageError(`Unknown session ${sessionArg}: one of ${ResultKey.options.join(", ")}.`);
  const refs = riderArgs.flatMap((a) => a.split(",")).filter(Boolean);
  if (canceled && refs.length) usageError("results … --canceled takes no riders.");
  if (!canceled && refs.length === 0)
    usageError("results needs the riders, best first (race numbers or ids), or --canceled.");

  const client = api();
  const race = await client.resolveRace(raceRef);
  if (canceled) {
    const report = await client.enterResult(race.id, { session: session.data, canceled: true });
    console.log(describeSettlement(report, race));
    return 0;
  }
  const { riders } = await client.raceRiders(race.id);
  const chosen = refs.map((ref) => resolveRider(riders, ref));
  const twice = chosen.find((r, i) => chosen.findIndex((o) => o.id === r.id) !== i);
  if (twice) throw new OperatorError(`#${twice.number} ${twice.name} is named twice.`);
  const riderIds = chosen.map((r) => r.id);
  const report = await client.enterResult(race.id, { session: session.data, riderIds });
  console.log(describeSettlement(report, race, podiumLine(riderIds, riders)));
  return 0;
}

async function injureCommand(): Promise<number> {
  const [riderRef, raceRef] = args;
  if (!riderRef || !raceRef || args.length > 2) usageError("injure needs a rider and a race.");
  const client = api();
  const race = await client.resolveRace(raceRef);
  const rider = resolveRider((await client.raceRiders(race.id)).riders, riderRef);
  if (!rider.available) console.error(`Note: ${rider.name} is already marked injured; marking again.`);
  const report = await client.injure(rider.id, race.id);
  console.log(describeInjury(report, rider, race));
  return 0;
}

async function oddsCommand(): Promise<number> {
  const reset = args.includes("--reset");
  const [raceRef, ...pairs] = args.filter((a) => a !== "--reset");
  if (!raceRef) usageError("odds needs a race.");
  if (reset && pairs.length) usageError("odds … --reset takes no riders.");
  const client = api();
  const race = await client.resolveRace(raceRef);
  const { riders } = await client.raceRiders(race.id);
  // The last odds given for a rider win ("93=2.5 93=2.6" sets 2.6).
  const wanted = new Map<string, number>();
  for (const pair of pairs.flatMap((a) => a.split(",")).filter(Boolean)) {
    const m = /^([^=]+)=(\d+(?:\.\d{1,2})?)$/.exec(pair.trim());
    if (!m) usageError(`"${pair}" is not <rider>=<odds> (e.g. 93=2.5).`);
    wanted.set(resolveRider(riders, m[1]!).id, Number(m[2]));
  }
  const odds = [...wanted].map(([riderId, value]) => ({ riderId, odds: value }));
  const report =
    reset || odds.length
      ? await client.setOdds(race.id, reset ? { reset: true } : { odds })
      : { raceId: race.id, odds: race.odds, set: [] };
  console.log(describeOdds(report, riders, race));
  return 0;
}

async function drawCommand(): Promise<number> {
  const [sub, ...rest] = args;
  const flags = new Map<string, string>();
  for (let i = 0; i < rest.length; i++) {
    const flag = rest[i]!;
    const value = rest[++i];
    if (!["--season", "--seed", "--seed-file"].includes(flag) || value === undefined)
      usageError(`draw: unknown or incomplete option ${flag}.`);
    flags.set(flag, value);
  }
  const seasonArg = flags.get("--season");
  const season = seasonArg === undefined ? undefined : Number(seasonArg);
  if (season !== undefined && !Number.isInteger(season)) usageError("--season needs a year.");
  const client = api();
  switch (sub) {
    case "commit": {
      const { draw, seedFile, created } = await commitDraw(client, { season, seedFile: flags.get("--seed-file") });
      console.log(describeDraw(draw));
      console.log(
        `${created ? "New secret seed written to" : "Secret seed kept in"} ${seedFile}: keep it private until the draw (npm run admin -- draw run).`,
      );
      return 0;
    }
    case "run":
      console.log(
        describeDraw(await runDraw(client, { season, seed: flags.get("--seed"), seedFile: flags.get("--seed-file") })),
      );
      return 0;
    case "verify":
      console.log(await verifyPublishedDraw(client, season));
      return 0;
    case "status":
      console.log(describeDraw((await publishedDraw(client, season)).draw));
      return 0;
    default:
      usageError("draw needs commit, run, verify or status.");
  }
}

/** grant / revoke: staff roles, written in the database directly like force-password-change. */
async function roleCommand(grant: boolean): Promise<number> {
  const [email, roleArg, ...rest] = args;
  if (!email || !roleArg || rest.length)
    usageError(`${grant ? "grant" : "revoke"} needs an e-mail address and a role.`);
  const role = StaffRole.safeParse(roleArg.toLowerCase());
  if (!role.success) usageError(`Unknown role ${roleArg}: one of ${StaffRole.options.join(", ")}.`);
  const database = await openDirect();
  try {
    await migrate(database);
    if (grant) {
      const outcome = await grantRole(database.db, createClock(), email, role.data);
      if (outcome === "noSuchPlayer") {
        console.error(`No player with the e-mail ${email}.`);
        return 2;
      }
      console.log(outcome === "granted" ? `${email} is now ${role.data}.` : `${email} was already ${role.data}.`);
      return 0;
    }
    if (await revokeRole(database.db, email, role.data)) {
      console.log(`${email} is no longer ${role.data}.`);
      return 0;
    }
    console.error(`${email} has no ${role.data} role.`);
    return 2;
  } finally {
    await database.close();
  }
}

/** guru: written in the database directly like grant (with PGlite only while the server is stopped). */
async function guruCommand(): Promise<number> {
  const [email, ...rest] = args;
  if (!email || rest.length) usageError("guru needs an e-mail address.");
  const database = await openDirect();
  try {
    await migrate(database);
    const outcome = await makeGuru(database.db, createClock(), email);
    if (outcome === "noSuchPlayer") {
      console.error(`No player with the e-mail ${email}.`);
      return 2;
    }
    console.log(outcome === "made" ? `${email} is now a Guru.` : `${email} was already a Guru.`);
    return 0;
  } finally {
    await database.close();
  }
}

async function newsCommand(): Promise<number> {
  const [sub, ...rest] = args;
  const client = api();
  if (sub === "list") {
    for (const n of await client.send(systemCalls.news, { query: { page: 1, take: 20 } }))
      console.log(`${n.publishedAt}  ${n.title}  ${n.url}`);
    return 0;
  }
  if (sub !== "add") usageError("news needs add or list.");
  const words: string[] = [];
  let lang: string | undefined;
  let publishedAt: string | undefined;
  for (let i = 0; i < rest.length; i++) {
    if (rest[i] === "--lang") lang = rest[++i];
    else if (rest[i] === "--at") publishedAt = rest[++i];
    else words.push(rest[i]!);
  }
  const [url, ...title] = words;
  if (!url || title.length === 0) usageError("news add needs an https URL and a title.");
  const out = await client.send(adminNewsCalls.addNews, {
    body: { url, title: title.join(" "), lang, publishedAt },
    admin: true,
  });
  console.log(
    `${out.created ? "Published" : "Already published"}: ${out.item.title} (${out.item.url}) at ${out.item.publishedAt}`,
  );
  return 0;
}

let code = 0;
try {
  switch (command) {
    case "packs":
      code = await packsCommand(api(), args);
      break;
    case "orders":
      code = await ordersCommand(api(), args);
      break;
    case "force-password-change":
      code = await forcePasswordChangeCommand();
      break;
    case "results":
      code = await resultsCommand();
      break;
    case "injure":
      code = await injureCommand();
      break;
    case "rider":
      code = await ridersCommand(api(), args, usageError);
      break;
    case "odds":
      code = await oddsCommand();
      break;
    case "question":
      code = await questionCommand(api(), args, usageError);
      break;
    case "draw":
      code = await drawCommand();
      break;
    case "grant":
      code = await roleCommand(true);
      break;
    case "revoke":
      code = await roleCommand(false);
      break;
    case "guru":
      code = await guruCommand();
      break;
    case "news":
      code = await newsCommand();
      break;
    case "season":
      code = await seasonCommand(api(), args, usageError);
      break;
    case "session":
      code = await sessionCommand(api(), args);
      break;
    case "audit":
      code = await auditCommand(api(), args);
      break;
    case "backup":
    case "restore": {
      const options = { env: process.env, apiUrl: apiUrlFromEnv(), adminToken: () => adminTokenFromEnv(), usageError };
      code = command === "backup" ? await backupCommand(args, options) : await restoreCommand(args, options);
      break;
    }
    default:
      usageError(`Unknown command: ${command}`);
  }
} catch (err) {
  reportFailure(err);
}
process.exit(code);

// Operator CLI: `npm run admin -- <command> [args]`. force-password-change opens the database directly (same
// DATA_DIR / DATABASE_URL as the server; with PGlite only while the server is stopped). results and injure
// talk to the running server over HTTP (API_URL, default http://localhost:$PORT) with the admin token.
import { ResultKey } from "../contract/results";
import { createClock } from "../server/clock";
import { loadConfig } from "../server/config";
import { ordersCommand, packsCommand, storeUsage } from "./operator/store";
import { migrate } from "../server/db/migrate";
import { openDb } from "../server/db/open";
import { forcePasswordChange } from "../server/modules/users/admin";
import { ApiError, apiUrlFromEnv, adminTokenFromEnv, operatorApi, OperatorError, resolveRider, ServerUnreachable } from "./operator/api";
import { describeInjury, describeOdds, describeSettlement, podiumLine } from "./operator/report";

const usage = `Usage: npm run admin -- <command>

Commands:
  force-password-change <email>                the player must set a new password at the next call
${storeUsage}
  results <race> <SESSION> <riders…>           enter a classification, best first; riders by race number or id
  results <race> <SESSION> --canceled          cancel the session: its picks are void and refunded
  injure <rider> <race>                        the rider is out of the race: open picks and bets on them are refunded
  odds <race> <rider>=<odds>…                  set riders' WIN odds for the race (PLACE and SHOW follow); bets placed keep theirs
  odds <race> --reset                          drop the operator's odds: back to the odds from form
  odds <race>                                  show the race's WIN odds

  <race>     a race id, next (the next or running race) or current (the latest weekend that has started)
  <SESSION>  ${ResultKey.options.join(", ")}
  <rider>    a race number (93) or a rider id

results, injure and odds talk to the running server: API_URL (default http://localhost:$PORT, PORT default 3000),
with the admin token ADMIN_TOKEN, else the development secret in DATA_DIR (default ./data).
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
      err.status === 401 ? "the server did not accept the admin token (run with the server's DATA_DIR, or set ADMIN_TOKEN to the server's)" : err.message;
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
  const config = loadConfig();
  const database = await openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  let code = 0;
  try {
    await migrate(database);
    const email = args[0];
    if (!email) {
      console.error("force-password-change needs an e-mail address");
      code = 1;
    } else if (await forcePasswordChange(database.db, createClock(), email)) console.log(`${email} must change the password at the next call.`);
    else {
      console.error(`No player with the e-mail ${email}.`);
      code = 2;
    }
  } finally {
    await database.close();
  }
  return code;
}

const api = () => operatorApi({ baseUrl: apiUrlFromEnv(), adminToken: adminTokenFromEnv() });

async function resultsCommand(): Promise<number> {
  const canceled = args.includes("--canceled") || args.includes("--cancelled");
  const [raceRef, sessionArg, ...riderArgs] = args.filter((a) => a !== "--canceled" && a !== "--cancelled");
  if (!raceRef || !sessionArg) usageError("results needs a race and a session.");
  const session = ResultKey.safeParse(sessionArg.toUpperCase());
  if (!session.success) usageError(`Unknown session ${sessionArg}: one of ${ResultKey.options.join(", ")}.`);
  const refs = riderArgs.flatMap((a) => a.split(",")).filter(Boolean);
  if (canceled && refs.length) usageError("results … --canceled takes no riders.");
  if (!canceled && refs.length === 0) usageError("results needs the riders, best first (race numbers or ids), or --canceled.");

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
  const report = reset || odds.length ? await client.setOdds(race.id, reset ? { reset: true } : { odds }) : { raceId: race.id, odds: race.odds, set: [] };
  console.log(describeOdds(report, riders, race));
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
    case "odds":
      code = await oddsCommand();
      break;
    default:
      usageError(`Unknown command: ${command}`);
  }
} catch (err) {
  reportFailure(err);
}
process.exit(code);

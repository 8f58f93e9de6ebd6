// `npm run simulate -- [--race <id|next>] [--players N] [--pause S] [--speed F] [--seed N]`: plays the next race
// weekend on a running development server's clock (scripts/operator/simulator.ts), entering generated results.
import {
  ApiError,
  apiUrlFromEnv,
  adminTokenFromEnv,
  operatorApi,
  OperatorError,
  ServerUnreachable,
} from "./operator/api";
import { simulateWeekend } from "./operator/simulator";
import { ensureDrawCommitted } from "./operator/draw";
import { devGurusCalls } from "../contract/calls.gurus";
import { devNewsCalls } from "../contract/calls.news";

const usage = `Usage: npm run simulate -- [options]

Plays one race weekend on a running development server: adds demo players with picks, moves the server
clock to a minute before FP1, then through every session (start, end + 1 s) and enters a generated
classification after each (positions gained right after the race). A season without a published draw
commitment gets one first (npm run admin -- draw commit; draw with npm run admin -- draw run), and the
three demo gurus (made on first use) save their picks for the weekend; the demo news items and guru speak
show episodes are published once.

Options:
  --race <id|next>   the race to play (default: next)
  --players <N>      demo players to add first (default 30, 0 for none)
  --pause <seconds>  pause between steps, so a browser shows things moving (default 3; 0 for tests)
  --speed <factor>   divide the pauses by this (e.g. --speed 3)
  --seed <N>         the results' random seed, to repeat a run (default: random, printed)

The server: API_URL (default http://localhost:$PORT, PORT default 3000). The admin token: ADMIN_TOKEN,
else the development secret in DATA_DIR (default ./data): use the server's DATA_DIR.`;

function fail(message: string, code = 1): never {
  console.error(message);
  process.exit(code);
}

const args = process.argv.slice(2);
const options: { race?: string; players: number; pause: number; speed: number; seed?: number } = {
  players: 30,
  pause: 3,
  speed: 1,
};
for (let i = 0; i < args.length; i++) {
  const arg = args[i]!;
  const [flag, inline] = arg.includes("=")
    ? [arg.slice(0, arg.indexOf("=")), arg.slice(arg.indexOf("=") + 1)]
    : [arg, undefined];
  const value = () => {
    const v = inline ?? args[++i];
    if (v === undefined) fail(`${flag} needs a value\n\n${usage}`);
    return v;
  };
  const number = (min: number) => {
    const v = Number(value());
    if (!Number.isFinite(v) || v < min) fail(`${flag} must be a number of at least ${min}\n\n${usage}`);
    return v;
  };
  switch (flag) {
    case "--help":
    case "-h":
      console.log(usage);
      process.exit(0);
    case "--race":
      options.race = value();
      break;
    case "--players":
      options.players = Math.floor(number(0));
      break;
    case "--pause":
      options.pause = number(0);
      break;
    case "--speed":
      options.speed = number(0.01);
      break;
    case "--seed":
      options.seed = Math.floor(number(0));
      break;
    default:
      fail(`Unknown option: ${arg}\n\n${usage}`);
  }
}

const api = operatorApi({ baseUrl: apiUrlFromEnv(), adminToken: adminTokenFromEnv() });
try {
  await ensureDrawCommitted(api, (line) => console.log(line));
  // The demo's three gurus predict the weekend before it starts (made on first use).
  const weekend = await api.resolveRace(options.race ?? "next");
  const gurus = await api.send(devGurusCalls.guruPicks, { body: { raceId: weekend.id } });
  console.log(`Gurus ${gurus.gurus.map((g) => g.name).join(", ")}: ${gurus.picks} picks saved for ${weekend.name}.`);
  const news = await api.send(devNewsCalls.demoNews, {});
  if (news.added) console.log(`News: ${news.added} demo items and guru speak show episodes published.`);
  await simulateWeekend(api, {
    race: options.race,
    players: options.players,
    pauseMs: (options.pause * 1000) / options.speed,
    seed: options.seed,
    log: (line) => console.log(line),
  });
} catch (err) {
  if (err instanceof ApiError) {
    const hint =
      err.status === 401 && err.call.includes("/admin/")
        ? " (the admin token differs from the server's: run with the server's DATA_DIR, or set ADMIN_TOKEN)"
        : "";
    fail(`${err.call} → ${err.status} ${err.code}: ${err.message}${hint}`, err.status >= 500 ? 3 : 2);
  }
  if (err instanceof OperatorError) fail(err.message, 2);
  if (err instanceof ServerUnreachable) fail(err.message, 3);
  throw err;
}

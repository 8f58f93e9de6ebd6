// The race-weekend simulator (`npm run simulate`, and the e2e tests that need a weekend played): moves a
// development server's clock through one race weekend, session by session, and enters a generated
// classification after each, exactly as an operator would, over HTTP.
import { MAX_ODDS } from "../../contract/raceRules";
import type { Race, RaceRider } from "../../contract/races";
import {
  CLASSIFICATION_MAX,
  resultKeys,
  sessionOfResult,
  type ResultKey,
  type SettlementReport,
} from "../../contract/results";
import { sessionLabels } from "../../contract/enums";
import { prng } from "../../server/db/seed/random";
import {
  generateClassification,
  type Entrant,
  type KnownResults,
  type Rand,
} from "../../server/modules/results/simulatedResults";
import { adminQuestionsCalls } from "../../contract/calls.questions";
import { OperatorError, raceLabel, type OperatorApi } from "./api";
import { describeSettlement, podiumLine } from "./report";

export type GeneratedResult = SettlementReport & { riderIds: string[] };

/** The race's riders who can ride (injured ones are out), with their odds. */
export const entrantsOf = (riders: readonly RaceRider[]): Entrant[] =>
  riders.filter((r) => r.available).map((r) => ({ id: r.id, odds: r.odds ?? MAX_ODDS }));

/**
 * Generates one result key's classification from the race's riders and odds, following what this weekend
 * has already decided (the grid for the sprint and race, grid and finish for positions gained), and enters
 * it. Answers the server's settlement report plus the classification entered.
 */
export async function enterGeneratedResult(
  api: OperatorApi,
  raceId: string,
  key: ResultKey,
  rng: Rand,
): Promise<GeneratedResult> {
  const [{ riders }, { classifications }] = await Promise.all([api.raceRiders(raceId), api.raceResults(raceId)]);
  const known: KnownResults = {};
  for (const c of classifications) if (!c.canceled) known[c.session] = c.riderIds;
  const riderIds = generateClassification(key, entrantsOf(riders), rng, known).slice(0, CLASSIFICATION_MAX);
  const report = await api.enterResult(raceId, { session: key, riderIds });
  return { ...report, riderIds };
}

export type SimulateOptions = {
  /** A race id or "next" (default). */
  race?: string;
  /** Demo players to add before FP1 (default 30; 0 for none). */
  players?: number;
  /** Pause between steps, so a demo shows things moving in the browser (default 0). */
  pauseMs?: number;
  /** The results' PRNG seed (default: a random one, reported, so a run can be repeated). */
  seed?: number;
  /** Progress lines (default: none). */
  log?: (line: string) => void;
  sleep?: (ms: number) => Promise<void>;
};

export type SimulationResult = {
  race: Race;
  seed: number;
  players: number;
  bets: number;
  results: GeneratedResult[];
  skipped: ResultKey[];
};

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const hhmm = (iso: string) => iso.slice(0, 16).replace("T", " ") + " UTC";

/**
 * Plays one race weekend on the server's clock: adds demo players, moves the clock to a minute before FP1,
 * then through every session in order: to its start, to its end + 1 s, and enters the result keys it
 * decides (POSITION_GAINED right after the race). Keys already entered and canceled sessions are skipped.
 * Refuses a production server (no dev clock) and a canceled race.
 */
export async function simulateWeekend(api: OperatorApi, options: SimulateOptions = {}): Promise<SimulationResult> {
  const log = options.log ?? (() => undefined);
  const pauseMs = Math.max(0, options.pauseMs ?? 0);
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const pause = () => (pauseMs > 0 ? sleep(pauseMs) : Promise.resolve());
  const seed = options.seed ?? Math.floor(Math.random() * 2 ** 31);
  const rng = prng(seed);
  const playerCount = options.players ?? 30;

  await api.requireDevServer();
  const race = await api.resolveRace(options.race ?? "next");
  if (race.status === "CANCELED") throw new OperatorError(`${raceLabel(race)} is canceled; pick another race.`);
  const sessions = race.sessions.toSorted((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt));
  const first = sessions[0];
  if (!first) throw new OperatorError(`${raceLabel(race)} has no sessions.`);
  log(`Simulating ${raceLabel(race)} (results seed ${seed}).`);

  const eve = new Date(Date.parse(first.startsAt) - MINUTE);
  await api.setClock(eve);
  log(`Clock → ${hhmm(eve.toISOString())}, a minute before ${sessionLabels[first.type]}.`);
  let bets = 0;
  if (playerCount > 0) {
    const added = await api.addDemoPlayers(race.id, playerCount);
    log(`Added ${added.players.length} demo players, each with ${added.categories.length} picks.`);
    // They bet too, before the race session's start; the race's result settles their bets.
    const placed = await api.addDemoBets(
      race.id,
      added.players.map((p) => p.id),
    );
    bets = placed.bets;
    log(`Demo players placed ${placed.bets} bets, ${placed.staked} 💎 staked.`);
  }
  await pause();

  const { riders } = await api.raceRiders(race.id);
  const entered = new Set((await api.raceResults(race.id)).classifications.map((c) => c.session));
  const results: GeneratedResult[] = [];
  const skipped: ResultKey[] = [];
  for (const planned of sessions) {
    // Read again at each step: an operator may have moved the session since the weekend began (race control).
    const session = (await api.resolveRace(race.id)).sessions.find((s) => s.type === planned.type) ?? planned;
    const label = sessionLabels[session.type];
    await api.setClock(session.startsAt);
    log(`▶ ${label} started (${hhmm(session.startsAt)}).`);
    await pause();
    const after = new Date(Date.parse(session.endsAt) + SECOND);
    await api.setClock(after);
    log(`■ ${label} ended.`);
    for (const key of resultKeys.filter((k) => sessionOfResult[k] === session.type)) {
      if (session.canceled || entered.has(key)) {
        log(`  ${key}: ${session.canceled ? "session canceled" : "already entered"}, skipped.`);
        skipped.push(key);
        continue;
      }
      const result = await enterGeneratedResult(api, race.id, key, rng);
      results.push(result);
      log(`  ${describeSettlement(result, undefined, podiumLine(result.riderIds, riders))}`);
    }
    // The weekend's bonus questions whose answer these results give are graded now (the demo's have a source).
    const graded = await api.send(adminQuestionsCalls.gradeFromResults, { params: { raceId: race.id }, admin: true });
    for (const g of graded.graded)
      log(`  Bonus question graded: "${g.correctAnswer}", ${g.correct} of ${g.graded} answers right.`);
    await pause();
  }

  const board = await api.seasonBoard(3);
  if (board.data.length)
    log(
      `Season leaderboard: ${board.data.map((e) => `${e.rank}. ${e.user.name} (${e.points} pts)`).join(", ")} (${board.count} ranked).`,
    );
  const last =
    (await api.resolveRace(race.id)).sessions
      .map((s) => s.endsAt)
      .toSorted()
      .at(-1) ?? sessions.at(-1)!.endsAt;
  log(
    `Weekend over: the clock stays at ${hhmm(new Date(Date.parse(last) + SECOND).toISOString())}; reset it with POST /api/dev/clock {"reset":true}.`,
  );
  return { race, seed, players: playerCount, bets, results, skipped };
}

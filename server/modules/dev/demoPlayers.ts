import { randomBytes, randomUUID } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { devCalls, type DemoPlayers } from "../../../contract/dev";
import type { PredictionCategory } from "../../../contract/enums";
import { NAME_MAX } from "../../../contract/auth";
import { COMPLETION_REWARD_DIAMONDS, GAME_CLASS, PREDICTIONS_PER_WEEKEND } from "../../../contract/rules";
import { planSave } from "../../../contract/weekendRules/plans";
import { categories, categorySession, podiums } from "../../../contract/weekendRules/structure";
import { isOpen } from "../../../contract/weekendRules/time";
import { defaultWeekendRules } from "../../../contract/weekendRules/weekendRules";
import { predictions, races, riders, users } from "../../db/schema";
import { namesByCountry } from "../../db/seed/names";
import { pick } from "../../db/seed/random";
import type { AppDeps } from "../../http/deps";
import { AppError } from "../../http/errors";
import { serve } from "../../http/route";
import { signUpGrant } from "../diamonds/ledger";
import { ledgerKeys } from "../predictions/service";
import { loadRace } from "../predictions/repository";
import { oddsForRaces } from "../races/form";
import { plackettLuce, strength, weightedPick, type Rand } from "../results/simulatedResults";

// Development only (registered by server/modules/dev/routes.ts, never in production): demo players so a
// demo's boards, pick statistics and notifications have people in them. Each call adds `count` new,
// confirmed players (a placeholder address on the reserved .invalid domain, no password: nobody signs in as
// them), each starting with the sign-up diamonds like everyone, and each with every category of the race
// whose session has not started at the server's now picked and saved, as a fan would: favourites more
// likely, three different riders on each podium. The picks go through the same rules as a player's save
// (`planSave`), and a full weekend of picks earns the completion reward. Calling again adds more players.

/** Fans pick positions-gained candidates almost regardless of form: anyone can come through the field. */
const GAINED_FORM_POWER = 0.25;

type Candidate = { id: string; odds: number };

/** One fan's picks of the open categories. */
export function demoPicks(
  open: readonly PredictionCategory[],
  field: readonly Candidate[],
  rand: Rand,
): { category: PredictionCategory; riderId: string }[] {
  const wanted = new Set(open);
  const out: { category: PredictionCategory; riderId: string }[] = [];
  const byForm = (c: Candidate) => strength(c.odds);
  for (const group of Object.values(podiums)) {
    if (!group.categories.some((c) => wanted.has(c))) continue;
    // A podium in order, three different riders: the first three of a Plackett–Luce draw.
    const order = plackettLuce(field, (c) => Math.log(byForm(c)), rand);
    group.categories.forEach((category, i) => {
      if (wanted.has(category)) out.push({ category, riderId: order[i]!.id });
    });
  }
  for (const category of open) {
    if (out.some((p) => p.category === category)) continue;
    const weight = category === "POSITION_GAINED" ? (c: Candidate) => byForm(c) ** GAINED_FORM_POWER : byForm;
    out.push({ category, riderId: weightedPick(field, weight, rand).id });
  }
  return out.toSorted((a, b) => categories.indexOf(a.category) - categories.indexOf(b.category));
}

/** A fan's display name from the seed's name parts ("Luca R."), with its country. */
function fanName(rand: Rand): { name: string; country: string } {
  const country = pick(rand, Object.keys(namesByCountry));
  const parts = namesByCountry[country]!;
  const last = pick(rand, parts.last).split(" ").at(-1)!;
  return { name: `${pick(rand, parts.first)} ${last.charAt(0).toUpperCase()}.`, country };
}

export function demoPlayersService(deps: AppDeps) {
  const db = deps.db.db;
  const ledger = deps.ledger;

  /** Names not taken yet (case-insensitively, as the unique index compares them), numbered when needed. */
  async function freeNames(count: number, rand: Rand): Promise<{ name: string; country: string }[]> {
    const chosen: { name: string; country: string }[] = [];
    const inBatch = new Set<string>();
    let wanted = Array.from({ length: count }, () => {
      const fan = fanName(rand);
      return { ...fan, base: fan.name };
    });
    for (let round = 0; wanted.length > 0; round++) {
      const taken = new Set(
        (
          await db
            .select({ name: sql<string>`lower(${users.name})` })
            .from(users)
            .where(
              inArray(
                sql`lower(${users.name})`,
                wanted.map((w) => w.name.toLowerCase()),
              ),
            )
        ).map((r) => r.name),
      );
      const retry: typeof wanted = [];
      for (const w of wanted) {
        const key = w.name.toLowerCase();
        if (taken.has(key) || inBatch.has(key)) retry.push(w);
        else {
          inBatch.add(key);
          chosen.push({ name: w.name, country: w.country });
        }
      }
      // Taken: the same name with a number ("Luca R. 27"), after a few rounds with a random tag.
      const suffix = () => (round < 4 ? String(2 + Math.floor(rand() * 98)) : randomBytes(3).toString("hex"));
      wanted = retry.map((w) => ({ ...w, name: `${w.base} ${suffix()}`.slice(0, NAME_MAX) }));
    }
    return chosen;
  }

  async function add(raceId: string, count: number, rand: Rand = Math.random): Promise<DemoPlayers> {
    const race = await loadRace(db, raceId);
    const [row] = await db
      .select({ season: races.season, round: races.round })
      .from(races)
      .where(eq(races.id, race.id));
    const now = deps.clock.now();
    const open = categories.filter((c) => {
      const session = race.sessions[categorySession[c]];
      return session !== undefined && isOpen(now.getTime(), session);
    });
    if (open.length === 0) throw new AppError(418, "raceStarted");

    const riderRows = await db
      .select({ id: riders.id, raceClass: riders.raceClass, status: riders.status })
      .from(riders)
      .where(and(eq(riders.raceClass, GAME_CLASS), eq(riders.status, "ACTIVE")));
    const odds =
      (await oddsForRaces(db, GAME_CLASS, [{ id: race.id, season: row!.season, round: row!.round }])).get(race.id) ??
      {};
    const field = riderRows.map((r) => ({ id: r.id, odds: odds[r.id] ?? 250 }));
    if (field.length < 3) throw new Error("demo players need at least three available riders");
    const riderInfo = new Map(riderRows.map((r) => [r.id, r]));

    const names = await freeNames(count, rand);
    const players = names.map((n) => ({ id: randomUUID(), ...n, picks: demoPicks(open, field, rand) }));
    // Checked like a player's save: open sessions only, riders of the class and fit, no rider twice on a podium.
    for (const p of players) {
      const verdict = planSave({
        now: now.getTime(),
        mode: "create",
        sessions: race.sessions,
        existing: [],
        items: p.picks,
        riders: riderInfo,
        rules: defaultWeekendRules,
      });
      if (!verdict.ok) throw new AppError(verdict.refusal.status, verdict.refusal.code);
    }

    await db.transaction(async (tx) => {
      await tx.insert(users).values(
        players.map((p) => ({
          id: p.id,
          name: p.name,
          email: `demo.${p.id}@demo.invalid`,
          emailConfirmedAt: now,
          country: p.country,
          createdAt: now,
          updatedAt: now,
        })),
      );
      const rows = players.flatMap((p) =>
        p.picks.map((k) => ({
          id: randomUUID(),
          userId: p.id,
          raceId: race.id,
          category: k.category,
          riderId: k.riderId,
          savedAt: now,
          updatedAt: now,
        })),
      );
      for (let i = 0; i < rows.length; i += 1000) await tx.insert(predictions).values(rows.slice(i, i + 1000));
      const complete = open.length === PREDICTIONS_PER_WEEKEND;
      await ledger.postAll(
        tx,
        players.flatMap((p) => [
          signUpGrant(p.id),
          ...(complete
            ? [
                {
                  userId: p.id,
                  delta: COMPLETION_REWARD_DIAMONDS,
                  reason: "ALL_PICKS_BONUS" as const,
                  ref: `race:${race.id}`,
                  idempotencyKey: ledgerKeys.completion(race.id),
                },
              ]
            : []),
        ]),
      );
    });
    return {
      raceId: race.id,
      players: players.map((p) => ({ id: p.id, name: p.name })),
      categories: open,
      picks: players.length * open.length,
    };
  }

  return { add };
}

/** POST /dev/demo-players (one registration line in server/modules/dev/routes.ts). */
export async function demoPlayersRoutes(app: FastifyInstance): Promise<void> {
  const service = app.services.demoPlayers;
  serve(app, devCalls.demoPlayers, ({ body }) => service.add(body.raceId, body.count));
}

import { randomUUID } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import type { PredictionCategory } from "../../../contract/enums";
import { GAME_CLASS } from "../../../contract/rules";
import { planSave } from "../../../contract/weekendRules/plans";
import { categories, categorySession } from "../../../contract/weekendRules/structure";
import { isOpen } from "../../../contract/weekendRules/time";
import { defaultWeekendRules } from "../../../contract/weekendRules/weekendRules";
import { predictions, races, riders, users } from "../../db/schema";
import type { AppDeps } from "../../http/deps";
import { AppError } from "../../http/errors";
import { demoPicks } from "../dev/demoPlayers";
import { loadRace } from "../predictions/repository";
import { oddsForRaces } from "../races/form";

// The demo's three gurus (development only): made on first use with their profiles, they save every still-open
// pick of the weekend the simulator plays, each with their own taste for favourites.

export const DEMO_GURUS = [
  {
    name: "Marta Velasco",
    country: "ES",
    bio: "Former 250cc racer turned data analyst. Reads tyre wear better than anyone in the pit lane.",
    favouriteRider: "Pedro Acosta",
    favouriteManufacturer: "KTM",
    favouriteCircuit: "Jerez",
    twitter: "martavelasco_gp",
    instagram: "martavelasco.gp",
  },
  {
    name: "Kenji Arai",
    country: "JP",
    bio: "Paddock journalist for twenty seasons. Trusts qualifying pace and Sunday-morning warm-up laps.",
    favouriteRider: "Marc Marquez",
    favouriteManufacturer: "HONDA",
    favouriteCircuit: "Motegi",
    twitter: "kenjiarai_moto",
    instagram: "kenji.arai.moto",
  },
  {
    name: "Luca Ferretti",
    country: "IT",
    bio: "Race engineer on the guru speak show. Backs the underdog when the track is wet.",
    favouriteRider: "Francesco Bagnaia",
    favouriteManufacturer: "DUCATI",
    favouriteCircuit: "Mugello",
    twitter: "lucaferretti_eng",
    instagram: "luca.ferretti.eng",
  },
] as const;

const guruEmail = (g: { name: string }) => `guru.${g.name.toLowerCase().replace(/\W+/g, ".")}@demo.invalid`;

/** Seeded randomness per guru and race, so a weekend's guru picks are repeatable. */
function seeded(text: string): () => number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return () => {
    h = Math.imul(h ^ (h >>> 15), 2246822507) ^ Math.imul(h ^ (h >>> 13), 3266489909);
    return ((h >>>= 0) % 1_000_000) / 1_000_000;
  };
}

export function demoGurusService(deps: AppDeps) {
  const db = deps.db.db;

  /** The three demo gurus, made if missing (by name). */
  async function ensure(): Promise<{ id: string; name: string }[]> {
    const now = deps.clock.now();
    // Known by their demo addresses, never by name: a player who took a guru's name stays a player.
    const emails = DEMO_GURUS.map(guruEmail);
    const existing = await db.select({ email: users.email }).from(users).where(inArray(users.email, emails));
    const missing = DEMO_GURUS.filter((g) => !existing.some((e) => e.email === guruEmail(g)));
    if (missing.length) {
      await db
        .insert(users)
        .values(
          missing.map((g) => ({
            id: randomUUID(),
            ...g,
            email: guruEmail(g),
            emailConfirmedAt: now,
            isGuru: true,
            createdAt: now,
            updatedAt: now,
          })),
        )
        .onConflictDoNothing();
    }
    return db
      .select({ id: users.id, name: users.name })
      .from(users)
      .where(and(inArray(users.email, emails), eq(users.isGuru, true)));
  }

  /** Each guru saves the race's still-open categories they have not picked yet. */
  async function pickRace(raceId: string) {
    const race = await loadRace(db, raceId);
    const now = deps.clock.now().getTime();
    const open = categories.filter((c) => {
      const s = race.sessions[categorySession[c]];
      return s !== undefined && isOpen(now, s);
    });
    const gurus = await ensure();
    const [row] = await db
      .select({ season: races.season, round: races.round })
      .from(races)
      .where(eq(races.id, race.id));
    if (!row) throw new AppError(404, "notFound");
    const riderRows = await db
      .select({ id: riders.id, raceClass: riders.raceClass, status: riders.status })
      .from(riders)
      .where(and(eq(riders.raceClass, GAME_CLASS), eq(riders.status, "ACTIVE")));
    const odds =
      (await oddsForRaces(db, GAME_CLASS, [{ id: race.id, season: row.season, round: row.round }])).get(race.id) ?? {};
    const field = riderRows.map((r) => ({ id: r.id, odds: odds[r.id] ?? 250 }));
    const riderInfo = new Map(riderRows.map((r) => [r.id, r]));
    let saved = 0;
    for (const guru of gurus) {
      const have = new Set(
        (
          await db
            .select({ category: predictions.category })
            .from(predictions)
            .where(and(eq(predictions.userId, guru.id), eq(predictions.raceId, race.id)))
        ).map((p) => p.category),
      );
      const todo: PredictionCategory[] = open.filter((c) => !have.has(c));
      if (todo.length === 0 || field.length < 3) continue;
      const picks = demoPicks(todo, field, seeded(`${guru.id}:${race.id}`));
      const verdict = planSave({
        now,
        mode: "create",
        sessions: race.sessions,
        existing: [],
        items: picks,
        riders: riderInfo,
        rules: defaultWeekendRules,
      });
      if (!verdict.ok) continue;
      const at = new Date(now);
      await db
        .insert(predictions)
        .values(
          picks.map((k) => ({
            id: randomUUID(),
            userId: guru.id,
            raceId: race.id,
            category: k.category,
            riderId: k.riderId,
            savedAt: at,
            updatedAt: at,
          })),
        )
        .onConflictDoNothing();
      saved += picks.length;
    }
    return { raceId: race.id, gurus, picks: saved };
  }

  return { ensure, pickRace };
}

import { Client } from "pg";
import { describe, expect, it } from "vitest";
import { Manufacturer, RaceClass, RiderRole, RiderStatus, SessionType } from "../../contract/enums";
import { migrate, readMigrations } from "../../server/db/migrate";
import { openDb } from "../../server/db/open";
import { circuits } from "../../server/db/seed/circuits";
import { buildSeason, seedIfEmpty } from "../../server/db/seed/season";
import { backends, onEachBackend, PG_URL } from "./harness";

const sessionMinutes = { FP1: 45, PF: 60, FP2: 30, Q1: 15, Q2: 15, SPRINT: 20, START: 40 } as const;

onEachBackend("migrations", (h) => {
  describe("are applied once, in order, and re-running them changes nothing", () => {
    it("records every migration in schema_migrations and applies none the second time", async () => {
      const names = readMigrations().map((m) => m.name);
      const rows = await h.database.withConnection((c) =>
        c.query<{ name: string }>("SELECT name FROM schema_migrations ORDER BY name"),
      );
      expect(rows.map((r) => r.name)).toEqual(names);
      expect(await migrate(h.database)).toEqual([]);
    });

    it("rolls a failing migration back and leaves nothing half-done", async () => {
      const broken = [{ name: "999_broken", sql: "CREATE TABLE half_done (id int); SELECT * FROM no_such_table;" }];
      await expect(migrate(h.database, broken)).rejects.toThrow(/999_broken/);
      const tables = await h.database.withConnection((c) =>
        c.query("SELECT 1 FROM information_schema.tables WHERE table_name = 'half_done'"),
      );
      expect(tables).toHaveLength(0);
    });
  });
});

onEachBackend(
  "demo season seed",
  (h) => {
    const count = async (sql: string) =>
      Number((await h.database.withConnection((c) => c.query<{ n: number }>(sql)))[0]!.n);

    describe("is a realistic championship of 22 rounds in three classes", () => {
      it("has 22 rounds, each on its own circuit with a name, country, length and type", async () => {
        expect(await count("SELECT count(*)::int AS n FROM races")).toBe(22);
        expect(await count("SELECT count(DISTINCT track_id)::int AS n FROM races")).toBe(22);
        expect(
          await count(
            "SELECT count(*)::int AS n FROM tracks WHERE length_km BETWEEN 3 AND 7 AND length(country) = 2 AND circuit_type <> ''",
          ),
        ).toBe(22);
      });

      it("gives every round its 7 sessions with the game rules' lengths, Friday to Sunday at the circuit", async () => {
        const rows = await h.database.withConnection((c) =>
          c.query<{ round: number; type: string; minutes: number; starts_at: Date }>(
            "SELECT r.round, s.type, (extract(epoch FROM s.ends_at - s.starts_at) / 60)::int AS minutes, s.starts_at FROM race_sessions s JOIN races r ON r.id = s.race_id",
          ),
        );
        expect(rows).toHaveLength(22 * 7);
        for (const r of rows) {
          expect(SessionType.options).toContain(r.type);
          expect(r.minutes).toBe(sessionMinutes[r.type as keyof typeof sessionMinutes]);
          const local = new Date(new Date(r.starts_at).getTime() + circuits[r.round - 1]!.utcOffset * 3600_000);
          expect([5, 6, 0]).toContain(local.getUTCDay());
        }
        for (let round = 1; round <= 22; round++) {
          const types = rows
            .filter((r) => r.round === round)
            .toSorted((a, b) => new Date(a.starts_at).getTime() - new Date(b.starts_at).getTime())
            .map((r) => r.type);
          expect(types).toEqual(SessionType.options);
        }
      });

      it("has MotoGP, Moto2 and Moto3 teams of the spec's manufacturers, with colours", async () => {
        const teams = await h.database.withConnection((c) =>
          c.query<{ race_class: string; manufacturer: string; colour: string }>(
            "SELECT race_class, manufacturer, colour FROM teams",
          ),
        );
        expect(new Set(teams.map((t) => t.race_class))).toEqual(new Set(RaceClass.options));
        for (const t of teams) {
          expect(Manufacturer.options).toContain(t.manufacturer);
          expect(t.colour).toMatch(/^#[0-9A-F]{6}$/i);
        }
        expect(new Set(teams.filter((t) => t.race_class === "MOTOGP").map((t) => t.manufacturer))).toEqual(
          new Set(Manufacturer.options),
        );
      });

      it("has riders with unique numbers per class, countries, a couple injured, and every role", async () => {
        const riders = await h.database.withConnection((c) =>
          c.query<{ race_class: string; number: number; country: string; status: string; role: string }>(
            "SELECT race_class, number, country, status, role FROM riders",
          ),
        );
        expect(riders.length).toBeGreaterThanOrEqual(50);
        for (const cls of RaceClass.options) {
          const numbers = riders.filter((r) => r.race_class === cls).map((r) => r.number);
          expect(new Set(numbers).size).toBe(numbers.length);
        }
        for (const r of riders) {
          expect(r.country).toMatch(/^[A-Z]{2}$/);
          expect(RiderStatus.options).toContain(r.status);
        }
        expect(riders.filter((r) => r.status === "INJURED").length).toBeGreaterThanOrEqual(2);
        expect(new Set(riders.map((r) => r.role))).toEqual(new Set(RiderRole.options));
      });

      it("spreads the rounds around the clock's now: some are over and the next one is upcoming", async () => {
        const now = h.clock.now().getTime();
        const rounds = await h.database.withConnection((c) =>
          c.query<{ round: number; first: Date; last: Date }>(
            "SELECT r.round, min(s.starts_at) AS first, max(s.ends_at) AS last FROM races r JOIN race_sessions s ON s.race_id = r.id GROUP BY r.round ORDER BY r.round",
          ),
        );
        const past = rounds.filter((r) => new Date(r.last).getTime() < now);
        const upcoming = rounds.filter((r) => new Date(r.first).getTime() > now);
        expect(past.length).toBeGreaterThan(5);
        expect(upcoming.length).toBeGreaterThan(5);
        // Rounds are in calendar order.
        const firsts = rounds.map((r) => new Date(r.first).getTime());
        expect(firsts.toSorted((a, b) => a - b)).toEqual(firsts);
      });
    });

    describe("is deterministic and loaded only once", () => {
      it("builds the same season twice for the same week", () => {
        const now = new Date("2026-07-15T12:00:00Z");
        expect(buildSeason(now)).toEqual(buildSeason(new Date("2026-07-13T00:00:01Z")));
      });

      it("does nothing when the database already has a season", async () => {
        expect(await seedIfEmpty(h.database.db, h.clock.now())).toBe(false);
        expect(await count("SELECT count(*)::int AS n FROM races")).toBe(22);
      });
    });
  },
  { seed: true },
);

describe.skipIf(!backends.includes("postgres"))("migrations on PostgreSQL started by two instances at once", () => {
  it("are applied exactly once: the advisory lock makes the second wait and find nothing to do", async () => {
    const schemaName = `pp_test_race_${process.pid}_${Date.now().toString(36)}`;
    const opened = await Promise.allSettled([0, 1].map(() => openDb({ databaseUrl: PG_URL, dataDir: "", schemaName })));
    try {
      // Both instances create the schema at once too; neither may fail.
      const [a, b] = opened.map((o) => (o.status === "fulfilled" ? o.value : Promise.reject(o.reason)));
      const [appliedA, appliedB] = await Promise.all([migrate(await a!), migrate(await b!)]);
      expect([...appliedA, ...appliedB].toSorted()).toEqual(readMigrations().map((m) => m.name));
      expect(Math.min(appliedA.length, appliedB.length)).toBe(0);
    } finally {
      for (const o of opened) if (o.status === "fulfilled") await o.value.close();
      const admin = new Client({ connectionString: PG_URL });
      await admin.connect();
      await admin.query(`DROP SCHEMA IF EXISTS ${schemaName} CASCADE`);
      await admin.end();
    }
  });
});

describe("migrations on PGlite stored in a folder", () => {
  it("survive a restart and are not applied again", async () => {
    const { mkdtempSync, rmSync } = await import("node:fs");
    const { tmpdir } = await import("node:os");
    const { join } = await import("node:path");
    const dir = mkdtempSync(join(tmpdir(), "pp-migrate-"));
    try {
      const first = await openDb({ dataDir: dir });
      expect((await migrate(first)).length).toBe(readMigrations().length);
      await first.close();
      const second = await openDb({ dataDir: dir });
      expect(await migrate(second)).toEqual([]);
      await second.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

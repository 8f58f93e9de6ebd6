// `npm run admin -- rider substitute|wildcard` (scripts/operator/riders.ts) against the real app, its HTTP calls
// answered by app.inject: the rider out named by number, the rider in an existing one or a new one made with
// --name --team --country, the same command again a no-op, and the server's refusals passed on. PGlite and PostgreSQL.
import { and, eq, sql } from "drizzle-orm";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { races, riders, teams } from "../../server/db/schema";
import { ApiError, operatorApi, OperatorError } from "../../scripts/operator/api";
import { ridersCommand } from "../../scripts/operator/riders";
import { ADMIN_TOKEN, onEachBackend } from "./harness";
import { at, MINUTE, raceFixture, type RaceFixture } from "./predictionsFixture";

const usage = (message: string): never => {
  throw new Error(`usage: ${message}`);
};

onEachBackend(
  "npm run admin -- rider",
  (h) => {
    let race: RaceFixture;
    let team: string;
    let out: { id: string; number: number; name: string };
    let moto2: { id: string; number: number; name: string };
    const printed: string[] = [];
    const api = () =>
      operatorApi({
        baseUrl: "http://pp.test",
        adminToken: ADMIN_TOKEN,
        fetch: (async (input: string | URL, init?: RequestInit) => {
          const res = await h.app.inject({
            method: (init?.method ?? "GET") as "GET",
            url: String(input).replace("http://pp.test", ""),
            headers: init?.headers as Record<string, string>,
            ...(init?.body ? { payload: String(init.body) } : {}),
          });
          return new Response(res.body, {
            status: res.statusCode,
            headers: { "content-type": String(res.headers["content-type"] ?? "application/json") },
          });
        }) as typeof fetch,
      });
    const run = (...args: string[]) => ridersCommand(api(), args, usage);

    beforeAll(async () => {
      race = await raceFixture(h);
      const [row] = await h.database.db.select().from(riders).where(eq(riders.id, race.active[0]!));
      out = row!;
      const [m2] = await h.database.db.select().from(riders).where(eq(riders.id, race.otherClass));
      moto2 = m2!;
      team = (await h.database.db.select().from(teams).where(eq(teams.raceClass, "MOTOGP")).limit(1))[0]!.name;
    });
    beforeEach(async () => {
      await h.database.db.execute(sql`DELETE FROM race_entries`);
      await h.database.db.execute(sql`DELETE FROM riders WHERE id IN (SELECT rider_id FROM entry_riders)`);
      await h.database.db.execute(sql`TRUNCATE rider_injuries`);
      await h.database.db.update(riders).set({ status: "ACTIVE" }).where(eq(riders.id, out.id));
      at(h, race.sessions.FP1.start - 10 * MINUTE);
      printed.length = 0;
      vi.spyOn(console, "log").mockImplementation((line: string) => void printed.push(line));
    });
    afterEach(() => vi.restoreAllMocks());

    describe("rider substitute", () => {
      it("brings in a new rider in place of the rider out, once", async () => {
        expect(
          await run(
            "substitute",
            String(out.number),
            "951",
            race.id,
            "--name",
            "Lorenzo Savadori",
            "--team",
            team,
            "--country",
            "it",
          ),
        ).toBe(0);
        expect(printed.at(-1)).toContain(`#951 Lorenzo Savadori rides`);
        expect(printed.at(-1)).toContain(`in place of #${out.number} ${out.name}`);
        const [made] = await h.database.db
          .select()
          .from(riders)
          .where(and(eq(riders.number, 951), eq(riders.raceClass, "MOTOGP")));
        expect(made).toMatchObject({ name: "Lorenzo Savadori", country: "IT", role: "SUBSTITUTE" });
        // Run again: the rider the first run made, and nothing changes.
        const v = (await h.database.db.select({ v: races.version }).from(races).where(eq(races.id, race.id)))[0]!.v;
        expect(
          await run(
            "substitute",
            String(out.number),
            "951",
            race.id,
            "--name",
            "Lorenzo Savadori",
            "--team",
            team,
            "--country",
            "IT",
          ),
        ).toBe(0);
        expect(printed.at(-1)).toContain("already on the entry list");
        expect((await h.database.db.select({ v: races.version }).from(races).where(eq(races.id, race.id)))[0]!.v).toBe(
          v,
        );
      });

      it("passes the server's refusal on: a rider already riding the race", async () => {
        const riding = await h.database.db.select().from(riders).where(eq(riders.id, race.active[1]!));
        await expect(run("substitute", String(out.number), riding[0]!.id, race.id)).rejects.toMatchObject({
          status: 409,
          code: "riderOnEntryList",
        } satisfies Partial<ApiError>);
      });

      it("says what a new rider needs, and refuses an unknown team before sending", async () => {
        await expect(run("substitute", String(out.number), "952", race.id)).rejects.toBeInstanceOf(OperatorError);
        await expect(
          run(
            "substitute",
            String(out.number),
            "952",
            race.id,
            "--name",
            "X Y",
            "--team",
            "Nobody Racing",
            "--country",
            "IT",
          ),
        ).rejects.toThrow(/No team Nobody Racing/);
        await expect(run("substitute", String(out.number), race.id)).rejects.toThrow(/usage/);
      });
    });

    describe("rider wildcard", () => {
      it("enters a rider of another class by id for this race", async () => {
        expect(await run("wildcard", moto2.id, race.id)).toBe(0);
        expect(printed.at(-1)).toBe(`#${moto2.number} ${moto2.name} rides ${printed.at(-1)!.split(" rides ")[1]}`);
        expect(printed.at(-1)).toContain("as a wildcard.");
        const list = (await h.call("GET", `/v2/races/${race.id}/riders`)).body.result.riders as {
          id: string;
          role: string;
        }[];
        expect(list.find((r) => r.id === moto2.id)?.role).toBe("WILDCARD");
      });
    });
  },
  { seed: true },
);

// `npm run admin -- results … --correct | --preview` and `results confirm <race>` against the real app in-process (the
// operator client's fetch answered by app.inject): what each says, and that a preview changes nothing.
import { sql } from "drizzle-orm";
import { beforeAll, beforeEach, expect, it, vi } from "vitest";
import { ADMIN_TOKEN_HEADER } from "../../contract/calls.results";
import { rowsOf } from "../../server/db/arrays";
import { ApiError, operatorApi } from "../../scripts/operator/api";
import { correctionCommand, isCorrectionCommand } from "../../scripts/operator/corrections";
import { ADMIN_TOKEN, onEachBackend } from "./harness";
import { at, raceFixture, SECOND, type RaceFixture } from "./predictionsFixture";

onEachBackend(
  "operator CLI: corrections and confirmation",
  (h) => {
    let race: RaceFixture;
    beforeAll(async () => {
      race = await raceFixture(h);
    });
    beforeEach(async () => {
      await h.database.db.execute(sql`TRUNCATE session_results, weekend_confirmations CASCADE`);
    });

    const api = () =>
      operatorApi({
        baseUrl: "http://cli.test",
        adminToken: ADMIN_TOKEN,
        fetch: (async (url: string, init: RequestInit) => {
          const res = await h.app.inject({
            method: init.method as "POST",
            url: url.replace("http://cli.test", ""),
            headers: init.headers as Record<string, string>,
            payload: init.body as string | undefined,
          });
          return new Response(res.body, { status: res.statusCode, headers: { "content-type": "application/json" } });
        }) as typeof fetch,
      });
    const run = async (args: string[]) => {
      const log = vi.spyOn(console, "log").mockImplementation(() => undefined);
      try {
        const code = await correctionCommand(api(), args, (m) => {
          throw new Error(`usage: ${m}`);
        });
        return { code, out: log.mock.calls.map((c) => String(c[0])).join("\n") };
      } finally {
        log.mockRestore();
      }
    };
    const numbers = async () =>
      rowsOf<{ number: number }>(
        await h.database.db.execute(
          sql`SELECT number FROM riders WHERE id = ANY(${`{${race.active.slice(0, 3).join(",")}}`}::uuid[]) ORDER BY number`,
        ),
      ).map((r) => String(r.number));

    it("recognises its arguments", () => {
      expect(isCorrectionCommand(["confirm", "next"])).toBe(true);
      expect(isCorrectionCommand(["next", "START", "93", "--correct"])).toBe(true);
      expect(isCorrectionCommand(["next", "START", "93"])).toBe(false);
    });

    it("previews, corrects and confirms, saying what it did", async () => {
      at(h, race.sessions.START.end + SECOND);
      const [a, b, c] = await numbers();
      const preview = await run([race.id, "START", a!, b!, c!, "--preview"]);
      expect(preview.out).toMatch(/^Preview \(nothing was changed\)/);
      expect(rowsOf(await h.database.db.execute(sql`SELECT 1 FROM session_results`))).toHaveLength(0);
      expect(
        (
          await h.call("POST", `/admin/races/${race.id}/results`, {
            body: { session: "START", riderIds: race.active.slice(0, 3) },
            headers: { [ADMIN_TOKEN_HEADER]: ADMIN_TOKEN },
          })
        ).status,
      ).toBe(200);
      const fixed = await run([race.id, "START", b!, a!, c!, "--correct"]);
      expect(fixed.code).toBe(0);
      expect(fixed.out).toMatch(/corrected: 1\. #\d+ .* Bets stand as settled\.$/);
      expect((await run([race.id, "START", b!, a!, c!, "--correct"])).out).toMatch(/already stands exactly so/);
      const confirmed = await run(["confirm", race.id]);
      expect(confirmed.out).toMatch(/confirmed at .*: its results are final/);
      expect((await run(["confirm", race.id])).out).toMatch(/was already confirmed \(by an operator\)/);
      await expect(run([race.id, "START", a!, b!, c!, "--correct"])).rejects.toMatchObject({
        code: "weekendConfirmed",
      } satisfies Partial<ApiError>);
    });
  },
  { seed: true },
);

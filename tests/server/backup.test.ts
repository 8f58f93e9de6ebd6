// Backups of the embedded database (docs/operations.md "Backups"): the running server's POST /admin/backup (operators
// only; a PostgreSQL server refuses and names pg_dump), loaded into a fresh data folder, where an app built on it reads
// the same game as the original: balances, picks, boards. A restore refuses a folder that holds anything, brings an
// older backup to the current migrations, and both acts are on the audit log. The CLI's argument errors last.
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BACKUP_MEDIA_TYPE } from "../../contract/calls.backup";
import { ADMIN_TOKEN_HEADER } from "../../contract/calls.results";
import { buildApp } from "../../server/app";
import { createClock } from "../../server/clock";
import { migrate, readMigrations } from "../../server/db/migrate";
import { openDb, type Database } from "../../server/db/open";
import { CLI_OPERATOR } from "../../server/http/operator";
import { createLive } from "../../server/live";
import { outboxMailer } from "../../server/mail/transport";
import {
  holdsDatabase,
  pgliteFolder,
  restoreBackup,
  RestoreRefused,
  takeBackup,
} from "../../server/modules/backup/embedded";
import { signUpConfirmed, type Player } from "./accounts";
import { ADMIN_TOKEN, onEachBackend, testConfig, type Harness } from "./harness";
import { checkAnswers } from "./openapiCheck";
import { startCliServer, type CliServer } from "./cliServer";
import { allPicks, at, MINUTE, raceFixture, save, SECOND, setDiamonds, tokenOf, upgrade } from "./predictionsFixture";

const admin = { [ADMIN_TOKEN_HEADER]: ADMIN_TOKEN };
const folders: string[] = [];
const freshDataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), "pp-backup-"));
  folders.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

type Run = { code: number; stdout: string; stderr: string };
/** `npm run admin -- <args>` on a fresh DATA_DIR, with API_URL on a port nothing answers unless `env` says otherwise. */
const cli = (args: string[], env: Record<string, string> = {}) =>
  new Promise<Run>((resolve) => {
    execFile(
      process.execPath,
      ["node_modules/tsx/dist/cli.mjs", "scripts/admin.ts", ...args],
      {
        env: {
          ...process.env,
          DATA_DIR: freshDataDir(),
          DATABASE_URL: "",
          API_URL: "http://127.0.0.1:9",
          ADMIN_TOKEN: "",
          ...env,
        },
        timeout: 60_000,
      },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });

/** The app the server would build on a restored database (the same secrets: the players' tokens still sign them in). */
async function appOn(h: Harness, database: Database): Promise<FastifyInstance> {
  const config = testConfig();
  const app = await buildApp({
    db: database,
    clock: h.clock,
    mailer: outboxMailer(database.db, h.clock),
    config,
    live: createLive({ db: database, clock: h.clock, config }),
  });
  checkAnswers(app);
  return app;
}

/** What a player and a spectator read of the game: the balance, the race's picks, its board and the season's. */
async function gameSeenBy(h: Harness, app: FastifyInstance, players: Player[], raceId: string) {
  const read = async (path: string, token?: string) => {
    const res = await h.call("GET", path, token ? { token } : {}, app);
    expect(res.status, path).toBe(200);
    return res.body.result as unknown;
  };
  const perPlayer = [];
  for (const p of players) {
    const token = await tokenOf(h, p);
    // The answer's `now` is the server's clock at the read, not a thing the backup keeps.
    const { now: _now, ...picks } = (await read(`/predictions/races/${raceId}`, token)) as { now: string };
    perPlayer.push({ balance: await read("/diamonds/user/balance", token), picks });
  }
  return {
    perPlayer,
    raceBoard: await read(`/leaderboards/races/${raceId}`),
    seasonBoard: await read("/leaderboards/season"),
  };
}

async function newestAudit(h: Harness, app: FastifyInstance) {
  const res = await h.call("GET", "/admin/audit", { headers: admin, query: { take: 1 } }, app);
  expect(res.status).toBe(200);
  return res.body.result.data[0] as { action: string; channel: string; target: string; after: Record<string, unknown> };
}

onEachBackend(
  "backups through the running server",
  (h) => {
    it("answers only an operator: no token, a wrong one, or a player's is refused", async () => {
      expect((await h.call("POST", "/admin/backup")).status).toBe(401);
      expect(
        (await h.call("POST", "/admin/backup", { headers: { [ADMIN_TOKEN_HEADER]: `${ADMIN_TOKEN}x` } })).status,
      ).toBe(401);
      const p = await signUpConfirmed(h);
      const player = await h.call("POST", "/admin/backup", { token: p.tokens.accessToken });
      expect(player.status).toBe(403);
      expect(player.body.code).toBe("forbidden");
    });

    if (h.kind === "postgres") {
      it("on PostgreSQL, names pg_dump instead", async () => {
        const res = await h.call("POST", "/admin/backup", { headers: admin });
        expect(res.status).toBe(409);
        expect(res.body.code).toBe("backupNeedsPgDump");
        expect(res.body.message).toContain("pg_dump -Fc");
      });
      return;
    }

    it("takes a snapshot that, restored into a fresh folder, reads the same game: balances, picks and boards", async () => {
      const race = await raceFixture(h);
      const enter = (session: string, riderIds: string[]) =>
        h.call("POST", `/admin/races/${race.id}/results`, { headers: admin, body: { session, riderIds } });
      const players = [await signUpConfirmed(h, "Backed Up"), await signUpConfirmed(h, "Also Kept")];
      at(h, race.sessions.FP1.start - MINUTE);
      for (const p of players) expect((await save(h, p, race, allPicks(race))).status).toBe(200);
      await setDiamonds(h, players[0]!.id, 200);
      expect((await upgrade(h, players[0]!, race, "PREDICTION", "POLEMAN")).status).toBe(200);
      at(h, race.sessions.START.end + SECOND);
      for (const [session, riders] of [
        ["Q2", [race.active[3]!]],
        ["SPRINT", race.active.slice(4, 7)],
        ["START", race.active.slice(7, 10)],
      ] as const) {
        expect((await enter(session, [...riders])).status).toBe(200);
      }
      const original = await gameSeenBy(h, h.app, players, race.id);
      expect((original.raceBoard as { data: unknown[] }).data.length).toBeGreaterThan(0);

      const res = await h.app.inject({ method: "POST", url: "/api/admin/backup", headers: admin });
      expect(res.statusCode).toBe(200);
      expect(res.headers["content-type"]).toBe(BACKUP_MEDIA_TYPE);
      expect(res.headers["content-disposition"]).toMatch(
        /^attachment; filename="paddock-predictor-[\dT-]+Z\.tar\.gz"$/,
      );
      const tarball = res.rawPayload;
      expect([...tarball.subarray(0, 2)]).toEqual([0x1f, 0x8b]);
      expect(await newestAudit(h, h.app)).toMatchObject({
        action: "BACKUP",
        channel: "cli",
        target: "database",
        after: { bytes: tarball.length },
      });

      const dataDir = freshDataDir();
      const report = await restoreBackup({
        dataDir,
        tarball: new Blob([new Uint8Array(tarball)]),
        source: join(dataDir, "taken.tar.gz"),
        clock: h.clock,
        by: CLI_OPERATOR,
      });
      expect(report.migrations).toEqual([]);
      const restored = await openDb({ dataDir });
      const app = await appOn(h, restored);
      try {
        expect(await gameSeenBy(h, app, players, race.id)).toEqual(original);
        expect(await newestAudit(h, app)).toMatchObject({
          action: "RESTORE",
          channel: "cli",
          target: "database",
          after: { file: "taken.tar.gz", bytes: tarball.length, migrations: 0 },
        });
      } finally {
        await app.close();
        await restored.close();
      }
    }, 120_000);
  },
  { seed: true },
);

describe("restoring an embedded backup", () => {
  it("brings an older backup to the current migrations", async () => {
    const all = readMigrations();
    const old = await openDb({ dataDir: "", pgliteUrl: "memory://" });
    let tarball: Blob;
    try {
      await migrate(old, all.slice(0, -2));
      tarball = await takeBackup(old, createClock(), CLI_OPERATOR);
    } finally {
      await old.close();
    }
    const dataDir = freshDataDir();
    const report = await restoreBackup({
      dataDir,
      tarball,
      source: "old.tar.gz",
      clock: createClock(),
      by: CLI_OPERATOR,
    });
    expect(report.migrations).toEqual(all.slice(-2).map((m) => m.name));
    const restored = await openDb({ dataDir });
    try {
      expect(await migrate(restored)).toEqual([]);
    } finally {
      await restored.close();
    }
  }, 60_000);

  it("refuses a folder that holds anything, and a file that is no backup, leaving both as they were", async () => {
    const dataDir = freshDataDir();
    const dir = pgliteFolder(dataDir);
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, "PG_VERSION"), "17\n");
    const any = new Blob([new Uint8Array([0x1f, 0x8b, 0, 0])]);
    await expect(
      restoreBackup({ dataDir, tarball: any, source: "b.tar.gz", clock: createClock(), by: CLI_OPERATOR }),
    ).rejects.toThrow(RestoreRefused);
    await expect(
      restoreBackup({ dataDir, tarball: any, source: "b.tar.gz", clock: createClock(), by: CLI_OPERATOR }),
    ).rejects.toThrow(/is not empty.*Move the database aside/);
    expect(readdirSync(dir)).toEqual(["PG_VERSION"]);

    const empty = freshDataDir();
    await expect(
      restoreBackup({
        dataDir: empty,
        tarball: new Blob(["not a backup"]),
        source: "notes.txt",
        clock: createClock(),
        by: CLI_OPERATOR,
      }),
    ).rejects.toThrow(/notes.txt is not a backup/);
    expect(holdsDatabase(pgliteFolder(empty))).toBe(false);
  });
});

describe("npm run admin -- backup | restore: arguments", () => {
  it("needs exactly one file (exit 1)", async () => {
    for (const args of [["backup"], ["backup", "a.tar.gz", "b.tar.gz"], ["restore"], ["restore", "--force"]]) {
      const run = await cli(args);
      expect(run.code, args.join(" ")).toBe(1);
      expect(run.stderr).toContain(`${args[0]} needs one file: npm run admin -- ${args[0]} <file>.`);
    }
  }, 120_000);

  it("refuses (exit 2) a missing backup, a folder that holds a database, and PostgreSQL, naming pg_dump", async () => {
    const missing = await cli(["restore", "/nonexistent/backup.tar.gz"]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain("No backup file /nonexistent/backup.tar.gz.");

    const dataDir = freshDataDir();
    mkdirSync(pgliteFolder(dataDir), { recursive: true });
    writeFileSync(join(pgliteFolder(dataDir), "PG_VERSION"), "17\n");
    const file = join(dataDir, "backup.tar.gz");
    writeFileSync(file, new Uint8Array([0x1f, 0x8b]));
    const full = await cli(["restore", file], { DATA_DIR: dataDir });
    expect(full.code).toBe(2);
    expect(full.stderr).toContain("is not empty: a restore goes into a fresh folder only");

    const existing = await cli(["backup", file], { DATA_DIR: dataDir });
    expect(existing.code).toBe(2);
    expect(existing.stderr).toContain("a backup never writes over a file");

    for (const command of ["backup", "restore"]) {
      const pg = await cli([command, file], { DATABASE_URL: "postgres://postgres@127.0.0.1:5432/test" });
      expect(pg.code).toBe(2);
      expect(pg.stderr).toContain("pg_dump -Fc");
      expect(pg.stderr).toContain("pg_restore");
    }
  }, 120_000);

  it("with no database here and no server answering, says where it looked (exit 2)", async () => {
    const dataDir = freshDataDir();
    const run = await cli(["backup", join(dataDir, "b.tar.gz")], { DATA_DIR: dataDir });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(
      `No embedded database in ${pgliteFolder(dataDir)}, and no server answers at http://127.0.0.1:9`,
    );
    expect(readdirSync(dataDir).filter((f) => f.endsWith(".tar.gz") || f.endsWith(".partial"))).toEqual([]);
  }, 60_000);
});

describe("npm run admin -- backup, against a running server, then restore", () => {
  let server: CliServer;
  beforeAll(async () => {
    server = await startCliServer("backup-cli", 180_000);
  }, 200_000);
  afterAll(() => server?.stop());

  it("asks the server for the backup, restores it into a fresh DATA_DIR, and refuses the server's own", async () => {
    const file = join(freshDataDir(), "running.tar.gz");
    const taken = await server.admin(["backup", file]);
    expect(taken.code, taken.stdout + taken.stderr).toBe(0);
    expect(taken.stdout).toContain(`Backed up the running server's database (${server.url}) to ${file}`);

    const busy = await server.admin(["restore", file]);
    expect(busy.code).toBe(2);
    expect(busy.stderr).toMatch(/is open in process|is not empty/);

    const audit = await server.admin(["audit", "--take", "1"]);
    expect(audit.stdout).toMatch(/admin token\s+command line\s+BACKUP\s+database/);

    const dataDir = freshDataDir();
    const restored = await cli(["restore", file], { DATA_DIR: dataDir });
    expect(restored.code, restored.stdout + restored.stderr).toBe(0);
    expect(restored.stdout).toContain(
      `Restored ${file} into ${pgliteFolder(dataDir)} (its migrations were already current)`,
    );
    const database = await openDb({ dataDir });
    try {
      const [row] = await database.withConnection((c) =>
        c.query<{ action: string }>("SELECT action FROM audit_log ORDER BY id DESC LIMIT 1"),
      );
      expect(row?.action).toBe("RESTORE");
    } finally {
      await database.close();
    }
  }, 200_000);
});

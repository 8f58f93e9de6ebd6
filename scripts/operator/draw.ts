// `npm run admin -- draw …`: the season's factory test motorcycle draw, commit and reveal (contract/prizeDraw.ts).
// The secret seed is made here, on the operator's machine, and kept in a file of theirs (never sent before the
// draw); the server stores only its SHA-256 until the draw reveals it. `verify` needs no token: it reads the
// public ticket list and recomputes the winner.
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { adminPrizesCalls, prizesCalls } from "../../contract/calls.prizes";
import { MAX_PAGE_SIZE } from "../../contract/common";
import { commitmentOf, isSeed, verifyDraw, type DrawTicket } from "../../contract/prizeDraw";
import type { PrizeDraw } from "../../contract/prizes";
import { loadConfig } from "../../server/config";
import { OperatorError, type operatorApi } from "./api";

type Api = ReturnType<typeof operatorApi>;

/** Where `draw commit` keeps a season's seed unless --seed-file says otherwise: DATA_DIR/draw-seeds/<season>.seed. */
export const defaultSeedFile = (season: number | "next", env: Record<string, string | undefined> = process.env) =>
  join(loadConfig(env).dataDir, "draw-seeds", `${season}.seed`);

export function describeDraw(draw: PrizeDraw): string {
  const lines = [`Season ${draw.season} motorcycle draw: ${draw.status}`];
  if (draw.commitment)
    lines.push(`  commitment (SHA-256 of the seed): ${draw.commitment}  published ${draw.committedAt}`);
  lines.push(`  tickets: ${draw.ticketCount}${draw.status === "DRAWN" ? " (frozen)" : " so far"}`);
  if (draw.seed) {
    lines.push(
      `  seed: ${draw.seed}`,
      `  tickets digest: ${draw.ticketsDigest}`,
      `  winning ticket: #${draw.winningIndex! + 1} of ${draw.ticketCount}`,
    );
    if (draw.winner) lines.push(`  winner: ${draw.winner.name} (${draw.winner.id}), ticket of ${draw.winner.raceName}`);
  }
  return lines.join("\n");
}

/** Reads the seed from a file written by `draw commit`. */
function readSeed(file: string): string {
  if (!existsSync(file))
    throw new OperatorError(`No seed file at ${file}: pass --seed <64 hex digits> or --seed-file <path>.`);
  const seed = readFileSync(file, "utf8").trim();
  if (!isSeed(seed)) throw new OperatorError(`${file} does not hold a seed (64 lowercase hex digits).`);
  return seed;
}

/** Publishes the commitment of a new secret seed (or of the one already in the seed file: committing again is harmless). */
export async function commitDraw(
  api: Api,
  options: { season?: number; seedFile?: string },
): Promise<{ draw: PrizeDraw; seedFile: string; created: boolean }> {
  const seedFile = options.seedFile ?? defaultSeedFile(options.season ?? (await seasonNow(api)));
  const created = !existsSync(seedFile);
  if (created) {
    mkdirSync(dirname(seedFile), { recursive: true });
    // Only the operator's account may read it: it decides the draw until it is revealed.
    writeFileSync(seedFile, `${randomBytes(32).toString("hex")}\n`, { mode: 0o600, flag: "wx" });
  }
  const seed = readSeed(seedFile);
  const draw = await api.send(adminPrizesCalls.commitDraw, {
    body: { season: options.season, commitment: commitmentOf(seed) },
    admin: true,
  });
  return { draw, seedFile, created };
}

/** Reveals the seed and draws (the same seed again answers the same draw). */
export async function runDraw(
  api: Api,
  options: { season?: number; seed?: string; seedFile?: string },
): Promise<PrizeDraw> {
  const seed = options.seed ?? readSeed(options.seedFile ?? defaultSeedFile(options.season ?? (await seasonNow(api))));
  if (!isSeed(seed)) throw new OperatorError("A seed is 64 lowercase hex digits.");
  return api.send(adminPrizesCalls.runDraw, { body: { season: options.season, seed }, admin: true });
}

/** The public ticket list, every page, with its draw. */
export async function publishedDraw(
  api: Api,
  season?: number,
): Promise<{ draw: PrizeDraw; tickets: DrawTicket[]; frozen: boolean }> {
  const tickets: DrawTicket[] = [];
  for (let page = 1; ; page++) {
    const got = await api.send(prizesCalls.drawTickets, { query: { season, page, take: MAX_PAGE_SIZE } });
    tickets.push(...got.data.map((t) => ({ raceId: t.raceId, userId: t.userId })));
    if (page >= got.pages) return { draw: got.draw, tickets, frozen: got.frozen };
  }
}

/** Recomputes a drawn season's winner from its revealed seed and published list; throws when it does not hold. */
export async function verifyPublishedDraw(api: Api, season?: number): Promise<string> {
  const { draw, tickets, frozen } = await publishedDraw(api, season);
  if (
    draw.status !== "DRAWN" ||
    !frozen ||
    !draw.seed ||
    !draw.commitment ||
    !draw.ticketsDigest ||
    draw.winningIndex === null
  ) {
    throw new OperatorError(`Season ${draw.season}'s draw is ${draw.status}: nothing to verify yet.`);
  }
  const check = verifyDraw({
    commitment: draw.commitment,
    seed: draw.seed,
    tickets,
    ticketsDigest: draw.ticketsDigest,
    winningIndex: draw.winningIndex,
  });
  if (!check.ok)
    throw new OperatorError(`Season ${draw.season}'s draw does NOT verify: ${check.failed.join(", ")} failed.`);
  return [
    `Season ${draw.season}'s draw verifies:`,
    `  SHA-256(seed) = the published commitment ${draw.commitment}`,
    `  ${tickets.length} published tickets, in canonical order, digest ${draw.ticketsDigest}`,
    `  SHA-256(seed ":" digest) mod ${tickets.length} = ${check.winningIndex} → ticket #${check.winningIndex! + 1}: ${tickets[check.winningIndex!]!.userId} (${draw.winner?.name ?? "account deleted"})`,
  ].join("\n");
}

/** The calendar's latest season (what the server uses when none is given). */
async function seasonNow(api: Api): Promise<number> {
  return (await publishedDraw(api)).draw.season;
}

/**
 * The demo's operator step (`npm run simulate`): a season without a commitment gets one, its seed kept in
 * DATA_DIR/draw-seeds, so `npm run admin -- draw run` can draw after any weekend. A published commitment is left alone.
 */
export async function ensureDrawCommitted(api: Api, log: (line: string) => void): Promise<void> {
  const { draw } = await publishedDraw(api);
  if (draw.status !== "NOT_COMMITTED") return;
  const { draw: committed, seedFile } = await commitDraw(api, { season: draw.season });
  log(
    `Motorcycle draw: commitment ${committed.commitment} published for season ${committed.season} (seed kept in ${seedFile}).`,
  );
}

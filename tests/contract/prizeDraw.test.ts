// The motorcycle draw's rule (contract/prizeDraw.ts) against an independent computation with node:crypto: the
// contract's own SHA-256, the canonical order, the digest, the winner, and verifyDraw catching every tampering.
import { createHash, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { commitmentOf, drawWinner, isSeed, verifyDraw, type DrawTicket } from "../../contract/prizeDraw";
import { sha256Hex } from "../../contract/sha256";

const sha = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");
const uuid = () => crypto.randomUUID();

/** The draw recomputed by hand from its published description, with nothing of the contract's. */
function independentWinner(seed: string, tickets: DrawTicket[]) {
  const lines = tickets
    .map((t) => `${t.raceId}:${t.userId}`)
    .toSorted((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
  const digest = sha(lines.join("\n"));
  const index = Number(BigInt(`0x${sha(`${seed}:${digest}`)}`) % BigInt(lines.length));
  return { lines, digest, index };
}

describe("SHA-256", () => {
  it("equals node:crypto on edge lengths and non-ASCII text", () => {
    for (const text of [
      "",
      "abc",
      "a".repeat(55),
      "a".repeat(56),
      "a".repeat(63),
      "a".repeat(64),
      "a".repeat(119),
      "ü日本✓🏍",
      randomBytes(300).toString("base64"),
    ]) {
      expect(sha256Hex(text), text.slice(0, 10)).toBe(sha(text));
    }
  });
});

describe("the draw", () => {
  const tickets = Array.from({ length: 57 }, () => ({ raceId: uuid(), userId: uuid() }));
  const seed = randomBytes(32).toString("hex");

  it("names the ticket an independent computation names, whatever order the tickets come in", () => {
    const expected = independentWinner(seed, tickets);
    for (const order of [tickets, tickets.toReversed(), tickets.toSorted(() => Math.random() - 0.5)]) {
      const outcome = drawWinner(seed, order);
      expect(outcome.ticketsDigest).toBe(expected.digest);
      expect(outcome.winningIndex).toBe(expected.index);
      expect(`${outcome.winner.raceId}:${outcome.winner.userId}`).toBe(expected.lines[expected.index]);
    }
  });

  it("a different seed is a different, but just as reproducible, draw", () => {
    const picks = new Set(
      Array.from({ length: 40 }, () => drawWinner(randomBytes(32).toString("hex"), tickets).winningIndex),
    );
    expect(picks.size).toBeGreaterThan(10);
  });

  it("commits to the seed with its SHA-256 and accepts only 64 lowercase hex digits", () => {
    expect(commitmentOf(seed)).toBe(sha(seed));
    expect(isSeed(seed)).toBe(true);
    expect(isSeed(seed.toUpperCase())).toBe(false);
    expect(isSeed(seed.slice(1))).toBe(false);
  });

  it("refuses an empty list", () => {
    expect(() => drawWinner(seed, [])).toThrow(RangeError);
  });

  describe("verifyDraw", () => {
    const outcome = drawWinner(seed, tickets);
    const published = {
      commitment: sha(seed),
      seed,
      tickets: outcome.ordered,
      ticketsDigest: outcome.ticketsDigest,
      winningIndex: outcome.winningIndex,
    };

    it("verifies an honest draw", () => {
      expect(verifyDraw(published)).toEqual({ ok: true, failed: [], winningIndex: outcome.winningIndex });
    });
    it("catches a seed other than the committed one", () => {
      expect(verifyDraw({ ...published, seed: randomBytes(32).toString("hex") }).failed).toContain(
        "seedMatchesCommitment",
      );
    });
    it("catches a ticket added, removed or moved after the digest", () => {
      expect(
        verifyDraw({ ...published, tickets: [...outcome.ordered, { raceId: "ffffffff", userId: "ffffffff" }] }).failed,
      ).toContain("listMatchesDigest");
      expect(verifyDraw({ ...published, tickets: outcome.ordered.slice(1) }).failed).toContain("listMatchesDigest");
      expect(verifyDraw({ ...published, tickets: outcome.ordered.toReversed() }).failed).toContain(
        "listInCanonicalOrder",
      );
    });
    it("catches a winner other than the recomputed one", () => {
      expect(verifyDraw({ ...published, winningIndex: (outcome.winningIndex + 1) % tickets.length }).failed).toEqual([
        "winnerRecomputed",
      ]);
    });
  });
});

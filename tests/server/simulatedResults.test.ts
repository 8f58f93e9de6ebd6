// The demo weekend's results generator (server/modules/results/simulatedResults.ts): repeatable with a seed,
// every rider classified once, favourites ahead more often, the sprint and race pulled towards the grid, and
// the positions-gained ranking consistent with grid and finish. Pure: no database.
import { describe, expect, it } from "vitest";
import { resultKeys } from "../../contract/results";
import { prng } from "../../server/db/seed/random";
import {
  gainsOf,
  generateClassification,
  generateWeekend,
  gridOf,
  plackettLuce,
  positionsGained,
  weightedPick,
  type Entrant,
} from "../../server/modules/results/simulatedResults";

/** 22 riders from a clear favourite (odds 2.5) to long shots (odds 200). */
const field: Entrant[] = Array.from({ length: 22 }, (_, i) => ({
  id: `r${String(i).padStart(2, "0")}`,
  odds: [2.5, 4, 6, 9, 12, 15, 20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 120, 140, 160, 180, 190, 200][i]!,
}));
const ids = field.map((e) => e.id);

/** Spearman's rank correlation of two orders of the same riders. */
function spearman(a: readonly string[], b: readonly string[]): number {
  const n = a.length;
  const rankB = new Map(b.map((id, i) => [id, i]));
  const d2 = a.reduce((s, id, i) => s + (i - rankB.get(id)!) ** 2, 0);
  return 1 - (6 * d2) / (n * (n * n - 1));
}

describe("generated classifications", () => {
  it("are the same for the same seed and differ for another", () => {
    expect(generateWeekend(field, prng(7))).toEqual(generateWeekend(field, prng(7)));
    expect(generateWeekend(field, prng(7)).START).not.toEqual(generateWeekend(field, prng(8)).START);
  });

  it("classify every entered rider exactly once, in every result key", () => {
    for (let seed = 1; seed <= 20; seed++) {
      const weekend = generateWeekend(field, prng(seed));
      expect(Object.keys(weekend)).toEqual([...resultKeys]);
      for (const key of resultKeys) expect(weekend[key].toSorted()).toEqual(ids);
    }
  });

  it("let favourites win far more often than long shots over many draws", () => {
    const wins = new Map<string, number>();
    const rand = prng(2026);
    const draws = 3000;
    for (let i = 0; i < draws; i++) {
      const winner = generateClassification("START", field, rand)[0]!;
      wins.set(winner, (wins.get(winner) ?? 0) + 1);
    }
    const favourite = wins.get("r00") ?? 0;
    expect(favourite / draws).toBeGreaterThan(0.2);
    expect(favourite).toBeGreaterThan((wins.get("r05") ?? 0) * 2);
    expect(wins.get("r21") ?? 0).toBeLessThan(draws * 0.01);
    // Wins fall with the odds (top five vs bottom five riders).
    const sum = (from: number, to: number) => ids.slice(from, to).reduce((s, id) => s + (wins.get(id) ?? 0), 0);
    expect(sum(0, 5)).toBeGreaterThan(sum(17, 22) * 10);
  });

  it("follow form in practice less strictly than in qualifying", () => {
    const rand = prng(99);
    let practice = 0;
    let quali = 0;
    for (let i = 0; i < 1500; i++) {
      if (generateClassification("FP1", field, rand)[0] === "r00") practice++;
      if (generateClassification("Q2", field, rand)[0] === "r00") quali++;
    }
    expect(practice).toBeLessThan(quali);
  });

  it("pull the sprint and the race towards the qualifying order", () => {
    const rand = prng(5);
    // A grid upside down against the odds: the long shots start at the front.
    const reversed = ids.toReversed();
    let withGrid = 0;
    let againstForm = 0;
    for (let i = 0; i < 300; i++) {
      const race = generateClassification("START", field, rand, { Q2: reversed });
      withGrid += spearman(reversed, race);
      const free = generateClassification("START", field, rand, { Q2: ids });
      againstForm += spearman(reversed, free);
    }
    // Starting at the front helps: the same riders finish far closer to the reversed order when it is the grid.
    expect(withGrid / 300).toBeGreaterThan(againstForm / 300 + 0.15);
    // And the weekend's own qualifying correlates with its sprint and race.
    let rho = 0;
    for (let seed = 1; seed <= 200; seed++) {
      const w = generateWeekend(field, prng(seed));
      rho += (spearman(w.Q2, w.SPRINT) + spearman(w.Q2, w.START)) / 2;
    }
    expect(rho / 200).toBeGreaterThan(0.5);
  });

  it("reuse a known grid and finish, and rank positions gained from them", () => {
    const rand = prng(11);
    for (let i = 0; i < 50; i++) {
      const grid = plackettLuce(ids, () => 0, rand);
      const finish = generateClassification("START", field, rand, { Q2: grid });
      const gained = generateClassification("POSITION_GAINED", field, rand, { Q2: grid, START: finish });
      expect(gained).toEqual(positionsGained(grid, finish));
      const gains = gainsOf(grid, finish);
      // Best first: places gained never increase down the ranking, and ties go to the better finisher.
      for (let k = 1; k < gained.length; k++) {
        const [a, b] = [gains.get(gained[k - 1]!)!, gains.get(gained[k]!)!];
        expect(a).toBeGreaterThanOrEqual(b);
        if (a === b) expect(finish.indexOf(gained[k - 1]!)).toBeLessThan(finish.indexOf(gained[k]!));
      }
      // Gains and losses balance out over a full field.
      expect([...gains.values()].reduce((s, g) => s + g, 0)).toBe(0);
    }
  });

  it("compute positions gained by hand", () => {
    // C started last and won: +2; A from pole to second: −1; B from second to third: −1 (A finished ahead).
    expect(positionsGained(["A", "B", "C"], ["C", "A", "B"])).toEqual(["C", "A", "B"]);
    // A finisher missing from the grid started from the back.
    expect(gainsOf(["A", "B"], ["X", "A", "B"]).get("X")).toBe(2);
  });

  it("keep a grid to the riders still entered, newcomers at the back", () => {
    const entrants = field.slice(0, 3);
    expect(gridOf(["r02", "gone", "r00"], entrants)).toEqual(["r02", "r00", "r01"]);
  });

  it("refuse an empty field or a rider entered twice", () => {
    expect(() => generateClassification("FP1", [], prng(1))).toThrow();
    expect(() => generateClassification("FP1", [field[0]!, field[0]!], prng(1))).toThrow();
  });

  it("weighted picks follow their weights", () => {
    const rand = prng(3);
    let heavy = 0;
    for (let i = 0; i < 2000; i++) if (weightedPick(["a", "b"], (x) => (x === "a" ? 9 : 1), rand) === "a") heavy++;
    expect(heavy / 2000).toBeGreaterThan(0.85);
    expect(heavy / 2000).toBeLessThan(0.95);
  });
});

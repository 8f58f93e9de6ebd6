import { BaseSequencer, type TestSpecification } from "vitest/node";

// The e2e files that take longest (as last measured, three at a time) start first, so the run ends when the three
// lanes do instead of with one long file running alone. vitest would order them by its cache of earlier runs, which
// a fresh clone does not have, and otherwise by size, which puts the path walks (short files that play a browser
// page per path) last. A file not named here keeps vitest's own order, after these.
const LONGEST = [
  "tests/e2e/a11y.test.ts",
  "tests/e2e/paths/leagueJoin.test.ts",
  "tests/e2e/paths/predictionChange.test.ts",
  "tests/e2e/paths/betPlacement.test.ts",
  "tests/e2e/overflow.test.ts",
  "tests/e2e/staff.test.ts",
  "tests/e2e/session.test.ts",
  "tests/e2e/paths/purchase.test.ts",
];

function rank(file: TestSpecification): number {
  const at = LONGEST.findIndex((name) => file.moduleId.endsWith(name));
  return at < 0 ? LONGEST.length : at;
}

export class LongFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    // oxlint-disable-next-line unicorn/no-array-sort -- BaseSequencer's sort, which returns a new array
    const ordered = await super.sort(files);
    // toSorted is stable: files of equal rank keep vitest's order.
    return ordered.toSorted((a, b) => rank(a) - rank(b));
  }
}

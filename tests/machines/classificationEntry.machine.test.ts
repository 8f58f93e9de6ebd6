import { describe, expect, it } from "vitest";
import { resolveNumbers, resolutionValid } from "../../machines/classificationEntry.machine";

// The classification entry's paths are walked on the race-control page's Entry panel itself
// (tests/views/paths/classificationEntry.paths.test.tsx), with the coverage of every transition and the preview and
// commit each sends; these are the rules of the typed numbers its paths do not spell out.
const riders = [
  { id: "r93", number: 93, name: "Marc Marquez", out: false },
  { id: "r41", number: 41, name: "Aleix Espargaro", out: false },
  { id: "r12", number: 12, name: "Maverick Viñales", out: false },
  { id: "r36", number: 36, name: "Joan Mir", out: true },
];

describe("Race numbers resolve to the weekend's riders", () => {
  it("keeps the typed order, and names unknown, repeated and injured numbers", () => {
    expect(resolveNumbers("93, 41;12", riders).riders.map((r) => r.id)).toEqual(["r93", "r41", "r12"]);
    const wrong = resolveNumbers("93 7 x 93 36", riders);
    expect(wrong.unknown).toEqual(["7", "x"]);
    expect(wrong.duplicates).toEqual([93]);
    expect(wrong.out).toEqual([36]);
    expect(resolutionValid(wrong)).toBe(false);
    expect(resolutionValid(resolveNumbers("", riders))).toBe(false);
    expect(resolutionValid(resolveNumbers("#93 41", riders))).toBe(true);
  });
});

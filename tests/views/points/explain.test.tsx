// Why each point on the Results card: every scored pick says, as text, the rule that gave its points (exact,
// insurance's share, the multiplier, canceled), in the player's language; after a correction it shows before and now.
import { screen, within } from "@testing-library/react";
import axe from "axe-core";
import { afterEach, describe, expect, it } from "vitest";
import type { PredictionCategory } from "../../../contract/enums";
import type { SavedPick } from "../../../contract/predictions";
import type { RaceRider } from "../../../contract/races";
import type { RaceResults } from "../../../contract/results";
import { i18n } from "../../../src/i18n/i18n";
import { ResultCard } from "../../../src/screens/results/ResultCard";
import { renderWithApp } from "../renderWithApp";

type Classification = RaceResults["classifications"][number];

const team = {
  id: "t1",
  name: "Borgo Panigale Factory",
  shortName: "BP",
  manufacturer: "DUCATI",
  raceClass: "MOTOGP",
  colour: "#c00",
  image: "/t1.svg",
};
const rider = (id: string, name: string, number: number) =>
  ({
    id,
    name,
    number,
    country: "IT",
    status: "ACTIVE",
    role: "MAIN",
    raceClass: "MOTOGP",
    team,
    image: `/${id}.svg`,
    odds: 3.5,
    available: true,
  }) as unknown as RaceRider;
const riders = new Map(
  [
    rider("r1", "Marco Bellini", 63),
    rider("r2", "Álvaro Núñez", 93),
    rider("r3", "Kenji Sato", 7),
    rider("r4", "Luca Ferri", 51),
  ].map((r) => [r.id, r]),
);

const pick = (
  category: PredictionCategory,
  riderId: string,
  state: SavedPick["state"],
  points: number | null,
  over: Partial<SavedPick> = {},
): SavedPick => ({
  id: `p-${category}`,
  category,
  riderId,
  state,
  points,
  upgrades: [],
  savedAt: "2026-03-10T10:00:00.000Z",
  changes: 0,
  riderAvailable: true,
  ...over,
});
const race: Classification = {
  session: "START",
  canceled: false,
  riderIds: ["r4", "r2", "r1"],
  enteredAt: "2026-03-15T14:00:00.000Z",
  correctedAt: null,
} as Classification;
const sprint: Classification = { ...race, session: "SPRINT", riderIds: ["r1", "r2", "r3"] };

function show(p: SavedPick, classification: Classification | undefined) {
  return renderWithApp(
    <ul>
      <ResultCard pick={p} classification={classification} riders={riders} />
    </ul>,
  );
}
const lines = () =>
  within(screen.getByTestId("pick-explanation"))
    .queryAllByRole("listitem")
    .map((li) => li.textContent);

afterEach(async () => {
  await i18n.changeLanguage("en");
});

describe("each scored pick says the rule that gave its points", () => {
  // The file's first render warms the card's modules: seconds on a busy box.
  it("exact: finished P2, picked P2: 15", () => {
    show(pick("RACE_SECOND", "r2", "ACCURATE", 15), race);
    expect(screen.getByRole("list", { name: "How it scored" })).toBeTruthy();
    expect(lines()).toEqual(["Finished P2, picked P2, exact: 15 pts"]);
  }, 20_000);

  it("the multiplier: 15, then ×2: 30", () => {
    show(pick("SPRINT_FIRST", "r1", "ACCURATE", 30, { upgrades: ["PREDICTION"] }), sprint);
    expect(lines()).toEqual(["Finished P1, picked P1, exact: 15 pts", "×2 multiplier: 30 pts"]);
  });

  it("insurance: finished P1, picked P3: 50% of 10 = 5", () => {
    show(pick("RACE_THIRD", "r4", "INSURANCE", 5, { upgrades: ["PREDICTION_INSURANCE_RACE"] }), race);
    expect(lines()).toEqual(["Insurance: finished P1, picked P3: 50% of 10 = 5 pts"]);
  });

  it("a miss, a rider not classified and a canceled session say why they scored nothing", () => {
    const { unmount } = show(pick("RACE_FIRST", "r2", "INACCURATE", 0), race);
    expect(lines()).toEqual(["Finished P2, picked P1, not exact: 0 pts"]);
    unmount();
    const second = show(pick("RACE_FIRST", "r3", "INACCURATE", 0), race);
    expect(lines()).toEqual(["Not classified, picked P1: 0 pts"]);
    second.unmount();
    show(pick("RACE_FIRST", "r3", "CANCELED", 0), { ...race, canceled: true, riderIds: [] });
    expect(lines()).toEqual(["Session canceled, nothing scores: 0 pts"]);
  });

  it("a pick still waiting for its result has no explanation", () => {
    show(pick("RACE_FIRST", "r3", "MADE", null), undefined);
    expect(screen.queryByTestId("pick-explanation")).toBeNull();
  });

  it("a classification that does not give the pick's own score shows no steps that add up to other points", () => {
    show(pick("RACE_FIRST", "r4", "INACCURATE", 0), race);
    expect(screen.queryByTestId("pick-explanation")).toBeNull();
  });

  it("speaks the player's language (German), numbers included", async () => {
    await i18n.changeLanguage("de");
    show(
      pick("RACE_FIRST", "r2", "INSURANCE", 25, { upgrades: ["PREDICTION_RACE", "PREDICTION_INSURANCE_RACE"] }),
      race,
    );
    expect(screen.getByRole("list", { name: "So wurde gewertet" })).toBeTruthy();
    expect(lines()).toEqual([
      "Versicherung: ins Ziel als P2, getippt P1: 50 % von 25 = 12,5 Pkt.",
      "×2-Multiplikator: 25 Pkt.",
    ]);
  });
});

describe("after a correction the card shows before and now", () => {
  it("P3 → P2 after the stewards: 10 → 15, with the explanation of now", () => {
    show(pick("RACE_SECOND", "r2", "ACCURATE", 15, { before: { state: "INACCURATE", points: 0 } }), race);
    expect(lines()).toEqual(["Finished P2, picked P2, exact: 15 pts"]);
    expect(screen.getByTestId("pick-correction").textContent).toBe(
      "Corrected by the stewards: before Inaccurate, 0 pts → now Accurate, 15 pts",
    );
  });

  it("with the rider's place before (kept since places are) beside the place now", () => {
    show(pick("RACE_SECOND", "r2", "ACCURATE", 15, { before: { state: "INACCURATE", points: 0, finished: 3 } }), race);
    expect(screen.getByTestId("pick-correction").textContent).toBe(
      "Corrected by the stewards: before P3, Inaccurate, 0 pts → now P2, Accurate, 15 pts",
    );
  });

  it("a rider the correction took out of the classification, or brought into it, says so", async () => {
    const { unmount } = show(
      pick("RACE_FIRST", "r3", "INACCURATE", 0, { before: { state: "ACCURATE", points: 25, finished: 1 } }),
      race,
    );
    expect(screen.getByTestId("pick-correction").textContent).toBe(
      "Corrected by the stewards: before P1, Accurate, 25 pts → now not classified, Inaccurate, 0 pts",
    );
    unmount();
    await i18n.changeLanguage("ja");
    show(
      pick("RACE_SECOND", "r2", "ACCURATE", 15, { before: { state: "INACCURATE", points: 0, finished: null } }),
      race,
    );
    expect(screen.getByTestId("pick-correction").textContent).toBe(
      "スチュワードによる訂正：以前 順位なし、不的中、0 pt → 現在 2位、的中、15 pt",
    );
  });

  it("in Japanese too", async () => {
    await i18n.changeLanguage("ja");
    show(pick("RACE_SECOND", "r2", "ACCURATE", 15, { before: { state: "ACCURATE", points: 30 } }), race);
    expect(screen.getByTestId("pick-correction").textContent).toBe(
      "スチュワードによる訂正：以前 的中、30 pt → 現在 的中、15 pt",
    );
  });

  it("a before equal to now, null or absent is no correction", () => {
    const { unmount } = show(
      pick("RACE_SECOND", "r2", "ACCURATE", 15, { before: { state: "ACCURATE", points: 15 } }),
      race,
    );
    expect(screen.queryByTestId("pick-correction")).toBeNull();
    unmount();
    show(pick("RACE_SECOND", "r2", "ACCURATE", 15, { before: null }), race);
    expect(screen.queryByTestId("pick-correction")).toBeNull();
  });
});

describe("the explanation is accessible", () => {
  it("axe finds nothing on a card with steps and a correction", async () => {
    const { container } = show(
      pick("RACE_FIRST", "r2", "INSURANCE", 25, {
        upgrades: ["PREDICTION_RACE", "PREDICTION_INSURANCE_RACE"],
        before: { state: "INACCURATE", points: 0 },
      }),
      race,
    );
    const result = await axe.run(container, { rules: { "color-contrast": { enabled: false } } });
    expect(result.violations.map((v) => v.id)).toEqual([]);
  }, 20_000);
});

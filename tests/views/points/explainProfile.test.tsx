// Why each point on a profile: "last weekend's points" lists the viewed player's scored picks of the latest started
// race, each with the rules that gave its points, from the picks read the profile already uses; nothing when the
// viewer may not see the player's picks.
import { screen, within } from "@testing-library/react";
import axe from "axe-core";
import { afterEach, describe, expect, it } from "vitest";
import type { PlayerRacePicks } from "../../../contract/gurus";
import type { RaceOption } from "../../../contract/races";
import { i18n } from "../../../src/i18n/i18n";
import { PlayerWeekendPoints } from "../../../src/features/points/PlayerWeekendPoints";
import { json } from "../fixtures";
import { renderWithApp, resetApp } from "../renderWithApp";
import { stubRoutes } from "../screens/stubRoutes";

afterEach(async () => {
  resetApp();
  await i18n.changeLanguage("en");
});

/** The first render of a file warms the screen's modules, and axe walks the whole tree: on a busy 2-core box both take seconds. */
const AXE_MS = 20_000;
const ok = (result: unknown) => json(200, { result });
const races: RaceOption[] = [
  {
    id: "R1",
    name: "Qatar Grand Prix",
    season: 2026,
    round: 1,
    startsAt: "2026-03-01T10:00:00.000Z",
    status: "STARTED",
    finished: true,
  },
  {
    id: "R2",
    name: "Portuguese Grand Prix",
    season: 2026,
    round: 2,
    startsAt: "2099-03-15T10:00:00.000Z",
    status: "PENDING",
    finished: false,
  },
];
const team = {
  id: "t1",
  name: "Borgo Panigale Factory",
  shortName: "BP",
  manufacturer: "DUCATI",
  raceClass: "MOTOGP",
  colour: "#c00",
  image: "/t1.svg",
};
const rider = (id: string, name: string, number: number) => ({
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
});
const picks: PlayerRacePicks["picks"] = [
  {
    category: "FP1",
    revealed: true,
    riderId: "r1",
    picked: true,
    score: { state: "ACCURATE", points: 10, upgrades: ["PREDICTION"] },
  },
  {
    category: "RACE_THIRD",
    revealed: true,
    riderId: "r3",
    picked: true,
    score: { state: "INSURANCE", points: 5, upgrades: ["PREDICTION_INSURANCE_RACE"] },
  },
  { category: "RACE_FIRST", revealed: true, riderId: "r2", picked: true },
  { category: "SPRINT_FIRST", revealed: false, riderId: null, picked: true },
];
const classifications = [
  { session: "FP1", canceled: false, riderIds: ["r1", "r2"], enteredAt: "2026-03-13T12:00:00.000Z", correctedAt: null },
  {
    session: "START",
    canceled: false,
    riderIds: ["r3", "r2", "r1"],
    enteredAt: "2026-03-15T14:00:00.000Z",
    correctedAt: null,
  },
];

function open(status = 200) {
  const calls = stubRoutes((call) => {
    if (call.path === "/api/v2/races/dropdown") return ok(races);
    if (call.path === "/api/users/u2/predictions/races/R1") {
      return status === 200
        ? ok({ raceId: "R1", user: { id: "u2", name: "Guru", img: null, isGuru: true }, picks })
        : json(403, { statusCode: 403, code: "forbidden", message: "Forbidden" });
    }
    if (call.path === "/api/results/races/R1")
      return ok({ raceId: "R1", classifications, confirmedAt: null, provisional: true });
    if (call.path === "/api/v2/races/R1/riders")
      return ok({
        raceId: "R1",
        version: 1,
        riders: [rider("r1", "Marco Bellini", 63), rider("r2", "Álvaro Núñez", 93), rider("r3", "Kenji Sato", 7)],
      });
    return undefined;
  });
  const view = renderWithApp(<PlayerWeekendPoints viewer="u1" userId="u2" />);
  return { calls, ...view };
}

describe("a profile's last weekend's points say why each scored pick scored", () => {
  it(
    "the latest started race, its scored picks in weekend order with their rules, and the total",
    async () => {
      const { container } = open();
      const section = await screen.findByRole("region", { name: "Last weekend's points: Qatar Grand Prix" });
      await within(section).findByText("Total: 15 pts");
      // Scored picks only (the unscored race winner and the still hidden sprint are not listed), in weekend order.
      const rows = within(section)
        .getAllByRole("listitem")
        .filter((li) => li.parentElement?.parentElement === section);
      expect(rows.map((li) => li.firstElementChild?.firstElementChild?.textContent)).toEqual([
        i18n.t("predictions:category.FP1"),
        i18n.t("predictions:category.RACE_THIRD"),
      ]);
      const [fp1, third] = within(section).getAllByRole("list", { name: "How it scored" });
      expect(
        within(fp1!)
          .getAllByRole("listitem")
          .map((li) => li.textContent),
      ).toEqual(["Finished P1, picked P1, exact: 5 pts", "×2 multiplier: 10 pts"]);
      expect(
        within(third!)
          .getAllByRole("listitem")
          .map((li) => li.textContent),
      ).toEqual(["Insurance: finished P1, picked P3: 50% of 10 = 5 pts"]);
      const result = await axe.run(container, { rules: { "color-contrast": { enabled: false } } });
      expect(result.violations.map((v) => v.id)).toEqual([]);
    },
    AXE_MS,
  );

  it("in Spanish", async () => {
    await i18n.changeLanguage("es");
    open();
    const section = await screen.findByTestId("weekend-points");
    await within(section).findByText("Total: 15 ptos.");
    expect(within(section).getByText("Seguro: terminó P1, elegiste P3: 50 % de 10 = 5 ptos.")).toBeTruthy();
  });

  it("nothing when the viewer may not see the player's picks", async () => {
    const { calls } = open(403);
    await expect.poll(() => calls.some((c) => c.path === "/api/users/u2/predictions/races/R1")).toBe(true);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId("weekend-points")).toBeNull();
  });
});

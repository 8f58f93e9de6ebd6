import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { Route } from "wouter";
import type { PredictionStatistics } from "../../../contract/predictions";
import type { RiderPerformances as Performances } from "../../../contract/races";
import { ModalHost } from "../../../src/app/ModalHost";
import { paths } from "../../../src/config/paths";
import PredictionsScreen from "../../../src/screens/predictions/PredictionsScreen";
import { json } from "../fixtures";
import { renderWithApp, resetApp, signInForTest } from "../renderWithApp";
import { stubRoutes, type Call } from "../screens/stubRoutes";
import { ok, pick, RACE_ID, routes, world } from "./predictionFixtures";

// The PredictionRider modal, opened from a pick card: the rider's recent form and the crowd's
// share for the card's category, which the server sends only once the category's session started.

afterEach(resetApp);

const performances: Performances = {
  riderId: "r1",
  year: 2026,
  seasons: [2026],
  totals: { starts: 7, points: 88, wins: 1, podiums: 3, bestPosition: 1 },
  races: [1, 2, 3, 4, 5, 6, 7].map((round) => ({
    year: 2026,
    round,
    raceName: `Grand Prix ${round}`,
    position: round === 6 ? null : round,
    points: round === 6 ? 0 : 26 - round,
  })),
};

const statistics = (revealed: boolean): PredictionStatistics => ({
  raceId: RACE_ID,
  version: 3,
  categories: [
    {
      category: "RACE_FIRST",
      total: 8,
      revealed,
      riders: revealed
        ? [
            { riderId: "r2", count: 6, share: 0.75 },
            { riderId: "r1", count: 2, share: 0.25 },
          ]
        : [],
    },
  ],
});

type Answers = { stats?: (call: Call) => Response; form?: (call: Call) => Response };

async function open(answers: Answers) {
  await signInForTest();
  const w = world({
    picks: [pick("RACE_FIRST", "r1")],
    extra: (call) => {
      if (call.path === `/api/predictions/statistics/races/${RACE_ID}`)
        return answers.stats?.(call) ?? ok(statistics(false));
      if (call.path === "/api/riders/r1/performances") return answers.form?.(call) ?? ok(performances);
      return undefined;
    },
  });
  const calls = stubRoutes(routes(w));
  renderWithApp(
    <>
      <Route path={paths.predictions}>
        <PredictionsScreen />
      </Route>
      <ModalHost />
    </>,
    { path: "/predictions" },
  );
  await screen.findByText(/^Predictions made:/);
  return calls;
}

const openModal = async () => {
  fireEvent.click(await screen.findByRole("button", { name: "Form and picks (Race winner)" }));
  return screen.findByRole("dialog", { name: "Marco Bellini: form and picks" });
};

describe("the PredictionRider modal", () => {
  it("opens from a card with a rider only, and shows the rider's season totals and latest five races, newest first", async () => {
    await open({});
    expect(screen.getAllByRole("button", { name: /^Form and picks \(/ })).toHaveLength(1);
    const modal = await openModal();
    expect(await within(modal).findByRole("heading", { name: "Recent form in 2026" })).toBeTruthy();
    const stat = (term: string) => within(modal).getByText(term).nextElementSibling?.textContent;
    expect([stat("Points"), stat("Starts"), stat("Wins"), stat("Podiums"), stat("Best finish")]).toEqual([
      "88",
      "7",
      "1",
      "3",
      "P1",
    ]);
    const rows = within(within(modal).getByRole("list"))
      .getAllByRole("listitem")
      .map((li) => li.textContent);
    expect(rows).toEqual([
      "Round 7 · Grand Prix 7P7 · 19 pts",
      "Round 6 · Grand Prix 6Did not finish · 0 pts",
      "Round 5 · Grand Prix 5P5 · 21 pts",
      "Round 4 · Grand Prix 4P4 · 22 pts",
      "Round 3 · Grand Prix 3P3 · 23 pts",
    ]);
  });

  it("before the session starts it says only how many picked, asking for the card's category", async () => {
    const calls = await open({});
    const modal = await openModal();
    expect(
      await within(modal).findByText("Picks so far: 8. Who picked which rider shows once the session starts."),
    ).toBeTruthy();
    expect(within(modal).queryByText(/^Picked this rider/)).toBeNull();
    expect(within(modal).queryByRole("meter")).toBeNull();
    const asked = calls.find((c) => c.path === `/api/predictions/statistics/races/${RACE_ID}`)!;
    expect(new URLSearchParams(asked.search).get("typeId")).toBe("RACE_FIRST");
  });

  it("once revealed, shows this rider's share of the category's picks", async () => {
    await open({ stats: () => ok(statistics(true)) });
    const modal = await openModal();
    expect(await within(modal).findByText("Picked this rider: 25% (2 of 8 picks)")).toBeTruthy();
    expect(
      (within(modal).getByRole("meter", { name: "Share of the Race winner picks" }) as HTMLMeterElement).value,
    ).toBe(0.25);
  });

  it("says so when nobody picked the category, and closes with OK", async () => {
    await open({
      stats: () =>
        ok({ ...statistics(true), categories: [{ category: "RACE_FIRST", total: 0, revealed: true, riders: [] }] }),
    });
    const modal = await openModal();
    expect(await within(modal).findByText("Nobody picked this category.")).toBeTruthy();
    fireEvent.click(within(modal).getByRole("button", { name: "OK" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("shows each part's error with a retry that reads it again", async () => {
    let fail = true;
    const failing = (body: unknown) => () =>
      fail ? json(500, { statusCode: 500, code: "somethingWentWrong", message: "Something went wrong." }) : ok(body);
    await open({ stats: failing(statistics(false)), form: failing(performances) });
    const modal = await openModal();
    expect(await within(modal).findByText("The crowd's picks could not be loaded.", { exact: false })).toBeTruthy();
    expect(await within(modal).findByText("The rider's form could not be loaded.", { exact: false })).toBeTruthy();
    fail = false;
    for (const retry of within(modal).getAllByRole("button", { name: "Try again" })) fireEvent.click(retry);
    expect(await within(modal).findByText(/^Picks so far: 8\./)).toBeTruthy();
    expect(await within(modal).findByRole("heading", { name: "Recent form in 2026" })).toBeTruthy();
  });
});

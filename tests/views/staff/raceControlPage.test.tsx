// /staff/race-control (operators): the chosen weekend's timeline with states and countdowns, an FP1 classification
// typed as race numbers (unknown and repeated numbers named, nothing sent), the server's preview before the commit,
// a refusal in the operator's language, and its load error; axe finds nothing.
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import axe from "axe-core";
import { afterEach, describe, expect, it } from "vitest";
import type { RaceControl, ResultPreview } from "../../../contract/operations";
import { i18n } from "../../../src/i18n/i18n";
import RaceControlPage from "../../../src/screens/staff/RaceControlPage";
import { json } from "../fixtures";
import { renderWithApp, resetApp, signInForTest } from "../renderWithApp";
import { stubRoutes, type Call } from "../screens/stubRoutes";

afterEach(async () => {
  resetApp();
  await act(() => i18n.changeLanguage("en"));
});

const RACE = "0a000000-0000-4000-8000-000000000012";
const races = [{ id: RACE, name: "Dutch TT", season: 2026, round: 12, startsAt: "2026-06-26T09:00:00.000Z", status: "STARTED", finished: false }];
const at = (h: number) => `2026-06-26T${String(h).padStart(2, "0")}:00:00.000Z`;
const control: RaceControl = {
  raceId: RACE,
  name: "Dutch TT",
  round: 12,
  season: 2026,
  timeZone: "Europe/Amsterdam",
  now: at(10),
  canceled: false,
  confirmedAt: null,
  confirmsAt: null,
  sessions: [
    { type: "FP1", startsAt: at(8), endsAt: at(9), state: "ENDED", results: [{ key: "FP1", entered: false, canceled: false, corrected: false, riderIds: [] }] },
    { type: "START", startsAt: at(13), endsAt: at(14), state: "UPCOMING", results: [{ key: "START", entered: false, canceled: false, corrected: false, riderIds: [] }] },
  ],
  riders: [
    { id: "0a000000-0000-4000-8000-000000000093", number: 93, name: "Marc Marquez", role: "MAIN", out: false, replaces: null },
    { id: "0a000000-0000-4000-8000-000000000041", number: 41, name: "Aleix Espargaro", role: "MAIN", out: false, replaces: null },
  ],
};
const preview: ResultPreview = { raceId: RACE, session: "FP1", picks: 7, players: 3, points: 35, moved: 3, bets: 0, betsWon: 0, payout: 0, refunded: 0, questions: 0 };

async function open(answer: (c: Call) => Response | undefined) {
  await signInForTest();
  const calls = stubRoutes((c) => {
    if (c.path === "/api/v2/races/dropdown") return json(200, { result: races });
    if (c.path === "/api/races/next") return json(200, { result: [] });
    return answer(c);
  });
  renderWithApp(<RaceControlPage />, { path: "/staff/race-control" });
  return calls;
}

describe("the race control page", () => {
  it("shows the timeline, resolves race numbers, previews before it commits, and shows a refusal translated", async () => {
    const calls = await open((c) => {
      if (c.path === `/api/admin/races/${RACE}/control`) return json(200, { result: control });
      if (c.path === `/api/admin/races/${RACE}/results/preview`) return json(200, { result: preview });
      if (c.path === `/api/admin/races/${RACE}/results`) return json(409, { statusCode: 409, code: "weekendConfirmed", message: "weekendConfirmed" });
      return undefined;
    });
    const fp1 = await screen.findByTestId("session-FP1", {}, { timeout: 10_000 });
    expect(within(fp1).getByTestId("session-state").textContent).toBe("Ended");
    expect(within(screen.getByTestId("session-START")).getByRole("timer").textContent).toMatch(/^0[23]:\d{2}:\d{2}$/);
    fireEvent.click(within(fp1).getByRole("button", { name: "Enter FP1 classification" }));
    const numbers = await screen.findByRole("textbox", { name: "Race numbers in finishing order" });
    fireEvent.change(numbers, { target: { value: "93 93 7" } });
    fireEvent.click(screen.getByRole("button", { name: "Preview" }));
    expect(numbers.getAttribute("aria-invalid")).toBe("true");
    expect(calls.some((c) => c.path.endsWith("/results/preview"))).toBe(false);
    fireEvent.change(numbers, { target: { value: "41 93" } });
    expect(within(screen.getByTestId("resolved-riders")).getAllByRole("listitem").map((li) => li.textContent)).toEqual(["41 Aleix Espargaro", "93 Marc Marquez"]);
    fireEvent.click(screen.getByRole("button", { name: "Preview" }));
    const shown = await screen.findByTestId("result-preview");
    expect(shown.textContent).toContain("7 picks of 3 players");
    expect(calls.some((c) => c.path.endsWith("/results"))).toBe(false);
    fireEvent.click(screen.getByRole("button", { name: "Enter the classification" }));
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe(i18n.t("errors:weekendConfirmed")));
    const results = await axe.run(document.body, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa"] } });
    expect(results.violations.map((v) => v.id)).toEqual([]);
  });

  it("says so when the weekend cannot be read", async () => {
    await open((c) => (c.path === `/api/admin/races/${RACE}/control` ? json(404, { statusCode: 404, code: "notFound", message: "notFound" }) : undefined));
    expect(await screen.findByText("The weekend could not be loaded.", {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Try again" })).toBeTruthy();
  });
});

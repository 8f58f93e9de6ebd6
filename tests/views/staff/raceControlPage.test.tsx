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
const races = [
  {
    id: RACE,
    name: "Dutch TT",
    season: 2026,
    round: 12,
    startsAt: "2026-06-26T09:00:00.000Z",
    status: "STARTED",
    finished: false,
  },
];
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
    {
      type: "FP1",
      startsAt: at(8),
      endsAt: at(9),
      state: "ENDED",
      results: [{ key: "FP1", entered: false, canceled: false, corrected: false, riderIds: [] }],
    },
    {
      type: "START",
      startsAt: at(13),
      endsAt: at(14),
      state: "UPCOMING",
      results: [{ key: "START", entered: false, canceled: false, corrected: false, riderIds: [] }],
    },
  ],
  riders: [
    {
      id: "0a000000-0000-4000-8000-000000000093",
      number: 93,
      name: "Marc Marquez",
      role: "MAIN",
      out: false,
      replaces: null,
    },
    {
      id: "0a000000-0000-4000-8000-000000000041",
      number: 41,
      name: "Aleix Espargaro",
      role: "MAIN",
      out: false,
      replaces: null,
    },
  ],
};
const preview: ResultPreview = {
  raceId: RACE,
  session: "FP1",
  picks: 7,
  players: 3,
  points: 35,
  moved: 3,
  bets: 0,
  betsWon: 0,
  payout: 0,
  refunded: 0,
  questions: 0,
};

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
      if (c.path === `/api/admin/races/${RACE}/results`)
        return json(409, { statusCode: 409, code: "weekendConfirmed", message: "weekendConfirmed" });
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
    expect(
      within(screen.getByTestId("resolved-riders"))
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["41 Aleix Espargaro", "93 Marc Marquez"]);
    fireEvent.click(screen.getByRole("button", { name: "Preview" }));
    const shown = await screen.findByTestId("result-preview");
    expect(shown.textContent).toContain("7 picks of 3 players");
    expect(calls.some((c) => c.path.endsWith("/results"))).toBe(false);
    fireEvent.click(screen.getByRole("button", { name: "Enter the classification" }));
    await waitFor(() => expect(screen.getByRole("alert").textContent).toBe(i18n.t("errors:weekendConfirmed")));
    const results = await axe.run(document.body, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa"] } });
    expect(results.violations.map((v) => v.id)).toEqual([]);
  });

  it("brings in a new rider as a wildcard: the contract's errors under the fields, nothing sent until they hold, a refusal translated, then the entry list tags them", async () => {
    const team = {
      id: "0a000000-0000-4000-8000-0000000000a1",
      name: "Aprilia Racing",
      shortName: "APR",
      manufacturer: "APRILIA",
      raceClass: "MOTOGP",
      colour: "#41b6e6",
      image: "",
      riders: [],
    };
    const countries = [
      { code: "IT", name: "Italy", sign: "🇮🇹" },
      { code: "ES", name: "Spain", sign: "🇪🇸" },
    ];
    let entered: RaceControl = control;
    let refuse = true;
    const calls = await open((c) => {
      if (c.path === `/api/admin/races/${RACE}/control`) return json(200, { result: entered });
      if (c.path === "/api/riders/teams") return json(200, { result: [team] });
      if (c.path === "/api/system/countries") return json(200, { result: countries });
      if (c.path === `/api/admin/races/${RACE}/entries`) {
        if (refuse) return json(409, { statusCode: 409, code: "riderOnEntryList", message: "riderOnEntryList" });
        const body = c.body as { riderId: string; newRider: { name: string; number: number } };
        entered = {
          ...control,
          riders: [
            ...control.riders,
            {
              id: body.riderId,
              number: body.newRider.number,
              name: body.newRider.name,
              role: "WILDCARD",
              out: false,
              replaces: null,
            },
          ],
        };
        return json(200, {
          result: {
            raceId: RACE,
            riderId: body.riderId,
            role: "WILDCARD",
            replaces: null,
            invalidated: 0,
            refunded: 0,
            replayed: false,
          },
        });
      }
      return undefined;
    });
    fireEvent.click(await screen.findByRole("button", { name: "Add a wildcard" }, { timeout: 10_000 }));
    const panel = await screen.findByTestId("action-panel");
    fireEvent.change(within(panel).getByRole("combobox", { name: "Rider" }), { target: { value: "new" } });
    const form = within(within(panel).getByRole("group", { name: "New rider" }));
    const number = form.getByRole("textbox", { name: "Race number" });
    const name = form.getByRole("textbox", { name: "Name" });
    const teamSelect = form.getByRole("combobox", { name: "Team" });
    const country = form.getByRole("combobox", { name: "Country" });
    // Nothing typed: every field says it is required, tied to its field, and nothing is sent.
    fireEvent.click(within(panel).getByRole("button", { name: "Add the wildcard" }));
    for (const field of [number, name, teamSelect, country]) {
      expect(field.getAttribute("aria-invalid")).toBe("true");
      expect(document.getElementById(field.getAttribute("aria-describedby")!)?.textContent).toBe(
        "This is a required field",
      );
    }
    fireEvent.change(number, { target: { value: "1000" } });
    fireEvent.change(name, { target: { value: "  Lorenzo Savadori " } });
    expect(document.getElementById(number.getAttribute("aria-describedby")!)?.textContent).toBe(
      "Race number must be less than or equal to 999",
    );
    expect(name.getAttribute("aria-invalid")).toBeNull();
    await waitFor(() =>
      expect(
        within(teamSelect)
          .getAllByRole("option")
          .map((o) => o.textContent),
      ).toEqual(["Choose a team", "Aprilia Racing"]),
    );
    await waitFor(() => expect(within(country).getByRole("option", { name: "🇮🇹 Italy" })).toBeTruthy());
    fireEvent.change(teamSelect, { target: { value: team.id } });
    fireEvent.change(country, { target: { value: "IT" } });
    fireEvent.click(within(panel).getByRole("button", { name: "Add the wildcard" }));
    expect(calls.some((c) => c.path.endsWith("/entries"))).toBe(false);

    // The number taken: the server's refusal, translated.
    fireEvent.change(number, { target: { value: "32" } });
    fireEvent.click(within(panel).getByRole("button", { name: "Add the wildcard" }));
    await waitFor(() => expect(within(panel).getByRole("alert").textContent).toBe(i18n.t("errors:riderOnEntryList")));
    const sent = calls.filter((c) => c.path.endsWith("/entries"));
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toEqual({
      role: "WILDCARD",
      riderId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      newRider: { name: "Lorenzo Savadori", number: 32, country: "IT", teamId: team.id },
    });

    refuse = false;
    fireEvent.click(within(panel).getByRole("button", { name: "Add the wildcard" }));
    await waitFor(() =>
      expect(within(panel).getByTestId("flow-done").textContent).toBe("The wildcard is on the entry list."),
    );
    const again = calls.filter((c) => c.path.endsWith("/entries"));
    // The retry is the same entry: the same rider id, so a lost answer cannot make the rider twice.
    expect((again[1]!.body as { riderId: string }).riderId).toBe((sent[0]!.body as { riderId: string }).riderId);
    const table = screen.getByRole("region", { name: "Entry list table" });
    await waitFor(() => expect(within(table).getByRole("rowheader", { name: "Lorenzo Savadori" })).toBeTruthy());
    expect(
      within(within(table).getByRole("rowheader", { name: "Lorenzo Savadori" }).closest("tr")!).getByText("Wildcard"),
    ).toBeTruthy();
    const results = await axe.run(document.body, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa"] } });
    expect(results.violations.map((v) => v.id)).toEqual([]);
  });

  it("says so when the weekend cannot be read", async () => {
    await open((c) =>
      c.path === `/api/admin/races/${RACE}/control`
        ? json(404, { statusCode: 404, code: "notFound", message: "notFound" })
        : undefined,
    );
    expect(await screen.findByText("The weekend could not be loaded.", {}, { timeout: 10_000 })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Try again" })).toBeTruthy();
  });
});

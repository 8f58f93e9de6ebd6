import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { Route } from "wouter";
import type { PredictionCategory } from "../../contract/enums";
import type { SavedPick } from "../../contract/predictions";
import type { RaceOption } from "../../contract/races";
import type { RaceResults } from "../../contract/results";
import { paths } from "../../src/config/paths";
import { describeNotification } from "../../src/app/layout/notifications/notificationText";
import { guardedScreens } from "../../src/app/routes";
import { i18n } from "../../src/i18n/i18n";
import ResultsScreen from "../../src/screens/results/ResultsScreen";
import { defaultResultsRaceId as defaultRaceId } from "../../contract/raceRules";
import { json } from "./fixtures";
import { renderWithApp, resetApp, signInForTest } from "./renderWithApp";
import { stubRoutes, type Call } from "./screens/stubRoutes";

afterEach(resetApp);

const ok = (result: unknown) => json(200, { result });
const failure = () => json(500, { statusCode: 500, code: "somethingWentWrong", message: "Something went wrong." });

const option = (
  id: string,
  round: number,
  name: string,
  startsAt: string,
  over: Partial<RaceOption> = {},
): RaceOption => ({
  id,
  name,
  season: 2026,
  round,
  startsAt,
  status: "PENDING",
  finished: false,
  ...over,
});
const races: RaceOption[] = [
  option("R1", 1, "Qatar Grand Prix", "2026-03-01T10:00:00.000Z", { status: "STARTED", finished: true }),
  option("R2", 2, "Portuguese Grand Prix", "2026-03-15T10:00:00.000Z", { status: "STARTED", finished: true }),
  option("R3", 3, "Americas Grand Prix", "2099-04-01T10:00:00.000Z"),
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
const riders = [
  rider("r1", "Marco Bellini", 63),
  rider("r2", "Álvaro Núñez", 93),
  rider("r3", "Kenji Sato", 7),
  rider("r4", "Luca Ferri", 51),
];

const pick = (
  category: PredictionCategory,
  riderId: string,
  state: SavedPick["state"],
  points: number | null,
  upgrades: SavedPick["upgrades"] = [],
): SavedPick => ({
  id: `p-${category}`,
  category,
  riderId,
  state,
  points,
  upgrades,
  savedAt: "2026-03-10T10:00:00.000Z",
  changes: 0,
  riderAvailable: true,
});
/** A weekend half scored: FP1 hit, pole missed, the race podium insured, FP2 canceled, the sprint still waiting. */
const weekend: SavedPick[] = [
  pick("RACE_FIRST", "r2", "INSURANCE", 12.5, ["PREDICTION_INSURANCE_RACE"]),
  pick("FP1", "r1", "ACCURATE", 5),
  pick("POLEMAN", "r4", "INACCURATE", 0),
  pick("FP2", "r3", "CANCELED", 0),
  pick("SPRINT_FIRST", "r1", "MADE", null),
];
const official: RaceResults["classifications"] = [
  { session: "FP1", canceled: false, riderIds: ["r1", "r2", "r3", "r4"], enteredAt: "2026-03-13T12:00:00.000Z" },
  { session: "FP2", canceled: true, riderIds: [], enteredAt: "2026-03-14T12:00:00.000Z" },
  { session: "Q2", canceled: false, riderIds: ["r3", "r1", "r4"], enteredAt: "2026-03-14T14:00:00.000Z" },
  { session: "START", canceled: false, riderIds: ["r4", "r2", "r1"], enteredAt: "2026-03-15T14:00:00.000Z" },
];

type World = { picks: Record<string, SavedPick[]>; fail?: (call: Call) => boolean };

function routes(w: World) {
  return (call: Call): Response | undefined => {
    if (w.fail?.(call)) return failure();
    if (call.path === "/api/v2/races/dropdown") return ok(races);
    const mine = call.path.match(/^\/api\/predictions\/races\/(\w+)\/results$/);
    if (mine) {
      const data = w.picks[mine[1]!] ?? [];
      const total = data.reduce((sum, p) => sum + (p.points ?? 0), 0);
      return ok({
        raceId: mine[1],
        version: 1,
        data,
        total,
        settled: data.length > 0 && data.every((p) => p.state !== "MADE"),
      });
    }
    const classification = call.path.match(/^\/api\/results\/races\/(\w+)$/);
    if (classification)
      return ok({
        raceId: classification[1],
        classifications: classification[1] === "R2" ? official : [],
        confirmedAt: null,
        provisional: true,
      });
    const raceRiders = call.path.match(/^\/api\/v2\/races\/(\w+)\/riders$/);
    if (raceRiders) return ok({ raceId: raceRiders[1], version: 1, riders });
    return undefined;
  };
}

async function open(w: World) {
  await signInForTest();
  const calls = stubRoutes(routes(w));
  renderWithApp(
    <Route path={paths.results}>
      <ResultsScreen />
    </Route>,
    { path: "/results" },
  );
  await screen.findByRole("heading", { level: 1, name: "Results" });
  return calls;
}

const card = (name: string) => screen.getByRole("listitem", { name });
const cardTitles = () =>
  within(screen.getByRole("tabpanel"))
    .queryAllByRole("heading", { level: 3 })
    .map((h) => h.textContent);

describe("the results screen is for signed-in players; the leaderboards are public", () => {
  it("guards /results like /predictions, not /leaderboards", () => {
    expect(guardedScreens.has("results")).toBe(true);
    expect(guardedScreens.has("predictions")).toBe(true);
    expect(guardedScreens.has("leaderboards")).toBe(false);
  });
});

describe("the race picker opens on the latest race that has started, and moves to another race", () => {
  it("picks the latest started race over earlier ones and the next one, then follows the picker", async () => {
    const calls = await open({ picks: { R2: weekend, R1: [pick("FP1", "r2", "INACCURATE", 0)] } });
    const picker = (await screen.findByRole("combobox", { name: "Race" })) as HTMLSelectElement;
    expect(picker.value).toBe("R2");
    expect([...picker.options].map((o) => o.textContent)).toEqual([
      "Round 1 · Qatar Grand Prix",
      "Round 2 · Portuguese Grand Prix",
      "Round 3 · Americas Grand Prix",
    ]);
    expect(await screen.findByRole("heading", { level: 2, name: "Portuguese Grand Prix" })).toBeTruthy();
    fireEvent.change(picker, { target: { value: "R1" } });
    expect(await screen.findByRole("heading", { level: 2, name: "Qatar Grand Prix" })).toBeTruthy();
    expect(calls.some((c) => c.path === "/api/predictions/races/R1/results")).toBe(true);
    expect(calls.some((c) => c.path === "/api/results/races/R1")).toBe(true);
  });

  it("opens on the next race when none has started yet", async () => {
    const before = races.splice(0, 2);
    try {
      await open({ picks: {} });
      expect(((await screen.findByRole("combobox", { name: "Race" })) as HTMLSelectElement).value).toBe("R3");
    } finally {
      races.unshift(...before);
    }
  });
});

describe("the race it opens on follows the server's statuses, never the device's clock", () => {
  it("a race the server calls PENDING is not 'started' even when its start has passed on this device, and the reverse", () => {
    const past = "2020-01-01T00:00:00.000Z";
    const future = "2099-01-01T00:00:00.000Z";
    expect(
      defaultRaceId([option("A", 1, "A", past, { status: "STARTED", finished: true }), option("B", 2, "B", past)]),
    ).toBe("A");
    expect(
      defaultRaceId([
        option("A", 1, "A", past, { status: "STARTED", finished: true }),
        option("B", 2, "B", future, { status: "STARTED" }),
      ]),
    ).toBe("B");
    expect(defaultRaceId([option("A", 1, "A", future), option("B", 2, "B", past)])).toBe("B");
    expect(defaultRaceId([option("A", 1, "A", past, { status: "CANCELED" }), option("B", 2, "B", future)])).toBe("B");
    expect(defaultRaceId([option("A", 1, "A", past, { status: "CANCELED" })])).toBe("A");
    expect(defaultRaceId([])).toBeUndefined();
  });
});

describe("the tabs: successful answers show the picks that earned points, all answered shows every pick", () => {
  it("filters by tab, in weekend order, and the tabs are a keyboard tab list", async () => {
    await open({ picks: { R2: weekend } });
    await screen.findByRole("heading", { level: 2, name: "Portuguese Grand Prix" });
    const tabs = screen.getByRole("tablist", { name: "Answers to show" });
    const [successful, all] = within(tabs).getAllByRole("tab");
    expect(successful!.textContent).toBe("Successful answers");
    expect(successful!.getAttribute("aria-selected")).toBe("true");
    expect(cardTitles()).toEqual(["Fastest in FP1", "Race winner"]);

    fireEvent.keyDown(successful!, { key: "ArrowRight" });
    expect(all!.getAttribute("aria-selected")).toBe("true");
    expect(cardTitles()).toEqual(["Fastest in FP1", "Fastest in FP2", "Pole position", "Sprint winner", "Race winner"]);

    fireEvent.click(successful!);
    expect(cardTitles()).toEqual(["Fastest in FP1", "Race winner"]);
  });

  it("says so when no pick has hit yet", async () => {
    await open({ picks: { R2: [pick("POLEMAN", "r4", "INACCURATE", 0), pick("SPRINT_FIRST", "r1", "MADE", null)] } });
    expect(await screen.findByText("No successful answers for this race yet.")).toBeTruthy();
    fireEvent.click(screen.getByRole("tab", { name: "All answered" }));
    expect(cardTitles()).toEqual(["Pole position", "Sprint winner"]);
  });
});

describe("each card shows the rider picked, whether it hit, the points earned and the official top three", () => {
  it("marks accurate, partly accurate (insurance), inaccurate, canceled and waiting picks, and totals the weekend", async () => {
    await open({ picks: { R2: weekend } });
    await screen.findByRole("heading", { level: 2, name: "Portuguese Grand Prix" });
    expect(screen.getByTestId("weekend-total").textContent).toBe("17.5");
    expect(screen.getByText("4 of 5 picks scored so far: more results to come.")).toBeTruthy();
    fireEvent.click(screen.getByRole("tab", { name: "All answered" }));

    const fp1 = card("Fastest in FP1");
    expect(within(fp1).getByText("Marco Bellini")).toBeTruthy();
    expect(within(fp1).getByText("Accurate")).toBeTruthy();
    expect(within(fp1).getByText("+5 pts")).toBeTruthy();
    // The official top three is the card's ordered list; the rules that gave the points are a list of their own.
    expect(
      within(fp1.querySelector("ol")!)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["1#63 Marco BelliniYour pick", "2#93 Álvaro Núñez", "3#7 Kenji Sato"]);
    expect(within(fp1).getByText("Finished P1, picked P1, exact: 5 pts")).toBeTruthy();

    const win = card("Race winner");
    expect(within(win).getByText("Partly accurate (insurance)")).toBeTruthy();
    expect(within(win).getByText("Insured")).toBeTruthy();
    expect(within(win).getByText("+12.5 pts")).toBeTruthy();

    const pole = card("Pole position");
    expect(within(pole).getByText("Inaccurate")).toBeTruthy();
    expect(within(pole).getByText("0 pts")).toBeTruthy();

    expect(within(card("Fastest in FP2")).getByText("Canceled")).toBeTruthy();
    expect(within(card("Fastest in FP2")).getByText(/^Session canceled: its picks score nothing/)).toBeTruthy();
    expect(within(card("Fastest in FP2")).getByText("Session canceled, nothing scores: 0 pts")).toBeTruthy();

    const sprint = card("Sprint winner");
    expect(within(sprint).getByText("Waiting for result")).toBeTruthy();
    expect(within(sprint).getByText("Not scored yet")).toBeTruthy();
    expect(within(sprint).getByText("The official result is not in yet.")).toBeTruthy();
  });

  it("says when every result is in", async () => {
    await open({ picks: { R2: [pick("FP1", "r1", "ACCURATE", 10, ["PREDICTION"])] } });
    expect(await screen.findByText("All results are in.")).toBeTruthy();
    expect(within(card("Fastest in FP1")).getByText("×2 multiplier")).toBeTruthy();
    expect(within(card("Fastest in FP1")).getByText("+10 pts")).toBeTruthy();
  });
});

describe("a race without picks shows the spec's empty message", () => {
  it("says the list is empty and leads to the predictions", async () => {
    await open({ picks: {} });
    expect(await screen.findByText("The list is empty...")).toBeTruthy();
    expect(screen.getByText("Portuguese Grand Prix: you made no predictions.")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Go to predictions" }).getAttribute("href")).toBe("/predictions");
    expect(screen.queryByRole("tablist")).toBeNull();
  });
});

describe("a failed load offers Try Again", () => {
  it("shows the error and loads again on Try Again", async () => {
    const w: World = { picks: { R2: weekend }, fail: (call) => call.path === "/api/predictions/races/R2/results" };
    await open(w);
    expect(await screen.findByText("The results could not be loaded.")).toBeTruthy();
    w.fail = undefined;
    fireEvent.click(screen.getByRole("button", { name: "Try Again" }));
    await waitFor(() => expect(screen.getByTestId("weekend-total").textContent).toBe("17.5"));
  });

  it("says so when the races cannot be loaded", async () => {
    const w: World = { picks: {}, fail: (call) => call.path === "/api/v2/races/dropdown" };
    await open(w);
    expect(await screen.findByText("The races could not be loaded.")).toBeTruthy();
    w.fail = undefined;
    fireEvent.click(screen.getByRole("button", { name: "Try Again" }));
    expect(await screen.findByRole("combobox", { name: "Race" })).toBeTruthy();
  });
});

describe("a RESULTS_PUBLISHED notification leads to the results", () => {
  it("names the race (not the result key) and links to /results", () => {
    const note = {
      id: "n1",
      type: "RESULTS_PUBLISHED",
      value: { raceName: "Portuguese Grand Prix", name: "SPRINT" },
      createdAt: "2026-03-14T15:00:00.000Z",
      isRead: false,
    };
    expect(describeNotification(note, i18n.getFixedT("en", "notifications"))).toEqual({
      text: "Portuguese Grand Prix: results are in. See your points",
      href: "/results",
    });
  });
});

import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { Route } from "wouter";
import type { RaceOption } from "../../contract/races";
import type { Leaderboard, LeaderboardEntry } from "../../contract/results";
import { modalActor } from "../../src/runtime/appActor";
import { paths } from "../../src/config/paths";
import LeaderboardsScreen from "../../src/screens/leaderboards/LeaderboardsScreen";
import { json, profileFixture } from "./fixtures";
import { renderWithApp, resetApp, signInForTest } from "./renderWithApp";
import { stubRoutes, type Call } from "./screens/stubRoutes";

afterEach(resetApp);

const ME = profileFixture.id;
const ok = (result: unknown) => json(200, { result });
const failure = () => json(500, { statusCode: 500, code: "somethingWentWrong", message: "Something went wrong." });

const entry = (rank: number, id: string, name: string, over: Partial<LeaderboardEntry> = {}): LeaderboardEntry => ({
  rank,
  user: { id, name, img: null, country: "IT" },
  points: 200 - rank,
  accurate: 30 - rank,
  races: 5,
  ...over,
});
const me = (rank: number) => entry(rank, ME, profileFixture.name, { points: 50, accurate: 4, races: 3 });
const board = (
  data: LeaderboardEntry[],
  page = 1,
  pages = data.length ? 1 : 0,
  count = data.length,
  mine: LeaderboardEntry | null = null,
): Leaderboard => ({ data, page, pages, count, me: mine });

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
    startsAt: "2026-03-15T10:00:00.000Z",
    status: "STARTED",
    finished: true,
  },
  {
    id: "R3",
    name: "Americas Grand Prix",
    season: 2026,
    round: 3,
    startsAt: "2099-04-01T10:00:00.000Z",
    status: "PENDING",
    finished: false,
  },
];
const countries = [
  { code: "IT", name: "Italy", sign: "🇮🇹" },
  { code: "ES", name: "Spain", sign: "🇪🇸" },
];

type World = {
  season: (page: number) => Leaderboard;
  race?: (raceId: string, page: number) => Leaderboard;
  fail?: (call: Call) => boolean;
};

function routes(w: World) {
  return (call: Call): Response | undefined => {
    if (w.fail?.(call)) return failure();
    const page = Number(new URLSearchParams(call.search).get("page") ?? "1");
    if (call.path === "/api/system/countries") return ok(countries);
    if (call.path === "/api/v2/races/dropdown") return ok(races);
    if (call.path === "/api/leaderboards/season") return ok(w.season(page));
    const race = call.path.match(/^\/api\/leaderboards\/races\/(\w+)$/);
    if (race && w.race) return ok(w.race(race[1]!, page));
    return undefined;
  };
}

async function open(w: World, { signedIn = true } = {}) {
  if (signedIn) await signInForTest();
  const calls = stubRoutes(routes(w));
  renderWithApp(
    <Route path={paths.leaderboards}>
      <LeaderboardsScreen />
    </Route>,
    { path: "/leaderboards" },
  );
  await screen.findByRole("heading", { level: 1, name: "Leaderboards" });
  return calls;
}

const bodyRows = (table: HTMLElement) => within(table).getAllByRole("row").slice(1);
const cells = (row: HTMLElement) => [...row.querySelectorAll("td, th")].map((c) => c.textContent);

describe("the season board is a table of rank, player, country, points, accurate picks and races", () => {
  it("names the table, heads its columns and lists the page's players with their profiles linked", async () => {
    await open({
      season: () =>
        board([
          entry(1, "u2", "Bez Fan", { user: { id: "u2", name: "Bez Fan", img: "/u2.png", country: "ES" } }),
          entry(2, "u3", "Ana Rossi", { points: 150.5 }),
        ]),
    });
    const table = await screen.findByRole("table", { name: "Season leaderboard" });
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual(["Rank", "Player", "Points", "Accurate picks", "Races"]);
    await screen.findAllByText("Italy");
    expect(bodyRows(table).map(cells)).toEqual([
      ["1", "Bez Fan🇪🇸 Spain", "199", "29", "5"],
      ["2", "ARAna Rossi🇮🇹 Italy", "150.5", "28", "5"],
    ]);
    expect(within(table).getByRole("rowheader", { name: /Bez Fan/ })).toBeTruthy();
    expect(
      within(table)
        .getByRole("link", { name: /Ana Rossi/ })
        .getAttribute("href"),
    ).toBe("/profile?userId=u3");
  });
});

describe("the caller's own row is pinned", () => {
  it("is highlighted in place when it is on the page", async () => {
    await open({ season: () => board([entry(1, "u2", "Bez Fan"), me(2)], 1, 1, 2, me(2)) });
    const table = await screen.findByRole("table", { name: "Season leaderboard" });
    const rows = bodyRows(table);
    expect(rows).toHaveLength(2);
    expect(within(rows[1]!).getByText("You")).toBeTruthy();
    expect(screen.queryByTestId("pinned-me")).toBeNull();
  });

  it("is pinned below the page when the caller ranks further down", async () => {
    await open({ season: () => board([entry(1, "u2", "Bez Fan"), entry(2, "u3", "Ana Rossi")], 1, 3, 45, me(45)) });
    const table = await screen.findByRole("table", { name: "Season leaderboard" });
    await screen.findAllByText("Italy");
    const rows = bodyRows(table);
    expect(rows).toHaveLength(3);
    expect(rows.at(-1)).toBe(screen.getByTestId("pinned-me"));
    expect(cells(rows.at(-1)!)).toEqual(["45", "MRMarco RossiYour position🇮🇹 Italy", "50", "4", "3"]);
  });

  it("is pinned above the page when the caller ranks higher", async () => {
    await open({
      season: (page) =>
        page === 1
          ? board([me(1), entry(2, "u2", "Bez Fan")], 1, 2, 4, me(1))
          : board([entry(3, "u3", "Ana Rossi"), entry(4, "u4", "Leo")], 2, 2, 4, me(1)),
    });
    await screen.findByRole("table", { name: "Season leaderboard" });
    fireEvent.click(screen.getByRole("button", { name: "Next page" }));
    await screen.findByText("Page 2 of 2");
    const rows = bodyRows(screen.getByRole("table", { name: "Season leaderboard" }));
    expect(rows[0]).toBe(screen.getByTestId("pinned-me"));
    expect(rows.map((r) => cells(r)[0])).toEqual(["1", "3", "4"]);
  });
});

describe("paging: previous and next, page x of y", () => {
  it("asks the server for the next page and back", async () => {
    const calls = await open({
      season: (page) =>
        board(
          [entry(page * 2 - 1, `a${page}`, `Player ${page}A`), entry(page * 2, `b${page}`, `Player ${page}B`)],
          page,
          3,
          6,
        ),
    });
    await screen.findByText("Page 1 of 3");
    const pager = screen.getByRole("navigation", { name: "Leaderboard pages" });
    expect((within(pager).getByRole("button", { name: "Previous page" }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(pager).getByRole("button", { name: "Next page" }));
    expect(await screen.findByText("Page 2 of 3")).toBeTruthy();
    expect(await screen.findByText("Player 2A")).toBeTruthy();
    const asked = calls
      .filter((c) => c.path === "/api/leaderboards/season")
      .map((c) => new URLSearchParams(c.search).get("page"));
    expect(asked).toEqual(["1", "2"]);
    fireEvent.click(screen.getByRole("button", { name: "Next page" }));
    await screen.findByText("Page 3 of 3");
    expect((screen.getByRole("button", { name: "Next page" }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Previous page" }));
    expect(await screen.findByText("Page 2 of 3")).toBeTruthy();
  });

  it("shows no pager when the board fits one page", async () => {
    await open({ season: () => board([entry(1, "u2", "Bez Fan")]) });
    await screen.findByRole("table", { name: "Season leaderboard" });
    expect(screen.queryByRole("navigation", { name: "Leaderboard pages" })).toBeNull();
  });
});

describe("the race tab shows one race weekend's board, opening on the latest started race", () => {
  it("switches tabs by keyboard, picks the race and follows the picker", async () => {
    const calls = await open({
      season: () => board([entry(1, "u2", "Bez Fan")]),
      race: (raceId) =>
        board([
          entry(1, raceId === "R2" ? "u5" : "u6", raceId === "R2" ? "Portimão Hero" : "Lusail Hero", { races: 1 }),
        ]),
    });
    const season = await screen.findByRole("tab", { name: "Season" });
    expect(season.getAttribute("aria-selected")).toBe("true");
    fireEvent.keyDown(season, { key: "ArrowRight" });
    expect(screen.getByRole("tab", { name: "Race weekend" }).getAttribute("aria-selected")).toBe("true");
    const picker = (await screen.findByRole("combobox", { name: "Race" })) as HTMLSelectElement;
    expect(picker.value).toBe("R2");
    const table = await screen.findByRole("table", { name: "Leaderboard: Portuguese Grand Prix" });
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual(["Rank", "Player", "Points", "Accurate picks"]);
    expect(within(table).getByText("Portimão Hero")).toBeTruthy();
    fireEvent.change(picker, { target: { value: "R1" } });
    expect(await screen.findByRole("table", { name: "Leaderboard: Qatar Grand Prix" })).toBeTruthy();
    expect(await screen.findByText("Lusail Hero")).toBeTruthy();
    expect(calls.filter((c) => c.path.startsWith("/api/leaderboards/races/")).map((c) => c.path)).toEqual([
      "/api/leaderboards/races/R2",
      "/api/leaderboards/races/R1",
    ]);
  });
});

describe("an empty board shows the spec's empty message", () => {
  it("on the season tab", async () => {
    await open({ season: () => board([]) });
    expect(await screen.findByText("The list is empty...")).toBeTruthy();
    expect(screen.getByText(/^No points scored this season yet/)).toBeTruthy();
    expect(screen.queryByRole("table")).toBeNull();
  });

  it("on the race tab", async () => {
    await open({ season: () => board([]), race: () => board([]) });
    fireEvent.click(await screen.findByRole("tab", { name: "Race weekend" }));
    expect(await screen.findByText(/^No points scored in this race yet/)).toBeTruthy();
  });
});

describe("a failed load offers Try Again", () => {
  it("shows the error and loads again", async () => {
    const w: World = {
      season: () => board([entry(1, "u2", "Bez Fan")]),
      fail: (call) => call.path === "/api/leaderboards/season",
    };
    await open(w);
    expect(await screen.findByText("The leaderboard could not be loaded.")).toBeTruthy();
    w.fail = undefined;
    fireEvent.click(screen.getByRole("button", { name: "Try Again" }));
    expect(await screen.findByRole("table", { name: "Season leaderboard" })).toBeTruthy();
  });
});

describe("where the caller stands when they have no row", () => {
  it("invites a guest to log in", async () => {
    await open({ season: () => board([entry(1, "u2", "Bez Fan")]) }, { signedIn: false });
    expect(await screen.findByText("Log in to see where you rank.")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Log in" }));
    await waitFor(() => expect(modalActor.getSnapshot().context.stack.map((m) => m.kind)).toEqual(["SignIn"]));
  });

  it("tells a signed-in player who is not ranked yet", async () => {
    await open({ season: () => board([entry(1, "u2", "Bez Fan")]) });
    expect(await screen.findByText(/^You are not ranked yet/)).toBeTruthy();
  });
});

import { fireEvent, screen, within } from "@testing-library/react";
import { Route } from "wouter";
import { afterEach, describe, expect, it } from "vitest";
import { ModalHost } from "../../../src/app/ModalHost";
import { paths } from "../../../src/config/paths";
import LeagueStatisticScreen from "../../../src/screens/leagueStatistic/LeagueStatisticScreen";
import { LeagueCard } from "../../../src/features/leagues/LeagueCard";
import { json } from "../fixtures";
import { renderWithApp, resetApp, signInForTest } from "../renderWithApp";
import { stubRoutes } from "../screens/stubRoutes";
import { league, member, ME, ok, paged } from "./leagueFixtures";

afterEach(resetApp);

describe("league statistics: members ranked by season points", () => {
  it("shows the league and its ranking, the signed-in player's row marked", async () => {
    await signInForTest();
    stubRoutes((call) => {
      if (call.path === "/api/leagues/L1") return ok(league());
      if (call.path === "/api/leagues/leaderboard") {
        return json(
          200,
          paged([
            { rank: 1, user: { id: "u2", name: "Bez Fan", img: null }, points: 140 },
            { rank: 2, user: { id: ME, name: "Marco Rossi", img: null }, points: 128 },
          ]),
        );
      }
      return undefined;
    });
    renderWithApp(
      <Route path={paths.leagueStatistic}>
        <LeagueStatisticScreen />
      </Route>,
      { path: "/leagues/statistic/L1" },
    );
    expect(await screen.findByRole("heading", { level: 1, name: "Mugello Maniacs statistics" })).toBeTruthy();
    const rows = await screen.findAllByRole("row");
    expect(
      rows.slice(1).map((r) =>
        within(r)
          .getAllByRole("cell")
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ["1", "BFBez Fan", "140"],
      ["2", "MRMarco Rossi", "128"],
    ]);
    expect(screen.getByRole("link", { name: "Back to Mugello Maniacs" }).getAttribute("href")).toBe("/leagues/L1");
  });

  it("says so before the first race weekend", async () => {
    await signInForTest();
    stubRoutes((call) => {
      if (call.path === "/api/leagues/L1") return ok(league());
      if (call.path === "/api/leagues/leaderboard") return json(200, paged([]));
      return undefined;
    });
    renderWithApp(
      <Route path={paths.leagueStatistic}>
        <LeagueStatisticScreen />
      </Route>,
      { path: "/leagues/statistic/L1" },
    );
    expect(await screen.findByText("Points appear here after the first race weekend.")).toBeTruthy();
  });
});

const race = (id: string, name: string, round: number) => ({
  id,
  name,
  season: 2026,
  round,
  startsAt: "2026-11-28T10:00:00.000Z",
  status: "PENDING",
  finished: false,
});
const team = {
  id: "t1",
  name: "Borgo Panigale Works",
  shortName: "BP",
  manufacturer: "DUCATI",
  raceClass: "MOTOGP",
  colour: "#c00",
  image: "/t1.svg",
};
const raceRider = (id: string, name: string, number: number) => ({
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
const emptyCategories = [
  "PRACTICE_FASTEST",
  "FP2",
  "POLEMAN",
  "SPRINT_FIRST",
  "SPRINT_SECOND",
  "SPRINT_THIRD",
  "RACE_FIRST",
  "RACE_SECOND",
  "RACE_THIRD",
  "POSITION_GAINED",
].map((category) => ({ category, total: 0, riders: [] }));

describe("league statistics: the members' pick spread per category, race by race", () => {
  it("opens on the current race, shows the top picks with their share, and follows the race picker", async () => {
    await signInForTest();
    const asked: string[] = [];
    stubRoutes((call) => {
      if (call.path === "/api/leagues/L1") return ok(league());
      if (call.path === "/api/leagues/leaderboard") return json(200, paged([]));
      if (call.path === "/api/v2/races/dropdown")
        return ok([race("R1", "Grand Prix of Qatar", 1), race("R2", "Grand Prix of Spain", 2)]);
      if (call.path.startsWith("/api/v2/races/") && call.path.endsWith("/riders")) {
        return ok({
          raceId: "R1",
          version: 1,
          riders: [raceRider("a", "Marco Bezzecchi", 72), raceRider("b", "Pecco Bagnaia", 1)],
        });
      }
      if (call.path === "/api/predictions/statistics/leagues/L1") {
        const raceId = new URLSearchParams(call.search).get("raceId")!;
        asked.push(raceId);
        if (raceId === "R2")
          return ok({
            raceId,
            version: 1,
            categories: [{ category: "FP1", total: 0, riders: [] }, ...emptyCategories],
          });
        return ok({
          raceId,
          version: 1,
          categories: [
            {
              category: "FP1",
              total: 4,
              riders: [
                { riderId: "a", count: 3, share: 0.75 },
                { riderId: "b", count: 1, share: 0.25 },
              ],
            },
            ...emptyCategories,
          ],
        });
      }
      return undefined;
    });
    renderWithApp(
      <Route path={paths.leagueStatistic}>
        <LeagueStatisticScreen />
      </Route>,
      { path: "/leagues/statistic/L1" },
    );
    expect(await screen.findByRole("heading", { level: 2, name: "Pick spread" })).toBeTruthy();
    const fp1 = (await screen.findByRole("heading", { level: 3, name: "Fastest in FP1" })).closest("li")!;
    expect(
      within(fp1)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["#72 Marco Bezzecchi75% · picked by 3", "#1 Pecco Bagnaia25% · picked by 1"]);
    expect(asked).toEqual(["R1"]);

    fireEvent.change(screen.getByLabelText("Race"), { target: { value: "R2" } });
    expect(await screen.findByText("No picks from the members for this race yet.")).toBeTruthy();
    expect(asked).toEqual(["R1", "R2"]);
  });

  it("before a category's session starts, shows how many picked and no riders", async () => {
    await signInForTest();
    stubRoutes((call) => {
      if (call.path === "/api/leagues/L1") return ok(league());
      if (call.path === "/api/leagues/leaderboard") return json(200, paged([]));
      if (call.path === "/api/v2/races/dropdown") return ok([race("R1", "Grand Prix of Qatar", 1)]);
      if (call.path.startsWith("/api/v2/races/") && call.path.endsWith("/riders"))
        return ok({ raceId: "R1", version: 1, riders: [raceRider("a", "Marco Bezzecchi", 72)] });
      if (call.path === "/api/predictions/statistics/leagues/L1") {
        return ok({
          raceId: "R1",
          version: 1,
          categories: [{ category: "FP1", total: 2, riders: [], revealed: false }, ...emptyCategories],
        });
      }
      return undefined;
    });
    renderWithApp(
      <Route path={paths.leagueStatistic}>
        <LeagueStatisticScreen />
      </Route>,
      { path: "/leagues/statistic/L1" },
    );
    const fp1 = (await screen.findByRole("heading", { level: 3, name: "Fastest in FP1" })).closest("li")!;
    expect(fp1.textContent).toContain("Picks so far: 2. Who picked which rider shows when the session starts.");
    expect(within(fp1).queryByText(/Marco Bezzecchi/)).toBeNull();
  });
});

describe("a league card's member count opens the MembersByLeague modal", () => {
  it("lists the accepted members", async () => {
    await signInForTest();
    stubRoutes((call) =>
      call.path === "/api/leagues/L1/members"
        ? json(200, paged([member("o1", "Pecco Fan"), member("u3", "Ana Follows", "FOLLOWING")]))
        : undefined,
    );
    renderWithApp(
      <>
        <ul>
          <LeagueCard league={league()} />
        </ul>
        <ModalHost />
      </>,
    );
    fireEvent.click(screen.getByRole("button", { name: "5 / 100 members" }));
    const modal = await screen.findByRole("dialog", { name: "Members of Mugello Maniacs" });
    expect(await within(modal).findByText("Pecco Fan")).toBeTruthy();
    expect(within(modal).queryByText("Ana Follows")).toBeNull();
  });
});

describe("league statistics of a league that does not exist", () => {
  it("a bad id (404) says the league does not exist, with the way back, not that it could not be loaded", async () => {
    await signInForTest();
    stubRoutes((call) =>
      call.path === "/api/leagues/nope"
        ? json(404, { statusCode: 404, code: "notFound", message: "Not found" })
        : undefined,
    );
    renderWithApp(
      <Route path={paths.leagueStatistic}>
        <LeagueStatisticScreen />
      </Route>,
      { path: "/leagues/statistic/nope" },
    );
    expect(await screen.findByText("This league does not exist")).toBeTruthy();
    expect(screen.queryByText("The leagues could not be loaded.")).toBeNull();
    expect(screen.getByRole("link", { name: "Back to leagues" }).getAttribute("href")).toBe("/leagues");
  });
});

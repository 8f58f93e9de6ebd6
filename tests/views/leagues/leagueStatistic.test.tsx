import { fireEvent, screen, within } from "@testing-library/react";
import { Route } from "wouter";
import { afterEach, describe, expect, it } from "vitest";
import { ModalHost } from "../../../src/app/ModalHost";
import { paths } from "../../../src/app/paths";
import LeagueStatisticScreen from "../../../src/screens/leagueStatistic/LeagueStatisticScreen";
import { LeagueCard } from "../../../src/screens/leagues/LeagueCard";
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
        return json(200, paged([
          { rank: 1, user: { id: "u2", name: "Bez Fan", img: null }, points: 140 },
          { rank: 2, user: { id: ME, name: "Marco Rossi", img: null }, points: 128 },
        ]));
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
    expect(rows.slice(1).map((r) => within(r).getAllByRole("cell").map((c) => c.textContent))).toEqual([
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

describe("a league card's member count opens the MembersByLeague modal", () => {
  it("lists the accepted members", async () => {
    await signInForTest();
    stubRoutes((call) => (call.path === "/api/leagues/L1/members" ? json(200, paged([member("o1", "Pecco Fan"), member("u3", "Ana Follows", "FOLLOWING")])) : undefined));
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

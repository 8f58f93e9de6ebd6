import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import AllLeaguesScreen from "../../../src/screens/allLeagues/AllLeaguesScreen";
import { json } from "../fixtures";
import { renderWithApp, resetApp, signInForTest } from "../renderWithApp";
import { stubRoutes } from "../screens/stubRoutes";
import { countries, league, ok, paged } from "./leagueFixtures";

afterEach(resetApp);

const many = (from: number, n: number) =>
  Array.from({ length: n }, (_, i) => league({ id: `L${from + i}`, name: `League ${from + i}` }));

describe("all leagues: search, country filter, 20 at a time with Load more", () => {
  it("asks for page 1 by 20, then page 2 on Load more, and appends it", async () => {
    await signInForTest();
    const calls = stubRoutes((call) => {
      if (call.path === "/api/system/countries") return ok(countries);
      if (call.path !== "/api/leagues") return undefined;
      const page = Number(new URLSearchParams(call.search).get("page"));
      return json(200, page === 1 ? paged(many(1, 20), 1, 2, 25) : paged(many(21, 5), 2, 2, 25));
    });
    renderWithApp(<AllLeaguesScreen />, { path: "/leagues/all-leagues" });
    expect(await screen.findByText("League 20")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Leagues found: 25" })).toBeTruthy();
    const first = new URLSearchParams(calls.find((c) => c.path === "/api/leagues")!.search);
    expect([first.get("page"), first.get("take")]).toEqual(["1", "20"]);
    fireEvent.click(screen.getByRole("button", { name: "Load more" }));
    expect(await screen.findByText("League 25")).toBeTruthy();
    expect(screen.getByText("League 1")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Load more" })).toBeNull();
  });

  it("sends the search text and the country, and says when nothing matches", async () => {
    await signInForTest();
    const calls = stubRoutes((call) => {
      if (call.path === "/api/system/countries") return ok(countries);
      if (call.path !== "/api/leagues") return undefined;
      const q = new URLSearchParams(call.search);
      return json(200, q.get("text") === "zzz" ? paged([]) : paged(many(1, 3)));
    });
    renderWithApp(<AllLeaguesScreen />, { path: "/leagues/all-leagues" });
    await screen.findByText("League 1");
    await screen.findByRole("option", { name: /Spain/ });
    fireEvent.change(screen.getByLabelText("Country"), { target: { value: "ES" } });
    fireEvent.change(screen.getByLabelText("League name"), { target: { value: "zzz" } });
    fireEvent.submit(screen.getByRole("search"));
    expect(await screen.findByText("The list is empty...")).toBeTruthy();
    await waitFor(() => {
      const last = new URLSearchParams(calls.filter((c) => c.path === "/api/leagues").at(-1)!.search);
      expect([last.get("text"), last.get("country")]).toEqual(["zzz", "ES"]);
    });
  });

  it("offers a retry when loading fails", async () => {
    await signInForTest();
    stubRoutes((call) =>
      call.path === "/api/leagues"
        ? json(500, { statusCode: 500, code: "somethingWentWrong", message: "Something went wrong." })
        : undefined,
    );
    renderWithApp(<AllLeaguesScreen />, { path: "/leagues/all-leagues" });
    expect(await screen.findByText("The leagues could not be loaded.")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Try again" })).toBeTruthy();
  });
});

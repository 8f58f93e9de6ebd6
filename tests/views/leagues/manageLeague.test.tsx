import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import ManageLeagueScreen from "../../../src/screens/manageLeague/ManageLeagueScreen";
import { renderWithApp, resetApp, signInForTest } from "../renderWithApp";
import { stubRoutes } from "../screens/stubRoutes";
import { league, ME, ok } from "./leagueFixtures";

afterEach(resetApp);

describe("manage: my leagues with the actions each one allows", () => {
  it("lists owned, joined, invited and requested leagues with their buttons", async () => {
    await signInForTest();
    stubRoutes((call) =>
      call.path === "/api/leagues/manage"
        ? ok([
            league({
              id: "A",
              name: "My Own",
              owner: { id: ME, name: "Marco Rossi", img: null },
              memberStatus: "ACCEPTED",
            }),
            league({ id: "B", name: "Invited Here", memberStatus: "INVITED" }),
            league({ id: "C", name: "Asked Here", type: "PRIVATE", memberStatus: "PENDING" }),
          ])
        : undefined,
    );
    renderWithApp(<ManageLeagueScreen />, { path: "/leagues/manage" });
    const own = (await screen.findByRole("link", { name: "My Own" })).closest("li")!;
    expect(within(own).getByText("Your league")).toBeTruthy();
    expect(within(own).getByRole("button", { name: "Leave league: My Own" })).toBeTruthy();
    expect(within(own).getByRole("button", { name: "Invite players" })).toBeTruthy();
    const invited = screen.getByRole("link", { name: "Invited Here" }).closest("li")!;
    expect(within(invited).getByRole("button", { name: "Accept the invitation to Invited Here" })).toBeTruthy();
    const asked = screen.getByRole("link", { name: "Asked Here" }).closest("li")!;
    expect(within(asked).getByRole("button", { name: "Cancel request: Asked Here" })).toBeTruthy();
  });

  it("says when there is nothing to manage", async () => {
    await signInForTest();
    stubRoutes((call) => (call.path === "/api/leagues/manage" ? ok([]) : undefined));
    renderWithApp(<ManageLeagueScreen />, { path: "/leagues/manage" });
    expect(await screen.findByText("Nothing to manage yet")).toBeTruthy();
  });
});

import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import RidersAndTeamsScreen from "../../../src/screens/ridersAndTeams/RidersAndTeamsScreen";
import { json } from "../fixtures";
import { renderWithApp, resetApp } from "../renderWithApp";
import { motoGpTeams, moto3Teams, ok, serve, team } from "./ridersFixtures";

afterEach(resetApp);

const byClass = (raceClass: string | null) =>
  raceClass === "MOTO3"
    ? moto3Teams
    : raceClass === "MOTO2"
      ? [team({ id: "t5", name: "Valencia Junior", raceClass: "MOTO2" })]
      : raceClass
        ? motoGpTeams
        : [...motoGpTeams, ...moto3Teams];
const teamsApi = () =>
  serve((call) => (call.path === "/api/riders/teams" ? ok(byClass(call.search.get("raceClass"))) : undefined));

describe("riders and teams: every team of a class with its riders", () => {
  it("shows the premier class's teams, their logos and riders, each rider a link to their page", async () => {
    const calls = teamsApi();
    renderWithApp(<RidersAndTeamsScreen />, { path: "/riders-and-teams" });
    expect(screen.getByRole("heading", { level: 1, name: "Riders and teams" })).toBeTruthy();
    const card = (await screen.findByRole("heading", { name: "Borgo Panigale Factory" })).closest("article")!;
    expect(within(card).getByRole("img", { name: "Borgo Panigale Factory logo" }).getAttribute("src")).toBe(
      "/api/pictures/teams/t1.svg",
    );
    expect(within(card).getByText("Ducati")).toBeTruthy();
    const link = within(card).getByRole("link", { name: /Marco Bellini/ });
    expect(link.getAttribute("href")).toBe("/rider/r1");
    expect(within(card).getByRole("link", { name: /Álvaro Núñez.*Spain/ })).toBeTruthy();
    expect(calls.find((c) => c.path === "/api/riders/teams")!.search.get("raceClass")).toBe("MOTOGP");
  });

  it("marks injured riders and those who are not main riders", async () => {
    teamsApi();
    renderWithApp(<RidersAndTeamsScreen />, { path: "/riders-and-teams" });
    const card = (await screen.findByRole("heading", { name: "Tochigi Works" })).closest("article")!;
    expect(within(within(card).getByRole("link", { name: /Kenji Sato/ })).getByText("Injured")).toBeTruthy();
    expect(within(within(card).getByRole("link", { name: /Luca Ferri/ })).getByText("Substitute")).toBeTruthy();
  });

  it("switches class with the keyboard on the class tabs", async () => {
    const calls = teamsApi();
    renderWithApp(<RidersAndTeamsScreen />, { path: "/riders-and-teams" });
    await screen.findByRole("heading", { name: "Borgo Panigale Factory" });
    const tabs = screen.getByRole("tablist", { name: "Classes" });
    const motoGp = within(tabs).getByRole("tab", { name: "MotoGP" });
    expect(motoGp.getAttribute("aria-selected")).toBe("true");
    fireEvent.keyDown(motoGp, { key: "ArrowRight" });
    expect(await screen.findByRole("heading", { name: "Valencia Junior" })).toBeTruthy();
    expect(within(tabs).getByRole("tab", { name: "Moto2" }).getAttribute("aria-selected")).toBe("true");
    expect(document.activeElement).toBe(within(tabs).getByRole("tab", { name: "Moto2" }));
    expect(
      calls
        .filter((c) => c.path === "/api/riders/teams")
        .at(-1)!
        .search.get("raceClass"),
    ).toBe("MOTO2");
    expect(screen.getByRole("tabpanel").getAttribute("aria-labelledby")).toBe(
      within(tabs).getByRole("tab", { name: "Moto2" }).id,
    );
  });

  it("finds riders by name (accents ignored) or number, and says when none match", async () => {
    teamsApi();
    renderWithApp(<RidersAndTeamsScreen />, { path: "/riders-and-teams" });
    await screen.findByRole("heading", { name: "Borgo Panigale Factory" });
    const field = within(screen.getByRole("search")).getByLabelText("Find a rider");
    fireEvent.change(field, { target: { value: "nunez" } });
    expect(screen.getByRole("link", { name: /Álvaro Núñez/ })).toBeTruthy();
    expect(screen.queryByRole("link", { name: /Marco Bellini/ })).toBeNull();
    expect(screen.queryByRole("heading", { name: "Tochigi Works" })).toBeNull();
    fireEvent.change(field, { target: { value: "7" } });
    expect(screen.getByRole("link", { name: /Kenji Sato/ })).toBeTruthy();
    expect(screen.getAllByRole("link")).toHaveLength(1);
    fireEvent.change(field, { target: { value: "Rossi" } });
    expect(screen.getByText("No rider matches “Rossi”.")).toBeTruthy();
  });

  it("opens on the team of a ?teamId= link, in its class, focused", async () => {
    teamsApi();
    renderWithApp(<RidersAndTeamsScreen />, { path: "/riders-and-teams", search: "teamId=t9" });
    const heading = await screen.findByRole("heading", { name: "Nordic Pride" });
    const card = heading.closest("article")!;
    expect(card.getAttribute("aria-current")).toBe("true");
    expect(screen.getByRole("tab", { name: "Moto3" }).getAttribute("aria-selected")).toBe("true");
    await waitFor(() => expect(document.activeElement).toBe(card));
  });

  it("offers a retry when the teams cannot be loaded", async () => {
    let fail = true;
    serve((call) =>
      call.path === "/api/riders/teams"
        ? fail
          ? json(500, { statusCode: 500, code: "somethingWentWrong", message: "Something went wrong." })
          : ok(motoGpTeams)
        : undefined,
    );
    renderWithApp(<RidersAndTeamsScreen />, { path: "/riders-and-teams" });
    expect(await screen.findByText("The teams could not be loaded.")).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("heading", { name: "Borgo Panigale Factory" })).toBeTruthy();
  });
});

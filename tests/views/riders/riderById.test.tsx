import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { Route } from "wouter";
import { paths } from "../../../src/config/paths";
import RiderByIdScreen from "../../../src/screens/riderById/RiderByIdScreen";
import { renderWithApp, resetApp } from "../renderWithApp";
import { ok, performances, riderDetail, serve } from "./ridersFixtures";

afterEach(resetApp);

const seasons: Record<string, ReturnType<typeof performances>> = {
  "2026": performances(2026, [1, 4, null, 2]),
  "2025": performances(2025, [10, 12]),
  "2024": performances(2024, []),
};

function open(id = "r1") {
  const calls = serve((call) => {
    if (call.path === "/api/riders/r1") return ok(riderDetail);
    if (call.path === "/api/riders/r1/performances") return ok(seasons[call.headers.get("accept-year") ?? "2026"]);
    return undefined;
  });
  const view = renderWithApp(
    <Route path={paths.riderById}>
      <RiderByIdScreen />
    </Route>,
    { path: `/rider/${id}` },
  );
  return { calls, ...view };
}

describe("rider by id: who the rider is and a season of results", () => {
  it("shows the rider with their picture, team link and facts", async () => {
    open();
    expect(await screen.findByRole("heading", { level: 1, name: "Marco Bellini" })).toBeTruthy();
    expect(screen.getByRole("img", { name: "#63 Marco Bellini" }).getAttribute("src")).toBe(
      "/api/pictures/riders/r1.svg",
    );
    expect(screen.getByRole("link", { name: "Borgo Panigale Factory" }).getAttribute("href")).toBe(
      "/riders-and-teams?teamId=t1",
    );
    expect(screen.getByText("Italy")).toBeTruthy();
    expect(screen.getByText("Main rider")).toBeTruthy();
    expect(screen.getByRole("link", { name: "All riders and teams" }).getAttribute("href")).toBe("/riders-and-teams");
  });

  it("asks for the newest season with the accept-year header and shows totals, a chart and a table", async () => {
    const { calls } = open();
    const chart = await screen.findByRole("img", { name: /Points per round in 2026/ });
    expect(calls.find((c) => c.path === "/api/riders/r1/performances")!.headers.get("accept-year")).toBe("2026");
    expect(chart.tagName.toLowerCase()).toBe("svg");
    expect(chart.querySelector("desc")!.textContent).toBe("58 points from 4 starts; best finish: P1.");
    expect(chart.querySelectorAll("rect")).toHaveLength(4);
    const stats = screen.getByText("Podiums").closest("div")!;
    expect(within(stats).getByText("2")).toBeTruthy();
    const table = screen.getByRole("table", { name: "Results in 2026" });
    const rows = within(table).getAllByRole("row");
    expect(rows).toHaveLength(5);
    expect(within(rows[3]!).getByText("Did not finish")).toBeTruthy();
    expect(within(rows[1]!).getByRole("rowheader", { name: "Grand Prix 1" })).toBeTruthy();
  });

  it("changes season with the picker: a new request for that year", async () => {
    const { calls } = open();
    await screen.findByRole("table", { name: "Results in 2026" });
    const picker = screen.getByLabelText("Season");
    expect([...picker.querySelectorAll("option")].map((o) => o.textContent)).toEqual(["2026", "2025", "2024"]);
    fireEvent.change(picker, { target: { value: "2025" } });
    expect(await screen.findByRole("table", { name: "Results in 2025" })).toBeTruthy();
    expect(
      calls
        .filter((c) => c.path === "/api/riders/r1/performances")
        .at(-1)!
        .headers.get("accept-year"),
    ).toBe("2025");
    fireEvent.change(picker, { target: { value: "2024" } });
    expect(await screen.findByText("No races in 2024.")).toBeTruthy();
  });

  it("says when the rider does not exist, with a way back", async () => {
    open("nobody");
    expect(await screen.findByRole("heading", { level: 1, name: "Rider not found" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "All riders and teams" }).getAttribute("href")).toBe("/riders-and-teams");
  });

  it("speaks the player's language", async () => {
    const { i18n } = await import("../../../src/i18n/i18n");
    await i18n.changeLanguage("it");
    try {
      open();
      expect(await screen.findByRole("table", { name: "Risultati del 2026" })).toBeTruthy();
      await waitFor(() => expect(screen.getByLabelText("Stagione")).toBeTruthy());
    } finally {
      await i18n.changeLanguage("en");
    }
  });
});

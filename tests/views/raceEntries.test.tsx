// A race's substitutes and wildcards (game-rules.md "The entry list changes") are shown with their role in the
// ChooseRider modal and in the bets grid: a small translated tag, with the meaning for screen readers.
import { configure, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Route } from "wouter";
import { ModalHost } from "../../src/app/ModalHost";
import { paths } from "../../src/config/paths";
import { weekendActor } from "../../src/features/predictions/weekendActor";
import BetsScreen from "../../src/screens/bets/BetsScreen";
import PredictionsScreen from "../../src/screens/predictions/PredictionsScreen";
import { json } from "./fixtures";
import { renderWithApp, resetApp, signInForTest } from "./renderWithApp";
import { stubRoutes } from "./screens/stubRoutes";
import { betRiders, betsRoutes, betsWorld, RACE_ID, raceBetsView } from "./bets/betsFixtures";
import { riders, routes, world } from "./predictions/predictionFixtures";

configure({ asyncUtilTimeout: 4000 });
vi.setConfig({ testTimeout: 30_000 });
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;

afterEach(() => {
  resetApp();
  weekendActor.send({ type: "weekend.open", session: { userId: "", raceId: "" } });
  weekendActor.send({ type: "weekend.close" });
});

// Tom Hale rides as a substitute, Luca Ferri as a wildcard.
const roles = { r5: "SUBSTITUTE", r4: "WILDCARD" } as const;
const withRoles = <R extends { id: string; role: string }>(list: R[]): R[] =>
  list.map((r) => ({ ...r, role: roles[r.id as keyof typeof roles] ?? r.role }));

describe("the ChooseRider modal", () => {
  it("tags a substitute and a wildcard with their role, and says it to screen readers", async () => {
    await signInForTest();
    stubRoutes(routes(world({ riders: withRoles(riders) })));
    renderWithApp(
      <>
        <Route path={paths.predictions}>
          <PredictionsScreen />
        </Route>
        <ModalHost />
      </>,
      { path: "/predictions" },
    );
    fireEvent.click(await screen.findByRole("button", { name: "Choose rider (Race winner)" }));
    const modal = await screen.findByRole("dialog");
    const sub = await within(modal).findByRole("button", { name: /Tom Hale.*Rides this race as a substitute/ });
    expect(within(sub).getByText("Substitute")).toBeTruthy();
    expect(within(modal).getByRole("button", { name: /Luca Ferri.*Rides this race as a wildcard/ })).toBeTruthy();
    expect(within(within(modal).getByRole("button", { name: /Marco Bellini/ })).queryByTestId("rider-role")).toBeNull();
  });
});

describe("the bets grid", () => {
  it("tags a substitute and a wildcard in their row, bettable like any rider", async () => {
    await signInForTest();
    const w = betsWorld();
    w.extra = (call) =>
      call.path === `/api/v2/bets/circuits/${RACE_ID}`
        ? json(200, { result: { ...raceBetsView(w), riders: withRoles(betRiders) } })
        : undefined;
    stubRoutes(betsRoutes(w));
    renderWithApp(
      <>
        <Route path={paths.bets}>
          <BetsScreen />
        </Route>
        <ModalHost />
      </>,
      { path: "/bets" },
    );
    const grid = await screen.findByRole("list", { name: "Riders and odds" });
    const rows = within(grid).getAllByTestId("rider-odds");
    const row = (n: number) => rows.find((r) => r.dataset.rider === String(n))!;
    expect(within(row(12)).getByTestId("rider-role").dataset.role).toBe("SUBSTITUTE");
    expect(within(row(12)).getByText("Substitute")).toBeTruthy();
    expect(within(row(12)).getByText("Rides this race as a substitute")).toBeTruthy();
    expect(within(row(51)).getByText("Wildcard")).toBeTruthy();
    expect(within(row(12)).getByRole("button", { name: /^Bet Win on #12 Tom Hale/ })).toBeTruthy();
    expect(within(row(63)).queryByTestId("rider-role")).toBeNull();
  });
});

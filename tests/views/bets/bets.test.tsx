import { configure, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Route } from "wouter";
import type { Notification } from "../../../contract/notifications";
import { timeReadings } from "../../../contract/timeDisplay";
import { describeNotification } from "../../../src/app/layout/notifications/notificationText";
import { ModalHost } from "../../../src/app/ModalHost";
import { paths } from "../../../src/config/paths";
import BetsScreen from "../../../src/screens/bets/BetsScreen";
import { json } from "../fixtures";
import { push } from "../liveMock";
import { renderWithApp, resetApp, signInForTest } from "../renderWithApp";
import { stubRoutes } from "../screens/stubRoutes";
import { betOf, betsRoutes, betsWorld, CLOSES, RACE_ID, raceBetsView, type BetsWorld } from "./betsFixtures";

// The socket is replaced by an in-memory one: the test plays the server's pushes.
vi.mock("../../../src/api/live", () => import("../liveMock").then((m) => m.liveModule));

afterEach(resetApp);
// The modal steps wait on lazy chunks and Radix: a busy machine needs more than the default 5 s.
vi.setConfig({ testTimeout: 20_000 });
configure({ asyncUtilTimeout: 5000 });

// Radix's slider measures its thumb; jsdom has no ResizeObserver.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;

async function open(w: BetsWorld, { ready = true } = {}) {
  await signInForTest();
  const calls = stubRoutes(betsRoutes(w));
  const view = renderWithApp(
    <>
      <Route path={paths.bets}>
        <BetsScreen />
      </Route>
      <ModalHost />
    </>,
    { path: "/bets" },
  );
  await screen.findByRole("heading", { level: 2, name: "Czech Grand Prix" });
  if (ready) await screen.findByRole("list", { name: "Riders and odds" });
  return { calls, ...view };
}

const balance = () => screen.getByTestId("balance").textContent;
const dialog = async () => {
  const modal = await screen.findByRole("dialog");
  await within(modal).findByRole("heading");
  return modal;
};
const slider = () => screen.getByRole("slider");
const oddsButton = (name: RegExp) => screen.getByRole("button", { name });

describe("the Bets screen opens on the current race", () => {
  it("shows every rider with WIN, PLACE and SHOW odds and an across-the-grid bet, the countdown and the balance", async () => {
    await open(betsWorld());
    expect((screen.getByRole("combobox", { name: "Race" }) as HTMLSelectElement).value).toBe(RACE_ID);
    expect(screen.getByText("Bets close when the race starts, in")).toBeTruthy();
    expect(screen.getByTestId("bets-countdown").textContent).toMatch(/^\d+d \d\d:\d\d:\d\d$/);
    // The close is said as a time too, in the player's zone with its name; a press adds Brno's clock and UTC.
    const when = timeReadings(CLOSES, "en", "Europe/Prague");
    const close = screen.getByRole("button", { name: `${when.player} (show circuit time and UTC)` });
    fireEvent.click(close);
    expect(close.getAttribute("aria-expanded")).toBe("true");
    expect(document.getElementById(close.getAttribute("aria-controls")!)?.textContent).toBe(
      `Circuit: ${when.circuit} · UTC: ${when.utc}`,
    );
    expect(balance()).toBe("100");
    // Marco Bellini: WIN 3.50 → PLACE 2.25, SHOW 1.66.
    expect(oddsButton(/^Bet Win on #63 Marco Bellini at odds 3\.50$/)).toBeTruthy();
    expect(oddsButton(/^Bet Place on #63 Marco Bellini at odds 2\.25$/)).toBeTruthy();
    expect(oddsButton(/^Bet Show on #63 Marco Bellini at odds 1\.66$/)).toBeTruthy();
    expect(oddsButton(/^Bet across the grid on #63 Marco Bellini$/)).toBeTruthy();
    expect(screen.getByText("Injured: no bets on this rider")).toBeTruthy();
    expect(screen.getByText("You have no bets on this race yet.")).toBeTruthy();
  });

  it("after the race session's start the odds stay and the buttons close", async () => {
    await open(betsWorld({ now: CLOSES + 60_000 }));
    expect(await screen.findByText("Bets are closed for this race: they close when the race starts.")).toBeTruthy();
    expect((oddsButton(/^Bet Win on #63 Marco Bellini/) as HTMLButtonElement).disabled).toBe(true);
  });

  it("says so when there is no rider to bet on", async () => {
    const w = betsWorld();
    w.extra = (call) =>
      call.path === `/api/v2/bets/circuits/${RACE_ID}`
        ? json(200, { result: { ...raceBetsView(w), riders: [] } })
        : undefined;
    await open(w, { ready: false });
    expect(await screen.findByText("There are no riders available for betting")).toBeTruthy();
  });
});

describe("placing a bet in the BetOnRider modal", () => {
  it("a WIN bet: the slider moves the stake and the potential payout; 'Bet is placed!' and the balance falls", async () => {
    const { calls } = await open(betsWorld());
    fireEvent.click(oddsButton(/^Bet Win on #63 Marco Bellini/));
    const modal = await dialog();
    expect(await within(modal).findByRole("heading", { name: "Bet on #63 Marco Bellini" })).toBeTruthy();
    expect(slider().getAttribute("aria-valuenow")).toBe("30");
    expect(within(modal).getByTestId("potential-payout").textContent).toContain("up to 105");
    // Keyboard: one step right, then ten steps (Page Up).
    fireEvent.keyDown(slider(), { key: "ArrowRight" });
    fireEvent.keyDown(slider(), { key: "PageUp" });
    await waitFor(() => expect(slider().getAttribute("aria-valuenow")).toBe("41"));
    expect(slider().getAttribute("aria-valuetext")).toBe("41 diamonds");
    expect(within(modal).getByTestId("potential-payout").textContent).toContain("up to 143");
    expect(within(modal).getByText("Balance: 100 → 59 diamonds after this bet")).toBeTruthy();
    fireEvent.click(within(modal).getByRole("button", { name: "Place bet: 41" }));
    expect(await within(modal).findByText("Bet is placed!")).toBeTruthy();
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({ riderId: "r1", type: "WIN", amount: 41 });
    await waitFor(() => expect(balance()).toBe("59"));
    fireEvent.click(within(modal).getByRole("button", { name: "OK" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect((oddsButton(/^Bet Win on #63 Marco Bellini.*\(Placed\)$/) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getAllByTestId("bet-item")).toHaveLength(1);
  });

  it("an ACROSS bet moves in steps of 3 and shows its split live; AcrossInfo explains it", async () => {
    const { calls } = await open(betsWorld());
    fireEvent.click(oddsButton(/^Bet across the grid on #93/));
    const modal = await dialog();
    fireEvent.keyDown(slider(), { key: "ArrowRight" });
    await waitFor(() => expect(slider().getAttribute("aria-valuenow")).toBe("33"));
    const split = within(modal).getByTestId("across-split");
    // Álvaro Núñez: WIN 4.50 → PLACE 2.75, SHOW 1.99; 11 on each.
    expect(
      within(split)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["11 on Win at 4.50: pays 49", "11 on Place at 2.75: pays 30", "11 on Show at 1.99: pays 21"]);
    fireEvent.click(within(modal).getByRole("button", { name: "What is across the grid?" }));
    const info = await screen.findByRole("dialog", { name: "Across the grid" });
    expect(await within(info).findByText(/three bets on one rider in one go/)).toBeTruthy();
    fireEvent.click(within(info).getByRole("button", { name: "OK" }));
    const back = await screen.findByRole("dialog", { name: "Bet on #93 Álvaro Núñez" });
    fireEvent.click(within(back).getByRole("button", { name: "Place bet: 33" }));
    expect(await within(back).findByText("Bet is placed!")).toBeTruthy();
    expect(calls.find((c) => c.method === "POST")?.body).toEqual({ riderId: "r2", type: "ACROSS", amount: 33 });
  });

  it("the slider stops at the balance: at 40 diamonds End reaches 40, '40 → 0', and the bet can be placed", async () => {
    await open(betsWorld({ balance: 40 }));
    fireEvent.click(oddsButton(/^Bet Show on #51/));
    const modal = await dialog();
    fireEvent.keyDown(await within(modal).findByRole("slider"), { key: "End" });
    await waitFor(() => expect(slider().getAttribute("aria-valuenow")).toBe("40"));
    expect(slider().getAttribute("aria-valuemax")).toBe("40");
    expect(within(modal).getByText("Balance: 40 → 0 diamonds after this bet")).toBeTruthy();
    expect((within(modal).getByRole("button", { name: "Place bet: 40" }) as HTMLButtonElement).disabled).toBe(false);
    expect(within(modal).queryByRole("alert")).toBeNull();
  });

  it("below the minimum stake it says so, names the minimum and offers the Store; nothing can be placed", async () => {
    const { calls } = await open(betsWorld({ balance: 10 }));
    fireEvent.click(oddsButton(/^Bet Show on #51/));
    const modal = await dialog();
    const alert = await within(modal).findByRole("alert");
    expect(alert.textContent).toContain("You have 10 diamonds: the minimum stake is 30");
    expect(alert.textContent).not.toContain("lower the stake");
    expect(within(alert).getByRole("link", { name: "Get diamonds in the Store" }).getAttribute("href")).toBe("/shop");
    expect(within(modal).queryByText(/after this bet/)).toBeNull();
    const place = within(modal).getByRole("button", { name: "Place bet: 30" }) as HTMLButtonElement;
    expect(place.disabled).toBe(true);
    fireEvent.click(place);
    expect(calls.some((c) => c.method === "POST")).toBe(false);
  });

  it("opened on the rider at 10 diamonds: the minimum and the Store instead of a type to choose; the Store's link closes the modal", async () => {
    await open(betsWorld({ balance: 10 }));
    fireEvent.click(screen.getByRole("button", { name: "Bet on #51 Luca Ferri" }));
    const modal = await dialog();
    const alert = await within(modal).findByRole("alert");
    expect(alert.textContent).toContain("You have 10 diamonds: the minimum stake is 30");
    expect(within(modal).queryByText("Choose how you want to bet on this rider.")).toBeNull();
    fireEvent.click(within(alert).getByRole("link", { name: "Get diamonds in the Store" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  });

  it("the live balance: falling under the minimum turns the slider into the Store's offer, diamonds arriving bring it back within the balance", async () => {
    await open(betsWorld({ balance: 100 }));
    fireEvent.click(oddsButton(/^Bet Show on #51/));
    const modal = await dialog();
    fireEvent.keyDown(await within(modal).findByRole("slider"), { key: "End" });
    await waitFor(() => expect(slider().getAttribute("aria-valuenow")).toBe("100"));
    push("user-balance-update", { balance: "20" });
    expect((await within(modal).findByRole("alert")).textContent).toContain(
      "You have 20 diamonds: the minimum stake is 30",
    );
    expect(slider().getAttribute("data-disabled")).not.toBeNull();
    push("user-balance-update", { balance: "45" });
    await waitFor(() => expect(within(modal).queryByRole("alert")).toBeNull());
    expect(slider().getAttribute("aria-valuemax")).toBe("45");
    fireEvent.keyDown(slider(), { key: "End" });
    await waitFor(() => expect(slider().getAttribute("aria-valuenow")).toBe("45"));
    expect(within(modal).getByText("Balance: 45 → 0 diamonds after this bet")).toBeTruthy();
  });

  it("an operator moves the race session while the modal is open: its countdown and closed state follow, no reload", async () => {
    const w = betsWorld();
    await open(w);
    fireEvent.click(oddsButton(/^Bet Win on #12/));
    const modal = await dialog();
    const seconds = () => {
      const m = /(?:(\d+)d )?(\d+):(\d+):(\d+)/.exec(
        within(modal).getByTestId("bet-modal-countdown").textContent ?? "",
      )!;
      return Number(m[1] ?? 0) * 86_400 + Number(m[2]) * 3600 + Number(m[3]) * 60 + Number(m[4]);
    };
    const moveTo = (startsAt: number) =>
      push("session-moved", {
        raceId: RACE_ID,
        session: "START",
        sessions: [
          {
            type: "START",
            startsAt: new Date(startsAt).toISOString(),
            endsAt: new Date(startsAt + 3_600_000).toISOString(),
          },
        ],
        at: new Date(w.now).toISOString(),
      });
    const before = seconds();
    moveTo(CLOSES + 3_600_000);
    await waitFor(() => expect(Math.abs(seconds() - before - 3600)).toBeLessThan(5));
    // Earlier than this tab's clock (a move it heard late): closed at once.
    moveTo(w.now - 60_000);
    expect(await within(modal).findByText("The time to make the bet has expired")).toBeTruthy();
    // Later again: the modal opens again for placing, the type as it was.
    moveTo(CLOSES);
    expect(await within(modal).findByRole("button", { name: "Place bet: 30" })).toBeTruthy();
    await waitFor(() => expect(Math.abs(seconds() - before)).toBeLessThan(5));
  });

  it("the server's clock says bets closed (418): 'The time to make the bet has expired'", async () => {
    const w = betsWorld();
    await open(w);
    w.now = CLOSES + 1000;
    fireEvent.click(oddsButton(/^Bet Win on #12/));
    const modal = await dialog();
    fireEvent.click(within(modal).getByRole("button", { name: "Place bet: 30" }));
    // Spec section 8: a 418 shows the app's race-started modal; under it the bet has expired.
    const started = await screen.findByRole("dialog", { name: "Race has already started" });
    fireEvent.keyDown(started, { key: "Escape" });
    expect(await screen.findByText("The time to make the bet has expired")).toBeTruthy();
  });
});

describe("my bets and their outcomes", () => {
  it("AllUserBets lists stake, odds, status and payout; after the race each bet shows its outcome", async () => {
    const won = betOf("r1", "WIN", 50, {
      status: "WON",
      payout: 175,
      legs: [{ type: "WIN", stake: 50, odds: 3.5, status: "WON", payout: 175 }],
    });
    const lost = betOf("r2", "ACROSS", 30, {
      status: "WON",
      payout: 46,
      legs: [
        { type: "WIN", stake: 10, odds: 4.5, status: "LOST", payout: 0 },
        { type: "PLACE", stake: 10, odds: 2.75, status: "WON", payout: 27 },
        { type: "SHOW", stake: 10, odds: 1.99, status: "WON", payout: 19 },
      ],
    });
    const refunded = betOf("r4", "SHOW", 40, {
      status: "REFUNDED",
      refunded: 40,
      legs: [{ type: "SHOW", stake: 40, odds: 2.65, status: "REFUNDED", payout: null }],
    });
    await open(
      betsWorld({
        now: CLOSES + 3 * 3600_000,
        bets: [won, lost, refunded],
        result: { canceled: false, riderIds: ["r1", "r2", "r5"] },
      }),
    );
    expect(screen.getByText("The race is over: here is how your bets did.")).toBeTruthy();
    const result = screen.getByRole("region", { name: "Race result" });
    expect(
      within(result)
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["#63 Marco Bellini", "#93 Álvaro Núñez", "#12 Tom Hale"]);
    fireEvent.click(screen.getByRole("button", { name: "My bets: 3" }));
    const modal = await screen.findByTestId("all-user-bets");
    const items = within(modal).getAllByTestId("bet-item");
    expect(items.map((i) => i.dataset.status)).toEqual(["WON", "WON", "REFUNDED"]);
    expect(within(items[0]!).getByText("Paid")).toBeTruthy();
    expect(within(items[0]!).getByTestId("bet-payout").textContent).toContain("175");
    expect(within(items[1]!).getByText("Win: Lost, 0 · Place: Won, 27 · Show: Won, 19")).toBeTruthy();
    expect(within(items[2]!).getByText("Given back")).toBeTruthy();
  });
});

const note = (value: Notification["value"]): Notification => ({
  id: "n1",
  type: "BET_RESULTS",
  value,
  createdAt: "2026-06-04T10:00:00.000Z",
  isRead: false,
});

describe("a BET_RESULTS notification says how the race's bets did and leads to the bets", () => {
  it("won and paid, or given back for a canceled race", async () => {
    const { i18n } = await import("../../../src/i18n/i18n");
    await i18n.loadNamespaces("notifications");
    const t = i18n.getFixedT("en", "notifications");
    expect(
      describeNotification(note({ raceName: "Czech Grand Prix", bets: 3, won: 2, payout: 120, refunded: 0 }), t),
    ).toEqual({
      text: "Czech Grand Prix: your bets are settled, 2 of 3 won, 120 diamonds paid",
      href: "/bets",
    });
    expect(
      describeNotification(note({ raceName: "Czech Grand Prix", bets: 2, won: 0, payout: 0, refunded: 90 }), t).text,
    ).toBe("Czech Grand Prix was canceled: 90 diamonds of stakes given back");
  });
});

// The raceBets machine's driver: the real Bets screen and its owner (`betsActor`, src/features/bets/betsActor.ts) with
// the modal host, against the bets fake of the views tests (tests/views/bets/betsFixtures.ts) with the race's bets
// held until the path's step answers them. The player comes to the Bets screen (the owner opens the race) and leaves
// it (it closes); the race's answer decides the guards: the server's clock days before the race session's start
// (open), past it (closed), or two seconds before it (the owner's own timer closes bets). The race is read again
// after a bet from another device, the balance moves by the socket's push, and the player bets on a rider in the
// BetOnRider modal, places the bet or closes the modal.
import { act, fireEvent, screen, within } from "@testing-library/react";
import { expect } from "vitest";
import { Route } from "wouter";
import { LiveEvent } from "../../../contract/live";
import { raceBetsMachine } from "../../../machines/raceBets.machine";
import type { QaPath } from "../../../scripts/paths";
import { betKeys } from "../../../src/api/bets";
import { queryClient } from "../../../src/api/queryClient";
import { serverClock } from "../../../src/api/serverClock";
import { ModalHost } from "../../../src/app/ModalHost";
import { paths } from "../../../src/config/paths";
import BetsScreen from "../../../src/screens/bets/BetsScreen";
import { betOf, betsRoutes, betsWorld, CLOSES, RACE_ID, raceBetsView, T0, type BetsWorld } from "../bets/betsFixtures";
import { push } from "../liveMock";
import { renderWithApp, signInForTest } from "../renderWithApp";
import { heldApi, ok, type HeldApi } from "./heldApi";
import type { Step, ViewDriver } from "./walkInJsdom";

// Radix's slider measures its thumb; jsdom has no ResizeObserver.
globalThis.ResizeObserver ??= class {
  observe() {}
  unobserve() {}
  disconnect() {}
} as unknown as typeof ResizeObserver;

type World = {
  api: HeldApi;
  bets: BetsWorld;
  closesAt: number;
  navigate: (to: string) => void;
};

const READ = `/api/v2/bets/circuits/${RACE_ID}`;
const PLACE = `/api/bets/circuits/${RACE_ID}`;
const RIDER = "#63 Marco Bellini";
/** Long enough for the screen to load, short enough to wait for in a test. */
const DEADLINE_SOON_MS = 2500;
const OPEN = "Bets close when the race starts, in";
const CLOSED = "Bets are closed for this race: they close when the race starts.";

const waitsForDeadline = (path: QaPath) => path.steps.some((s) => s.event.startsWith("xstate.after."));
const closedAtOnce = (path: QaPath) => path.steps.some((s) => s.event === "always" && s.otherwise);

const reads = (world: World) => world.api.calls.filter((c) => c.path === READ && c.method === "GET").length;
const winButton = () =>
  screen.getByRole<HTMLButtonElement>("button", { name: new RegExp(`^Bet Win on ${RIDER} at odds`) });
/** The BetOnRider modal (titled with the rider until the bet is placed). */
const betModal = () => screen.queryByRole("dialog");
/** What the status says about betting (its buttons aside). */
const status = () => screen.getByRole("region", { name: "Betting" }).querySelector("p")?.textContent;

/** The race's bets the server answers now: its close as the path needs it. */
const answerRead = (world: World) =>
  world.api.answer(
    "GET",
    READ,
    ok({
      ...raceBetsView(world.bets),
      closesAt: new Date(world.closesAt).toISOString(),
      open: world.bets.now < world.closesAt,
    }),
  );

export const raceBetsDriver: ViewDriver<World> = {
  machine: raceBetsMachine,

  async arrange(path) {
    await signInForTest();
    const soon = waitsForDeadline(path);
    // The server's clock: now (bets close soon), past the race session's start, or the fixtures' morning before it.
    const now = soon ? Date.now() : closedAtOnce(path) ? CLOSES + 60_000 : T0;
    const bets = betsWorld({ now });
    const world: World = {
      api: null as never,
      bets,
      closesAt: soon ? now + DEADLINE_SOON_MS : CLOSES,
      navigate: () => {},
    };
    const routes = betsRoutes(bets);
    world.api = heldApi((call) => {
      if (call.path === READ && call.method === "GET") return "hold";
      if (call.path === PLACE && call.method === "POST") return "hold";
      return routes(call);
    });
    const view = renderWithApp(
      <>
        <Route path={paths.bets}>
          <BetsScreen />
        </Route>
        <ModalHost />
      </>,
      { path: "/" },
    );
    world.navigate = (to) => act(() => view.memory.navigate(to));
    return world;
  },

  act: {
    // The player comes to the Bets screen (its board opens the current race) or leaves it.
    "bets.open": ({ world }) => world.navigate("/bets"),
    "bets.close": ({ world }) => world.navigate("/"),
    // The race's bets answered: the first read, or a read again after a bet placed from another device.
    "bets.data": async ({ world, index }) => {
      if (index > 1) {
        world.bets.bets = [betOf("r2", "WIN", 30), ...world.bets.bets];
        // Not awaited: the read it makes is held until answered below.
        act(() => void queryClient.invalidateQueries({ queryKey: betKeys.race("u1", RACE_ID) }));
      }
      await answerRead(world);
    },
    // The socket's push of the balance (the Store credited, another tab spent).
    "bets.balance": async ({ world }) => {
      world.bets.balance += 25;
      await push(LiveEvent.userBalanceUpdate, { balance: String(world.bets.balance) });
    },
    // The player waits on the screen until bets close.
    "xstate.after.untilDeadline.raceBets.open.ready.betting.open": () => {},
    "rider.bet": () => fireEvent.click(winButton()),
    // The bet placed at the stake offered (the server stores it; the race's bets are read again).
    "done placement": async ({ world }) => {
      const routes = betsRoutes(world.bets);
      fireEvent.click(within(betModal()!).getByRole("button", { name: /^Place bet: \d+$/ }));
      await world.api.answer("POST", PLACE, (call) => routes(call)!);
    },
    "placement.closed": () => fireEvent.click(within(betModal()!).getByRole("button", { name: "Close" })),
  },

  shows: {
    async "open.loading"({ world }) {
      // The race picker is up, the race's board waits for its bets.
      expect(await screen.findByRole("combobox", { name: "Race" })).toBeTruthy();
      expect(await screen.findByRole("status")).toBeTruthy();
      expect(screen.getByText("Loading the bets…")).toBeTruthy();
      expect(screen.queryByRole("list", { name: "Riders and odds" })).toBeNull();
      await expect.poll(() => world.api.held.filter((h) => h.call.path === READ).length).toBe(1);
    },
    async closed() {
      await expect.poll(() => screen.queryByRole("heading", { level: 1, name: "Bets" })).toBeNull();
      expect(screen.queryByRole("dialog")).toBeNull();
    },
    // Passed through at once; after a read again or the owner's timer, what the read or the timer did shows here.
    async "open.ready.betting.checking + open.ready.flow.idle"({ step, index }: Step<World>) {
      if (step.event === "bets.data" && index > 1)
        expect(await screen.findByRole("button", { name: "My bets: 1" })).toBeTruthy();
      if (step.event.startsWith("xstate.after.")) {
        await expect.poll(status).toBe(CLOSED);
        expect(winButton().disabled).toBe(true);
      }
    },
    async "open.ready.betting.open + open.ready.flow.idle"({ world, step }) {
      await expect.poll(status).toContain(OPEN);
      expect(screen.getByRole("timer")).toBeTruthy();
      await expect.poll(() => winButton().disabled).toBe(false);
      await expect.poll(betModal).toBeNull();
      await expect.poll(() => screen.getByTestId("balance").textContent).toBe(String(world.bets.balance));
      if (step.event === "placement.closed") expect(world.api.calls.filter((c) => c.path === PLACE)).toEqual([]);
    },
    async "open.ready.betting.closed + open.ready.flow.idle"() {
      await expect.poll(status).toBe(CLOSED);
      expect(screen.queryByRole("timer")).toBeNull();
      expect(winButton().disabled).toBe(true);
    },
    async "open.ready.betting.open + open.ready.flow.placing"({ world, step }) {
      await expect.poll(betModal).not.toBeNull();
      if (step.event === "rider.bet") expect(await within(betModal()!).findByText(`Bet on ${RIDER}`)).toBeTruthy();
      if (step.event === "done placement") {
        expect((await within(betModal()!).findByTestId("bet-placed")).textContent).toBe("Bet is placed!");
        expect(within(betModal()!).getByText(`Your balance is now ${world.bets.balance} diamonds.`)).toBeTruthy();
        // The race's bets are read again after the bet (a held read past the first).
        await expect.poll(() => reads(world)).toBe(2);
      } else {
        const types = within(betModal()!).getByRole("group", { name: "Bet type" });
        expect(within(types).getByRole("button", { name: /^Win/ }).getAttribute("aria-pressed")).toBe("true");
        expect(within(betModal()!).getByRole("button", { name: /^Place bet: \d+$/ })).toBeTruthy();
      }
    },
  },

  // The Bets screen keys a race's board by the race and the player: another race (or player) unmounts the old board,
  // which closes its race, before the new board opens its own, so the owner never sees a race opened on another.
  unplayable: (path) =>
    path.steps.filter((s) => s.event === "bets.open").length > 1
      ? "the screen closes a race before it opens the next one (the board's effect cleans up first)"
      : null,

  cleanup() {
    // Back to the tab's own clock for the next path.
    serverClock.alignTo(new Date().toISOString());
  },
};

// The upgradeButton machine's driver: the real Predictions screen and its owner (`weekendActor`,
// src/features/predictions/weekendActor.ts) with the modal host, so the button is one of the 15 the weekend spawns
// when its data arrives, against the predictions fake of the views tests (tests/views/predictions/predictionFixtures.ts)
// with the purchase call held until the path's step answers it. Each path plays one button, the one its first
// verdict names: the sprint podium's insurance already bought, FP1's ×2 already bought, the race podium's insurance
// (too few diamonds for it when it must be blocked), the pole's ×2 with no pick saved, the race podium's ×2 or the
// race winner's ×2. A new verdict (`upgrade.sync`) is the live balance push; the confirm a fresh verdict refuses is
// a balance that fell under the price while the Upgrade modal was open.
import { act, fireEvent, screen, within } from "@testing-library/react";
import { expect } from "vitest";
import { Route } from "wouter";
import { upgradeButtonMachine } from "../../../machines/upgradeButton.machine";
import type { QaPath } from "../../../scripts/paths";
import { applyBalanceUpdate } from "../../../src/api/diamonds";
import { queryClient } from "../../../src/api/queryClient";
import { ModalHost } from "../../../src/app/ModalHost";
import { paths } from "../../../src/config/paths";
import { weekendActor } from "../../../src/features/predictions/weekendActor";
import PredictionsScreen from "../../../src/screens/predictions/PredictionsScreen";
import { pick, RACE_ID, routes, world as predictionWorld, type World as Fake } from "../predictions/predictionFixtures";
import { renderWithApp, signInForTest } from "../renderWithApp";
import { heldApi, refusal, type HeldApi } from "./heldApi";
import type { Step, ViewDriver } from "./walkInJsdom";

/** The button a path plays: its buy label, its active label, its price, and what the bought modal says. */
type Button = { buy: string; active: string; price: number; done: string };

type World = {
  api: HeldApi;
  fake: Fake;
  button: Button;
  /** What the Upgrade modal says after a refusal or a failure. */
  error: string | null;
};

const UPGRADES = `/api/predictions/races/${RACE_ID}/upgrades`;

const buttons = {
  sprintInsurance: {
    buy: "Insurance · 40 (the sprint podium)",
    active: "Insured (the sprint podium)",
    price: 40,
    done: "Insurance is active for the sprint podium",
  },
  fp1: {
    buy: "×2 · 30 (Fastest in FP1)",
    active: "×2 active (Fastest in FP1)",
    price: 30,
    done: "×2 is active for Fastest in FP1",
  },
  raceInsurance: {
    buy: "Insurance · 40 (the race podium)",
    active: "Insured (the race podium)",
    price: 40,
    done: "Insurance is active for the race podium",
  },
  pole: {
    buy: "×2 · 30 (Pole position)",
    active: "×2 active (Pole position)",
    price: 30,
    done: "×2 is active for Pole position",
  },
  racePodium: {
    buy: "Podium ×2 · 60 (the race podium)",
    active: "×2 active (the race podium)",
    price: 60,
    done: "Podium ×2 is active for the race podium",
  },
  raceWinner: {
    buy: "×2 · 30 (Race winner)",
    active: "×2 active (Race winner)",
    price: 30,
    done: "×2 is active for Race winner",
  },
} satisfies Record<string, Button>;

/** The button the path's first verdict is about. */
function buttonOf(path: QaPath): Button {
  const first = path.steps[0]!;
  if (first.otherwise) return buttons.raceWinner;
  const byGuard: Record<string, Button> = {
    boughtInsurance: buttons.sprintInsurance,
    bought: buttons.fp1,
    blockedInsurance: buttons.raceInsurance,
    blocked: buttons.pole,
    insurance: buttons.raceInsurance,
    podium: buttons.racePodium,
  };
  return byGuard[first.guard ?? ""]!;
}

const upgradeButton = (name: string) => screen.getByRole<HTMLButtonElement>("button", { name, hidden: true });
/** Why a disabled button cannot be pressed: the hint it is described by. */
const hintOf = (b: HTMLElement) => document.getElementById(b.getAttribute("aria-describedby") ?? "")?.textContent;
const modal = () => screen.queryByRole("dialog");
const inModal = () => within(modal()!);

/** The live balance push (the Store credited, another tab spent): the weekend hands every button its new verdict. */
async function pushBalance(world: World, balance: number) {
  world.fake.balance = balance;
  await act(() => applyBalanceUpdate(queryClient, { balance: String(balance) }));
}

/** The Upgrade modal asking, with the price against the balance the button was last handed. */
async function asking(world: World) {
  const { price } = world.button;
  await expect
    .poll(() => modal()?.textContent ?? "")
    .toContain(`Balance: ${world.fake.balance} → ${world.fake.balance - price} diamonds after this`);
  expect(inModal().getByRole("button", { name: `Buy for ${price} diamonds` })).toBeTruthy();
}

export const upgradeButtonDriver: ViewDriver<World> = {
  machine: upgradeButtonMachine,

  async arrange(path) {
    await signInForTest();
    const button = buttonOf(path);
    // FP1's ×2 and the sprint podium's insurance bought, the race podium saved; the pole not picked.
    const fake = predictionWorld({
      balance: button === buttons.raceInsurance && path.steps[0]!.guard === "blockedInsurance" ? 30 : 100,
      picks: [
        pick("FP1", "r1", ["PREDICTION"]),
        pick("SPRINT_FIRST", "r1", ["PREDICTION_INSURANCE_SPRINT"]),
        pick("SPRINT_SECOND", "r2", ["PREDICTION_INSURANCE_SPRINT"]),
        pick("SPRINT_THIRD", "r4", ["PREDICTION_INSURANCE_SPRINT"]),
        pick("RACE_FIRST", "r1"),
        pick("RACE_SECOND", "r2"),
        pick("RACE_THIRD", "r4"),
      ],
    });
    const world: World = { api: null as never, fake, button, error: null };
    const fakeRoutes = routes(fake);
    world.api = heldApi((call) => {
      if (call.path === UPGRADES && call.method === "POST") return "hold";
      return fakeRoutes(call);
    });
    renderWithApp(
      <>
        <Route path={paths.predictions}>
          <PredictionsScreen />
        </Route>
        <ModalHost />
      </>,
      { path: "/predictions" },
    );
    await screen.findByRole("heading", { level: 2, name: "Czech Grand Prix" });
    await screen.findByText(/^Predictions made:/);
    return world;
  },

  act: {
    "upgrade.press": ({ world }) => fireEvent.click(upgradeButton(world.button.buy)),
    // A new verdict: the balance moves, or falls under the price when the confirm must find the button blocked.
    "upgrade.sync": ({ world }) => pushBalance(world, world.fake.balance + 10),
    async "upgrade.confirm"({ world, step }) {
      if (step.otherwise) {
        await pushBalance(world, world.button.price - 10);
        await asking(world);
      }
      fireEvent.click(inModal().getByRole("button", { name: `Buy for ${world.button.price} diamonds` }));
    },
    "upgrade.cancel": () => fireEvent.click(inModal().getByRole("button", { name: "Cancel" })),
    "done purchase": async ({ world }: Step<World>) => {
      const fakeRoutes = routes(world.fake);
      await world.api.answer("POST", UPGRADES, (call) => fakeRoutes(call)!);
    },
    // The session started on the server's clock (418), or the server refused: the rider was injured meanwhile.
    "error purchase": async ({ world, step }) => {
      if (step.guard === "raceStarted") {
        world.error = "Race has already started";
        await world.api.answer("POST", UPGRADES, refusal(418, "raceStarted", world.error));
      } else {
        world.error = "Rider has been Injured";
        await world.api.answer("POST", UPGRADES, refusal(409, "riderInjured", world.error));
      }
    },
  },

  shows: {
    // Passed through at once; where a path ends here, what the button came back to is checked.
    async evaluating({ world, step }) {
      const { button } = world;
      if (step.event === "upgrade.sync") {
        // A bought upgrade stays shown as bought.
        await expect.poll(() => screen.getByTestId("balance").textContent).toBe(String(world.fake.balance));
        expect(upgradeButton(button.active).disabled).toBe(true);
      } else if (step.event === "upgrade.cancel") {
        await expect.poll(() => modal()).toBeNull();
        expect(upgradeButton(button.buy).disabled).toBe(false);
      } else if (step.event === "upgrade.confirm") {
        // The verdict moved while the modal was open: nothing bought, the modal says so, the button is blocked.
        expect(await inModal().findByRole("alert")).toHaveProperty(
          "textContent",
          "This upgrade cannot be bought right now.",
        );
        expect(upgradeButton(button.buy).disabled).toBe(true);
        expect(hintOf(upgradeButton(button.buy))).toBe("Not enough diamonds");
        expect(world.api.calls.filter((c) => c.path === UPGRADES)).toEqual([]);
      } else if (step.event === "done purchase") {
        expect(await screen.findByText(button.done)).toBeTruthy();
        fireEvent.click(screen.getByRole("button", { name: "OK" }));
        expect(await screen.findByRole("button", { name: button.active })).toBeTruthy();
        expect(upgradeButton(button.active).disabled).toBe(true);
        expect(screen.getByTestId("balance").textContent).toBe(String(world.fake.balance));
      } else if (step.guard === "raceStarted") {
        // The app's race-started modal, and the button locked until the next verdict.
        expect(await screen.findByText("Race has already started")).toBeTruthy();
        await expect.poll(() => upgradeButton(button.buy).disabled).toBe(true);
        expect(hintOf(upgradeButton(button.buy))).toBe("Session started");
      } else if (step.event === "error purchase") {
        await expect.poll(() => modal()?.querySelector("[role=alert]")?.textContent).toBe(world.error);
        expect(upgradeButton(button.buy).disabled).toBe(false);
      }
    },
    async INSURANCE_ACTIVE({ world }) {
      const b = await screen.findByRole<HTMLButtonElement>("button", { name: world.button.active });
      expect(b.disabled).toBe(true);
    },
    async UPGRADE_ACTIVE({ world }) {
      const b = await screen.findByRole<HTMLButtonElement>("button", { name: world.button.active });
      expect(b.disabled).toBe(true);
    },
    async INSURANCE_DISABLED({ world }) {
      const b = await screen.findByRole<HTMLButtonElement>("button", { name: world.button.buy });
      expect(b.disabled).toBe(true);
      expect(b.getAttribute("data-state")).toBe("INSURANCE_DISABLED");
      expect(hintOf(b)).toBe("Not enough diamonds");
    },
    async UPGRADE_DISABLED({ world }) {
      const b = await screen.findByRole<HTMLButtonElement>("button", { name: world.button.buy });
      expect(b.disabled).toBe(true);
      expect(b.getAttribute("data-state")).toBe("UPGRADE_DISABLED");
      expect(hintOf(b)).toBe("Save the pick first");
    },
    async INSURANCE({ world }) {
      const b = await screen.findByRole<HTMLButtonElement>("button", { name: world.button.buy });
      expect(b.disabled).toBe(false);
      expect(b.getAttribute("data-state")).toBe("INSURANCE");
    },
    async UPGRADE_PODIUM({ world }) {
      const b = await screen.findByRole<HTMLButtonElement>("button", { name: world.button.buy });
      expect(b.disabled).toBe(false);
      expect(b.getAttribute("data-state")).toBe("UPGRADE_PODIUM");
    },
    async UPGRADE({ world }) {
      const b = await screen.findByRole<HTMLButtonElement>("button", { name: world.button.buy });
      expect(b.disabled).toBe(false);
      expect(b.getAttribute("data-state")).toBe("UPGRADE");
    },
    async confirming({ world }) {
      await asking(world);
      expect(world.api.calls.filter((c) => c.path === UPGRADES)).toEqual([]);
    },
    async purchasing({ world }) {
      await asking(world);
      await expect.poll(() => inModal().getByRole<HTMLButtonElement>("button", { name: "Cancel" }).disabled).toBe(true);
      expect(upgradeButton(world.button.buy).getAttribute("aria-busy")).toBe("true");
      expect(world.api.calls.filter((c) => c.path === UPGRADES)).toHaveLength(1);
    },
  },

  // The weekend actor lives for the whole file, as it lives for the app: opening a weekend nobody plays and closing
  // it drops what a path left.
  cleanup() {
    weekendActor.send({ type: "weekend.open", session: { userId: "", raceId: "" } });
    weekendActor.send({ type: "weekend.close" });
  },
};

// What the Predictions screen's walks share (predictionForm, predictionWeekend, chooseRider): the real screen with
// the modal host under its route, the predictions fake of the views tests (tests/views/predictions/predictionFixtures.ts)
// behind a network that holds the calls a path answers itself, and what a player does there (a card's action, a rider
// in the ChooseRider modal, leaving the screen and coming back). The arrangement is the one of the predictionChange
// and upgradeButton drivers.
import { act, fireEvent, screen, within } from "@testing-library/react";
import { expect } from "vitest";
import { Route } from "wouter";
import type { SavedPick } from "../../../contract/predictions";
import { serverClock } from "../../../src/api/serverClock";
import { ModalHost } from "../../../src/app/ModalHost";
import { paths } from "../../../src/config/paths";
import { weekendActor } from "../../../src/features/predictions/weekendActor";
import PredictionsScreen from "../../../src/screens/predictions/PredictionsScreen";
import type { Call } from "../screens/stubRoutes";
import { RACE_ID, routes, world as predictionWorld, type World as Server } from "../predictions/predictionFixtures";
import { renderWithApp, signInForTest } from "../renderWithApp";
import { heldApi, type HeldApi } from "./heldApi";

export const PREDICTION = `/api/predictions/races/${RACE_ID}`;

export type Screen = {
  api: HeldApi;
  server: Server;
  /** Where the app is (the screen unmounts when it leaves /predictions). */
  navigate(to: string): void;
};

type Options = { picks?: SavedPick[]; balance?: number; now?: number; hold?: (call: Call) => boolean };

/** Signs in and stubs the fake: a call `hold` names waits for the path's step. */
export async function stubPredictions(options: Options = {}): Promise<Pick<Screen, "api" | "server">> {
  await signInForTest();
  const server = predictionWorld({
    picks: options.picks ?? [],
    balance: options.balance ?? 100,
    ...(options.now === undefined ? {} : { now: options.now }),
  });
  const fake = routes(server);
  const api = heldApi((call) => (options.hold?.(call) ? "hold" : fake(call)));
  return { api, server };
}

/** Renders the Predictions screen (it opens its weekend once the race's heading is on screen). */
export function renderPredictions(): Screen["navigate"] {
  const { memory } = renderWithApp(
    <>
      <Route path={paths.predictions}>
        <PredictionsScreen />
      </Route>
      <ModalHost />
    </>,
    { path: paths.predictions },
  );
  return (to) => act(() => memory.navigate(to));
}

/** Signs in, stubs the fake and renders the Predictions screen until the weekend's cards are on screen. */
export async function openPredictions(options: Options = {}): Promise<Screen> {
  const { api, server } = await stubPredictions(options);
  const navigate = renderPredictions();
  await boardShown();
  return { api, server, navigate };
}

/** The weekend's board is on screen: the race's heading and the completion bar. */
export async function boardShown() {
  await screen.findByRole("heading", { level: 2, name: "Czech Grand Prix" });
  await screen.findByText(/^Predictions made:/);
}

/** A category's card, by its English name. */
// Behind an open modal the board is hidden from the accessibility tree: it is still what the player sees around it.
export const card = (category: string) => screen.getByRole("listitem", { name: category, hidden: true });

/** Presses a card's action (`Choose rider`, `Choose another`, `Change · 15`, `Choose another rider (free)`). */
export const pressCardAction = (action: string, category: string) =>
  fireEvent.click(screen.getByRole("button", { name: `${action} (${category})` }));

/** The ChooseRider modal's list of riders for a category, once open. */
export const chooserList = (category: string) => screen.findByRole("list", { name: `Riders for ${category}` });
export const chooserOpen = () => screen.queryByRole("list", { name: /^Riders for / }) !== null;

/** Picks a rider in the open ChooseRider modal. */
export async function pickRider(category: string, rider: string) {
  const list = await chooserList(category);
  fireEvent.click(within(list).getByRole("button", { name: new RegExp(rider) }));
}

/** A choice made the way a player makes it: the card's action, then the rider in the chooser. */
export async function choose(category: string, rider: string, action = "Choose rider") {
  pressCardAction(action, category);
  await pickRider(category, rider);
  await expect.poll(chooserOpen).toBe(false);
}

/** The rider a card shows (its name), or the card's "No rider chosen yet". */
export const riderOn = (category: string) => {
  const c = card(category);
  return within(c).queryByText("No rider chosen yet") ? null : c.textContent;
};

/** The save bar's line (its status or alert), null when the bar is not shown. */
export const saveMessage = () =>
  screen.queryByText(/^(Choices not saved yet: \d+|Predictions saved|A saved prediction|.* is already your .* pick)/)
    ?.textContent ?? null;

/** The predictions POSTs the server was sent (held or answered). */
export const saves = (api: HeldApi) => api.calls.filter((c) => c.path === PREDICTION && c.method === "POST");

/** The board's weekend left as the app leaves it for the next player: nobody's draft, the tab's own clock. */
export function forgetWeekend() {
  weekendActor.send({ type: "weekend.open", session: { userId: "", raceId: "" } });
  weekendActor.send({ type: "weekend.close" });
  serverClock.alignTo(new Date().toISOString());
}

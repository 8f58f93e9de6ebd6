import { act, configure, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Route } from "wouter";
import { notificationsActor } from "../../../src/runtime/appActor";
import { modals } from "../../../src/runtime/hooks";
import { ModalHost } from "../../../src/app/ModalHost";
import { paths } from "../../../src/config/paths";
import { weekendActor } from "../../../src/features/predictions/weekendActor";
import PredictionsScreen from "../../../src/screens/predictions/PredictionsScreen";
import { json } from "../fixtures";
import { renderWithApp, resetApp, signInForTest } from "../renderWithApp";
import { stubRoutes } from "../screens/stubRoutes";
import {
  ok,
  pick,
  race,
  RACE_ID,
  riders,
  routes,
  startOf,
  T0,
  view as raceView,
  world,
  type World,
} from "./predictionFixtures";

/**
 * The weekend actor lives for the whole file, as it lives for the app: opening a weekend nobody plays and closing it
 * drops the draft a test left, so the next test starts without it.
 */
function forgetWeekendDraft() {
  weekendActor.send({ type: "weekend.open", session: { userId: "", raceId: "" } });
  weekendActor.send({ type: "weekend.close" });
}

// The board joins in a transition once its data is in, and a save or a chooser goes through the modal host: on a
// machine shared by several test runs, a second (Testing Library's default) is not always enough.
configure({ asyncUtilTimeout: 4000 });
vi.setConfig({ testTimeout: 30_000 });

afterEach(() => {
  resetApp();
  forgetWeekendDraft();
});

async function open(w: World, { ready = true } = {}) {
  await signInForTest();
  const calls = stubRoutes(routes(w));
  const view = renderWithApp(
    <>
      <Route path={paths.predictions}>
        <PredictionsScreen />
      </Route>
      <Route path={paths.bets}>
        <h1>Bets</h1>
      </Route>
      <ModalHost />
    </>,
    { path: "/predictions" },
  );
  await screen.findByRole("heading", { level: 2, name: "Czech Grand Prix" });
  if (ready) await screen.findByText(/^Predictions made:/);
  return { calls, ...view };
}

const card = (name: string) => screen.getByRole("listitem", { name });
const dialog = () => screen.findByRole("dialog");
const balance = () => screen.getByTestId("balance").textContent;

/** Opens the chooser of `category` and picks the rider `name`. */
async function choose(category: string, name: RegExp) {
  fireEvent.click(await screen.findByRole("button", { name: `Choose rider (${category})` }));
  const modal = await dialog();
  fireEvent.click(await within(modal).findByRole("button", { name }));
  await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
}

describe("the predictions screen opens on the current race", () => {
  it("shows the next race in the picker, its sessions in the player's zone with a countdown, and 11 pick cards", async () => {
    await open(world());
    expect((screen.getByRole("combobox", { name: "Race" }) as HTMLSelectElement).value).toBe(RACE_ID);
    expect(await screen.findByText(/Times in your time zone: .+ \(.+\)/)).toBeTruthy();
    expect(screen.getByText("FP1 starts in")).toBeTruthy();
    expect(screen.getAllByText("Upcoming")).toHaveLength(7);
    expect(screen.getAllByRole("button", { name: /^Choose rider \(/ })).toHaveLength(11);
    expect(screen.getByText("Predictions made: 0 of 11")).toBeTruthy();
    expect(screen.getByText("Make all 11 to earn 20 diamonds")).toBeTruthy();
    expect(balance()).toBe("100");
  });

  it("opens on the next race of the calendar, and the picker moves to another race", async () => {
    const past = { ...race, id: "R0", round: 11, name: "Austrian Grand Prix" };
    const w = world({ races: [past, race] });
    w.extra = (call) => {
      if (call.path === "/api/predictions/races/R0") return ok({ ...raceView(w), raceId: "R0" });
      if (call.path === "/api/v2/races/R0/riders") return ok({ raceId: "R0", version: 1, riders });
      return undefined;
    };
    const { calls } = await open(w);
    const picker = screen.getByRole("combobox", { name: "Race" }) as HTMLSelectElement;
    expect(picker.value).toBe(RACE_ID);
    expect([...picker.options].map((o) => o.textContent)).toEqual([
      "Round 11 · Austrian Grand Prix",
      "Round 12 · Czech Grand Prix",
    ]);
    fireEvent.change(picker, { target: { value: "R0" } });
    expect(await screen.findByRole("heading", { level: 2, name: "Austrian Grand Prix" })).toBeTruthy();
    await waitFor(() => expect(calls.some((c) => c.path === "/api/predictions/races/R0")).toBe(true));
  });

  it("opens on the last race when the season is over (no next race)", async () => {
    const first = { ...race, id: "R0", round: 1, name: "Qatar Grand Prix" };
    const w = world({ races: [first, race], next: [] });
    await open(w);
    expect((screen.getByRole("combobox", { name: "Race" }) as HTMLSelectElement).value).toBe(RACE_ID);
  });

  it("says so when the race has no rider to pick", async () => {
    await open(world({ riders: [] }), { ready: false });
    expect(await screen.findByText("There are no riders available for prediction")).toBeTruthy();
  });

  it("offers Try Again when the picks cannot be loaded", async () => {
    const w = world({
      extra: (call) =>
        call.path === `/api/predictions/races/${RACE_ID}`
          ? json(500, { statusCode: 500, code: "somethingWentWrong", message: "Something went wrong." })
          : undefined,
    });
    await open(w, { ready: false });
    expect(await screen.findByText("The predictions could not be loaded.")).toBeTruthy();
    w.extra = undefined;
    fireEvent.click(screen.getByRole("button", { name: "Try Again" }));
    expect(await screen.findByText("Predictions made: 0 of 11")).toBeTruthy();
  });
});

describe("choosing and saving picks", () => {
  it("the chooser shows number, name and team; injured riders and a podium mate's rider cannot be chosen", async () => {
    await open(world());
    await choose("Race winner", /Marco Bellini/);
    expect(within(card("Race winner")).getByText("Marco Bellini")).toBeTruthy();
    expect(within(card("Race winner")).getByText("Not saved")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Choose rider (Race 2nd place)" }));
    const modal = await dialog();
    expect(await within(modal).findByRole("heading", { name: "Race 2nd place: choose a rider" })).toBeTruthy();
    expect(
      within(modal).getByRole("button", { name: /^Number 93 ?Álvaro Núñez ?Borgo Panigale Factory$/ }),
    ).toBeTruthy();
    expect((within(modal).getByRole("button", { name: /Kenji Sato.*Injured$/ }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    expect(
      (within(modal).getByRole("button", { name: /Marco Bellini.*Your Race winner pick$/ }) as HTMLButtonElement)
        .disabled,
    ).toBe(true);
  });

  it("saves with POST data and the race version, then counts the saved picks", async () => {
    const { calls } = await open(world());
    await choose("Fastest in FP1", /Marco Bellini/);
    await choose("Pole position", /Luca Ferri/);
    expect(screen.getByText("Choices not saved yet: 2")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Save predictions" }));
    expect(await screen.findByText("Predictions saved")).toBeTruthy();
    const post = calls.find((c) => c.method === "POST" && c.path === `/api/predictions/races/${RACE_ID}`);
    expect(post?.body).toEqual({
      version: 3,
      data: [
        { category: "FP1", riderId: "r1" },
        { category: "POLEMAN", riderId: "r4" },
      ],
    });
    expect(screen.getByText("Predictions made: 2 of 11")).toBeTruthy();
    expect(within(card("Fastest in FP1")).getByText("Saved")).toBeTruthy();
    expect(within(card("Fastest in FP1")).getByRole("button", { name: "Change · 10 (Fastest in FP1)" })).toBeTruthy();
  });

  it("all 11 saved: the weekend is complete and the 20-diamond bonus shows in the balance", async () => {
    const w = world({
      picks: [
        pick("FP1", "r1"),
        pick("PRACTICE_FASTEST", "r1"),
        pick("FP2", "r1"),
        pick("POLEMAN", "r1"),
        pick("SPRINT_FIRST", "r1"),
        pick("SPRINT_SECOND", "r2"),
        pick("SPRINT_THIRD", "r4"),
        pick("RACE_FIRST", "r1"),
        pick("RACE_SECOND", "r2"),
        pick("RACE_THIRD", "r4"),
      ],
    });
    await open(w);
    await choose("Most positions gained", /Tom Hale/);
    fireEvent.click(screen.getByRole("button", { name: "Save predictions" }));
    expect(await screen.findByText("Weekend complete: bonus of 20 diamonds earned")).toBeTruthy();
    expect(screen.getByText("Predictions made: 11 of 11")).toBeTruthy();
    await waitFor(() => expect(balance()).toBe("120"));
  });

  it("a card whose session has started without a pick says the time has expired", async () => {
    await open(world({ now: startOf("FP1") + 10 * 60_000 }));
    expect(within(card("Fastest in FP1")).getByText("The time to make the prediction has expired")).toBeTruthy();
    expect(within(card("Fastest in FP1")).queryByRole("button", { name: /Choose/ })).toBeNull();
  });
});

describe("an injured rider's pick", () => {
  it("is chosen again free of charge before its session: PUT without a change confirmation", async () => {
    const { calls } = await open(world({ picks: [pick("POLEMAN", "r3")] }));
    const pole = card("Pole position");
    expect(within(pole).getByText("Rider has been Injured")).toBeTruthy();
    fireEvent.click(within(pole).getByRole("button", { name: "Choose another rider (free) (Pole position)" }));
    fireEvent.click(await within(await dialog()).findByRole("button", { name: /Tom Hale/ }));
    await waitFor(() =>
      expect(calls.find((c) => c.method === "PUT")?.body).toEqual({
        version: 3,
        data: [{ category: "POLEMAN", riderId: "r5" }],
      }),
    );
    expect(await within(card("Pole position")).findByText("Tom Hale")).toBeTruthy();
    expect(balance()).toBe("100");
  });

  it("shows up on the open screen when the notice arrives, even one found only by the reload after a reconnect", async () => {
    const w = world({ picks: [pick("POLEMAN", "r1")] });
    await open(w);
    await waitFor(() => expect(notificationsActor.getSnapshot().matches({ active: "loading" })).toBe(false));
    expect(within(card("Pole position")).queryByText("Rider has been Injured")).toBeNull();
    // The operator injures the rider: the server refunds the pick and stores the notice.
    w.picks[0]!.riderAvailable = false;
    const notice = {
      id: "n-injured",
      type: "INJURED_RIDER_PREDICTIONS",
      value: { riderName: "Marco Bellini", raceName: "Czech Grand Prix" },
      createdAt: new Date(T0).toISOString(),
      isRead: false,
    };
    act(() => notificationsActor.send({ type: "notifications.received", items: [notice] }));
    expect(await within(card("Pole position")).findByText("Rider has been Injured")).toBeTruthy();
  });
});

describe("upgrades", () => {
  it("buys a ×2 through the Upgrade modal; the button turns active and the balance drops", async () => {
    const { calls } = await open(world({ picks: [pick("RACE_FIRST", "r1")] }));
    fireEvent.click(await screen.findByRole("button", { name: "×2 · 30 (Race winner)" }));
    const modal = await dialog();
    expect(await within(modal).findByText("Buy ×2 for Race winner for 30 diamonds?")).toBeTruthy();
    fireEvent.click(within(modal).getByRole("button", { name: "Buy for 30 diamonds" }));
    expect(await screen.findByText("×2 is active for Race winner")).toBeTruthy();
    const body = calls.find((c) => c.path === `/api/predictions/races/${RACE_ID}/upgrades`)?.body as Record<
      string,
      unknown
    >;
    expect(body).toMatchObject({ type: "PREDICTION", category: "RACE_FIRST" });
    expect(String(body.idempotencyKey).length).toBeGreaterThanOrEqual(8);
    fireEvent.click(screen.getByRole("button", { name: "OK" }));
    expect(await screen.findByRole("button", { name: "×2 active (Race winner)" })).toBeTruthy();
    expect(balance()).toBe("70");
  });

  it("disabled with the reason: no pick yet, or too few diamonds; podium upgrades need the whole podium", async () => {
    await open(world({ balance: 10, picks: [pick("FP1", "r1")] }));
    const fp1 = card("Fastest in FP1");
    expect(
      (within(fp1).getByRole("button", { name: /^×2 · \d+ \(Fastest in FP1\)$/ }) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect(within(fp1).getByText("Not enough diamonds")).toBeTruthy();
    expect(within(card("Pole position")).getByText("Save the pick first")).toBeTruthy();
    expect(
      (screen.getByRole("button", { name: "Insurance · 40 (the race podium)" }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });
});

describe("changing a saved pick (paid)", () => {
  it("in FP1's first minutes: the EARLY price, confirmed in the ChangePrediction modal, PUT with tier and cost", async () => {
    const { calls } = await open(world({ now: startOf("FP1") + 2 * 60_000, picks: [pick("FP1", "r1")] }));
    fireEvent.click(screen.getByRole("button", { name: "Change · 25 (Fastest in FP1)" }));
    fireEvent.click(await within(await dialog()).findByRole("button", { name: /Luca Ferri/ }));
    const modal = await screen.findByRole("dialog", { name: "Change your prediction?" });
    expect(within(modal).getByText("Fastest in FP1: #63 Marco Bellini → #51 Luca Ferri")).toBeTruthy();
    expect(within(modal).getByText("First minutes of the session:")).toBeTruthy();
    fireEvent.click(within(modal).getByRole("button", { name: "Change for 25 diamonds" }));
    expect(await screen.findByText("Prediction changed")).toBeTruthy();
    const put = calls.find((c) => c.method === "PUT");
    expect(put?.body).toEqual({
      version: 3,
      data: [{ category: "FP1", riderId: "r4" }],
      change: { tier: "EARLY", cost: 25 },
    });
    await waitFor(() => expect(balance()).toBe("75"));
    fireEvent.click(screen.getByRole("button", { name: "OK" }));
    expect(await within(card("Fastest in FP1")).findByText("Luca Ferri")).toBeTruthy();
  });

  it("a podium rider moved to another place swaps with that place: two changes at the BEFORE price", async () => {
    const { calls } = await open(world({ picks: [pick("RACE_FIRST", "r1"), pick("RACE_SECOND", "r2")] }));
    fireEvent.click(screen.getByRole("button", { name: "Change · 10 (Race winner)" }));
    fireEvent.click(
      await within(await dialog()).findByRole("button", { name: /Álvaro Núñez.*Swaps with your Race 2nd place pick/ }),
    );
    const modal = await screen.findByRole("dialog", { name: "Change your prediction?" });
    fireEvent.click(within(modal).getByRole("button", { name: "Change for 20 diamonds" }));
    expect(await screen.findByText("Prediction changed")).toBeTruthy();
    expect(calls.find((c) => c.method === "PUT")?.body).toMatchObject({
      data: [
        { category: "RACE_FIRST", riderId: "r2" },
        { category: "RACE_SECOND", riderId: "r1" },
      ],
      change: { tier: "BEFORE", cost: 20 },
    });
  });

  it("too few diamonds: says what it costs and sends nothing; Cancel closes", async () => {
    const { calls } = await open(world({ balance: 5, picks: [pick("FP1", "r1")] }));
    fireEvent.click(screen.getByRole("button", { name: "Change · 10 (Fastest in FP1)" }));
    fireEvent.click(await within(await dialog()).findByRole("button", { name: /Luca Ferri/ }));
    const modal = await screen.findByRole("dialog", { name: "Not enough diamonds" });
    expect(within(modal).getByText("This change costs 10 diamonds and your balance is 5 diamonds.")).toBeTruthy();
    fireEvent.click(within(modal).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(calls.filter((c) => c.method === "PUT")).toEqual([]);
  });
});

/** The server's clock is a minute into FP1 (this tab's still has FP1 open): a save answers 418 naming FP1. */
const lateSave = (call: { method: string; path: string }) =>
  call.method === "POST" && call.path === `/api/predictions/races/${RACE_ID}`
    ? json(418, { statusCode: 418, code: "raceStarted", message: "Race has already started", sessions: ["FP1"] })
    : undefined;

describe("a late save closes only the sessions that have started", () => {
  it("418 naming FP1: the message names it, only FP1 closes, the other choices stay and save", async () => {
    const w = world();
    w.extra = lateSave;
    const { calls } = await open(w);
    await choose("Fastest in FP1", /Marco Bellini/);
    await choose("Practice fastest", /Álvaro Núñez/);
    await choose("Pole position", /Luca Ferri/);
    expect(screen.getByText("Choices not saved yet: 3")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Save predictions" }));
    expect(
      await screen.findByText("Already started: FP1. What you chose there was not saved; your other choices are kept."),
    ).toBeTruthy();
    // The app's own 418 modal (spec: the race-started text, no button) sits on top until dismissed.
    expect(await within(await dialog()).findByText("Race has already started")).toBeTruthy();
    act(() => modals.close());
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(screen.getByText("Choices not saved yet: 2")).toBeTruthy();
    expect(within(card("Fastest in FP1")).getByText("The time to make the prediction has expired")).toBeTruthy();
    expect(within(card("Practice fastest")).getByText("Álvaro Núñez")).toBeTruthy();
    expect(
      within(card("Practice fastest")).getByRole("button", { name: "Choose another (Practice fastest)" }),
    ).toBeTruthy();
    expect(within(card("Fastest in FP2")).getByRole("button", { name: "Choose rider (Fastest in FP2)" })).toBeTruthy();
    expect(screen.queryByText("Race has already started", { selector: "strong" })).toBeNull();
    // The weekend is read again (the server's clock is ahead), then the rest saves.
    await waitFor(() =>
      expect(
        calls.filter((c) => c.method === "GET" && c.path === `/api/predictions/races/${RACE_ID}`).length,
      ).toBeGreaterThan(1),
    );
    w.extra = undefined;
    fireEvent.click(screen.getByRole("button", { name: "Save predictions" }));
    expect(await screen.findByText("Predictions saved")).toBeTruthy();
    const posts = calls.filter((c) => c.method === "POST" && c.path === `/api/predictions/races/${RACE_ID}`);
    expect(posts.at(-1)?.body).toEqual({
      version: 3,
      data: [
        { category: "PRACTICE_FASTEST", riderId: "r2" },
        { category: "POLEMAN", riderId: "r4" },
      ],
    });
    expect(screen.getByText("Predictions made: 2 of 11")).toBeTruthy();
  });
});

describe("unsaved choices are kept while the app is open", () => {
  it("leaving Predictions for Bets and coming back shows the same weekend's choices, still unsaved", async () => {
    const { memory } = await open(world());
    await choose("Fastest in FP1", /Marco Bellini/);
    await choose("Race winner", /Luca Ferri/);
    expect(screen.getByText("Choices not saved yet: 2")).toBeTruthy();
    act(() => memory.navigate(paths.bets));
    expect(await screen.findByRole("heading", { level: 1, name: "Bets" })).toBeTruthy();
    act(() => memory.navigate(paths.predictions));
    expect(await screen.findByText("Choices not saved yet: 2")).toBeTruthy();
    expect(within(card("Fastest in FP1")).getByText("Marco Bellini")).toBeTruthy();
    expect(within(card("Race winner")).getByText("Not saved")).toBeTruthy();
  });

  it("another race in the picker drops the draft", async () => {
    const other = { ...race, id: "R0", round: 11, name: "Austrian Grand Prix" };
    const w = world({ races: [other, race] });
    w.extra = (call) => {
      if (call.path === "/api/predictions/races/R0") return ok({ ...raceView(w), raceId: "R0" });
      if (call.path === "/api/v2/races/R0/riders") return ok({ raceId: "R0", version: 1, riders });
      return undefined;
    };
    await open(w);
    await choose("Fastest in FP1", /Marco Bellini/);
    const picker = screen.getByRole("combobox", { name: "Race" });
    fireEvent.change(picker, { target: { value: "R0" } });
    expect(await screen.findByRole("heading", { level: 2, name: "Austrian Grand Prix" })).toBeTruthy();
    await screen.findByText(/^Predictions made:/);
    fireEvent.change(picker, { target: { value: RACE_ID } });
    expect(await screen.findByRole("heading", { level: 2, name: "Czech Grand Prix" })).toBeTruthy();
    await screen.findByText(/^Predictions made:/);
    expect(screen.queryByText(/Choices not saved yet/)).toBeNull();
    expect(within(card("Fastest in FP1")).getByRole("button", { name: "Choose rider (Fastest in FP1)" })).toBeTruthy();
  });
});

// The raceControlAction machine's driver: the Action panel of the staff's race-control page (src/features/raceControl/
// ActionPanel.tsx) on the flow race control's owner spawns from the page's buttons. Each path plays the action its
// steps need: "Substitute for Joan Mir" for a rider only chosen, "Add a wildcard" when the choice changes after a
// refusal, "Injure Marc Marquez" when the server refuses a one-step action, "Confirm the weekend" otherwise. A
// one-step action is `ready` at once; an entry once a rider of the class pool is chosen in the panel (the confirm is
// disabled until then). The server's answer to the held call decides the outcome.
import { fireEvent, screen } from "@testing-library/react";
import { expect } from "vitest";
import { raceControlActionMachine } from "../../../machines/raceControlAction.machine";
import type { QaPath } from "../../../scripts/paths";
import { i18n } from "../../../src/i18n/i18n";
import { ok, refusal, type HeldApi } from "./heldApi";
import {
  clickIn,
  id,
  panel,
  RACE,
  raceControlApi,
  raceControlShown,
  renderRaceControl,
  signInOperator,
} from "./raceControlSupport";
import type { Step, ViewDriver } from "./walkInJsdom";

type Kind = "confirm" | "injure" | "substitute" | "wildcard";

/** Each action as the page offers it: the button that opens it, its panel, the call it makes. */
const actions = {
  confirm: {
    open: "Confirm the weekend",
    title: "Confirm Dutch TT",
    confirm: "Confirm the weekend",
    path: `/api/admin/races/${RACE}/confirm`,
  },
  injure: {
    open: "Injure Marc Marquez",
    title: "Injure 93 Marc Marquez",
    confirm: "Injure 93 Marc Marquez",
    path: `/api/admin/riders/${id(93)}/injury`,
  },
  substitute: {
    open: "Substitute for Joan Mir",
    title: "Substitute for 36 Joan Mir",
    confirm: "Add the substitute",
    path: `/api/admin/races/${RACE}/entries`,
  },
  wildcard: {
    open: "Add a wildcard",
    title: "Add a wildcard to Dutch TT",
    confirm: "Add the wildcard",
    path: `/api/admin/races/${RACE}/entries`,
  },
} as const;

/** The class pool's riders as the Rider select lists them, in the order a path chooses them. */
const choices = [
  { id: id(32), option: "32 Lorenzo Savadori (Aprilia)" },
  { id: id(6), option: "6 Stefan Bradl (HRC Test Team)" },
];

type World = { api: HeldApi; kind: Kind; chosen: number; error: string | null };

function kindOf(path: QaPath): Kind {
  if (path.steps.some((s) => s.event === "action.set")) return path.steps.length === 1 ? "substitute" : "wildcard";
  return path.steps.some((s) => s.event === "error perform") ? "injure" : "confirm";
}
const isEntry = (kind: Kind) => kind === "substitute" || kind === "wildcard";
const riderSelect = () => panel("action-panel").getByRole<HTMLSelectElement>("combobox", { name: "Rider" });
const confirmButton = (world: World) =>
  panel("action-panel").getByRole<HTMLButtonElement>("button", { name: new RegExp(actions[world.kind].confirm) });

/** The operator picks the next rider of the pool in the panel's Rider select. */
async function choose(world: World) {
  const next = choices[world.chosen + 1]!;
  await panel("action-panel").findByRole("option", { name: next.option });
  world.chosen += 1;
  fireEvent.change(riderSelect(), { target: { value: next.id } });
}

/** The body the held call carries. */
function bodyOf(world: World) {
  const riderId = choices[world.chosen]?.id;
  if (world.kind === "injure") return { raceId: RACE };
  if (world.kind === "substitute") return { role: "SUBSTITUTE", riderId, replaces: id(36) };
  if (world.kind === "wildcard") return { role: "WILDCARD", riderId };
  return null;
}

export const raceControlActionDriver: ViewDriver<World> = {
  machine: raceControlActionMachine,

  async arrange(path) {
    await signInOperator();
    const kind = kindOf(path);
    const world: World = { api: null as never, kind, chosen: -1, error: null };
    world.api = raceControlApi((call) =>
      call.method === "POST" && call.path === actions[kind].path ? "hold" : undefined,
    );
    renderRaceControl();
    await raceControlShown();
    fireEvent.click(screen.getByRole("button", { name: actions[kind].open }));
    await screen.findByTestId("action-panel");
    return world;
  },

  act: {
    "action.set": (s) => choose(s.world),
    // An entry's confirm is disabled until a rider is chosen: the operator chooses one first.
    "action.confirm": async ({ world }) => {
      if (isEntry(world.kind) && world.chosen < 0) await choose(world);
      fireEvent.click(confirmButton(world));
    },
    "action.retry": ({ world }) => clickIn("action-panel", actions[world.kind].confirm),
    "done perform": async ({ world }) => {
      await world.api.answer(
        "POST",
        actions[world.kind].path,
        ok({ raceId: RACE, confirmedAt: "2026-06-26T18:00:00.000Z", by: "operator", winners: 2, replayed: false }),
      );
    },
    "error perform": async ({ world }) => {
      const code = world.kind === "wildcard" ? "riderOnEntryList" : "notFound";
      world.error = i18n.t(`errors:${code}`);
      await world.api.answer(
        "POST",
        actions[world.kind].path,
        refusal(world.kind === "wildcard" ? 409 : 404, code, code),
      );
    },
  },

  shows: {
    async asking({ world }: Step<World>) {
      const action = actions[world.kind];
      expect(await panel("action-panel").findByRole("heading", { name: action.title })).toBeTruthy();
      if (isEntry(world.kind)) expect(riderSelect().value).toBe(choices[world.chosen]?.id ?? "");
      await expect.poll(() => confirmButton(world).disabled).toBe(isEntry(world.kind) && world.chosen < 0);
      expect(panel("action-panel").queryByRole("alert")).toBeNull();
      expect(world.api.held).toEqual([]);
    },
    async sending({ world }) {
      await expect.poll(() => confirmButton(world).disabled).toBe(true);
      await expect.poll(() => world.api.held.length).toBe(1);
      expect(world.api.held[0]!.call.body).toEqual(bodyOf(world));
    },
    async done() {
      expect((await screen.findByTestId("flow-done")).textContent).toBe("Dutch TT is confirmed.");
      expect(panel("action-panel").getByText("Paddock-experience winners drawn: 2")).toBeTruthy();
      expect(panel("action-panel").getByRole("button", { name: "Close" })).toBeTruthy();
    },
    async failed({ world }) {
      expect((await panel("action-panel").findByRole("alert")).textContent).toBe(world.error);
      await expect.poll(() => confirmButton(world).disabled).toBe(false);
      if (isEntry(world.kind)) expect(riderSelect().value).toBe(choices[world.chosen]!.id);
    },
  },
};

// The classificationEntry machine's driver: the Entry panel of the staff's race-control page (src/features/raceControl/
// EntryPanel.tsx) on the flow race control's owner spawns from a timeline button: "Cancel Race classification" when
// the path starts canceled (`isCancel`; nothing to type, so no `typed`), "Correct Qualifying classification" when it
// goes back to the numbers (the correction starts from the numbers that stand, 93 41), "Enter FP1 classification"
// otherwise. The numbers typed decide `valid` (none typed: invalid); the server's answers to the held preview and
// commit decide the outcome.
import { fireEvent, screen } from "@testing-library/react";
import { expect } from "vitest";
import type { ResultPreview } from "../../../contract/operations";
import { classificationEntryMachine, type EntryMode } from "../../../machines/classificationEntry.machine";
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

/** What each way into the panel is: the timeline's button, the result it names, what its commit button says. */
const modes = {
  enter: {
    open: "Enter FP1 classification",
    key: "FP1",
    title: "Enter the FP1 classification",
    commit: "Enter the classification",
    done: "The FP1 classification is entered.",
    text: "",
  },
  correct: {
    open: "Correct Qualifying classification",
    key: "Q2",
    title: "Correct the Qualifying classification",
    commit: "Correct the classification",
    done: "The Qualifying classification is corrected.",
    text: "93 41",
  },
  cancel: {
    open: "Cancel Race classification",
    key: "START",
    title: "Cancel the Race classification",
    commit: "Cancel the session",
    done: "The Race classification is canceled.",
    text: "",
  },
} as const;

type World = { api: HeldApi; mode: EntryMode; text: string; error: string | null };

const PREVIEW = `/api/admin/races/${RACE}/results/preview`;
const COMMIT = {
  enter: `/api/admin/races/${RACE}/results`,
  cancel: `/api/admin/races/${RACE}/results`,
  correct: `/api/admin/races/${RACE}/results/correct`,
};
const numbers = () =>
  panel("entry-panel").getByRole<HTMLInputElement>("textbox", { name: "Race numbers in finishing order" });
const problemOf = (field: HTMLElement) =>
  (field.getAttribute("aria-describedby") ?? "")
    .split(" ")
    .map((i) => document.getElementById(i)?.textContent)
    .join(" ");
const callsTo = (world: World, path: string) => world.api.calls.filter((c) => c.method === "POST" && c.path === path);
/** The typed numbers' riders, in order. */
const ridersOf = (text: string) =>
  text
    .split(" ")
    .filter(Boolean)
    .map((n) => id(Number(n)));

const modeOf = (path: QaPath): EntryMode =>
  path.steps[0]!.guard === "isCancel"
    ? "cancel"
    : path.steps.some((s) => s.event === "entry.edit")
      ? "correct"
      : "enter";

const preview = (world: World): ResultPreview => ({
  raceId: RACE,
  session: modes[world.mode].key,
  picks: 7,
  players: 3,
  points: 35,
  moved: 3,
  bets: 0,
  betsWon: 0,
  payout: 0,
  refunded: 0,
  questions: 0,
});

async function commitOffered(world: World, busy: boolean) {
  const button = await panel("entry-panel").findByRole<HTMLButtonElement>("button", {
    name: new RegExp(modes[world.mode].commit),
  });
  await expect.poll(() => button.disabled).toBe(busy);
  expect((await screen.findByTestId("result-preview")).textContent).toContain("7 picks of 3 players");
}

export const classificationEntryDriver: ViewDriver<World> = {
  machine: classificationEntryMachine,

  async arrange(path) {
    await signInOperator();
    const mode = modeOf(path);
    const world: World = { api: null as never, mode, text: modes[mode].text, error: null };
    world.api = raceControlApi((call) =>
      call.method === "POST" && call.path.includes("/results") ? "hold" : undefined,
    );
    renderRaceControl();
    await raceControlShown();
    return world;
  },

  act: {
    // The timeline's button: the owner spawns the flow, which starts in the mode's first state at once.
    always: ({ world }) => fireEvent.click(screen.getByRole("button", { name: modes[world.mode].open })),
    "entry.type": ({ world }) => {
      world.text = "41 93";
      fireEvent.change(numbers(), { target: { value: world.text } });
    },
    // A valid preview needs numbers: a first entry types them; one left empty is refused by the panel.
    "entry.preview": ({ world, step }) => {
      if (step.guard === "valid" && world.text === "") {
        world.text = "41 93";
        fireEvent.change(numbers(), { target: { value: world.text } });
      }
      clickIn("entry-panel", "Preview");
    },
    "entry.commit": ({ world }) => clickIn("entry-panel", modes[world.mode].commit),
    "entry.edit": () => clickIn("entry-panel", "Edit the numbers"),
    // Refused, the panel offers the preview again; a commit that failed is retried with its own button.
    "entry.retry": ({ world, path, index }) =>
      clickIn("entry-panel", path.steps[index - 1]!.state === "refused" ? "Try again" : modes[world.mode].commit),
    "done previewResult": async ({ world }) => {
      await world.api.answer("POST", PREVIEW, ok(preview(world)));
    },
    "error previewResult": async ({ world }) => {
      world.error = i18n.t("errors:sessionNotEnded");
      await world.api.answer("POST", PREVIEW, refusal(409, "sessionNotEnded", "sessionNotEnded"));
    },
    "done commitResult": async ({ world }) => {
      const session = modes[world.mode].key;
      await world.api.answer(
        "POST",
        COMMIT[world.mode],
        ok(
          world.mode === "correct"
            ? { raceId: RACE, session, changed: 4, players: 3, replayed: false }
            : {
                raceId: RACE,
                session,
                canceled: world.mode === "cancel",
                settled: 7,
                players: 3,
                refunded: 0,
                replayed: false,
              },
        ),
      );
    },
    "error commitResult": async ({ world }) => {
      world.error = i18n.t("errors:weekendConfirmed");
      await world.api.answer("POST", COMMIT[world.mode], refusal(409, "weekendConfirmed", "weekendConfirmed"));
    },
  },

  shows: {
    async editing({ world }: Step<World>) {
      expect(await panel("entry-panel").findByRole("heading", { name: modes[world.mode].title })).toBeTruthy();
      await expect.poll(() => numbers().readOnly).toBe(false);
      expect(numbers().value).toBe(world.text);
      expect(numbers().getAttribute("aria-invalid")).not.toBe("true");
      const resolved = screen.queryByTestId("resolved-riders");
      expect([...(resolved?.querySelectorAll("li") ?? [])].map((li) => li.textContent)).toEqual(
        world.text === "41 93"
          ? ["41 Aleix Espargaro", "93 Marc Marquez"]
          : world.text === "93 41"
            ? ["93 Marc Marquez", "41 Aleix Espargaro"]
            : [],
      );
      expect(panel("entry-panel").getByRole("button", { name: "Preview" })).toBeTruthy();
      expect(screen.queryByTestId("result-preview")).toBeNull();
    },
    async invalid({ world }) {
      await expect.poll(() => numbers().getAttribute("aria-invalid")).toBe("true");
      expect(problemOf(numbers())).toContain("Type at least one race number.");
      expect(callsTo(world, PREVIEW)).toEqual([]);
    },
    async previewing({ world }) {
      expect((await panel("entry-panel").findByRole("status")).textContent).toBe(
        "Asking the server what this would change…",
      );
      await expect.poll(() => world.api.held.some((h) => h.call.path === PREVIEW)).toBe(true);
      const session = modes[world.mode].key;
      expect(callsTo(world, PREVIEW).at(-1)!.body).toEqual(
        world.mode === "cancel"
          ? { session, canceled: true }
          : { session, riderIds: ridersOf(world.text), correct: world.mode === "correct" },
      );
    },
    async previewed({ world }) {
      await commitOffered(world, false);
      expect(screen.getByText("Nothing is committed yet.")).toBeTruthy();
      expect(callsTo(world, COMMIT[world.mode])).toEqual([]);
    },
    async refused({ world }) {
      expect((await panel("entry-panel").findByRole("alert")).textContent).toBe(world.error);
      expect(panel("entry-panel").getByRole("button", { name: "Try again" })).toBeTruthy();
      expect(screen.queryByTestId("result-preview")).toBeNull();
    },
    async committing({ world }) {
      await commitOffered(world, true);
      await expect.poll(() => world.api.held.some((h) => h.call.path === COMMIT[world.mode])).toBe(true);
      const session = modes[world.mode].key;
      expect(callsTo(world, COMMIT[world.mode]).at(-1)!.body).toEqual(
        world.mode === "cancel" ? { session, canceled: true } : { session, riderIds: ridersOf(world.text) },
      );
    },
    async done({ world }) {
      expect((await screen.findByTestId("flow-done")).textContent).toBe(modes[world.mode].done);
    },
    async failed({ world }) {
      expect((await panel("entry-panel").findByRole("alert")).textContent).toBe(world.error);
      await commitOffered(world, false);
    },
  },

  // A cancellation has no numbers to go back to: the paths that edit after the preview are played on a correction.
  reroute(path, all) {
    const [first, ...rest] = path.steps;
    if (first?.guard !== "isCancel" || !rest.some((s) => s.guard === "typed")) return null;
    const typed = all.find(
      (p) => p.steps.length === 2 && p.steps[1]!.event === "entry.preview" && p.steps[1]!.guard === "valid",
    )!;
    return { ...path, steps: [...typed.steps, ...rest] };
  },
};

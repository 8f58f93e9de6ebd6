// The sessionMove machine's driver: the Move panel of the staff's race-control page (src/features/raceControl/
// MovePanel.tsx) on the flow race control's owner spawns when the operator presses "Move Race" on the timeline (the
// race upcoming, 13:00 UTC, 15:00 at the circuit). The time the operator picks decides `changes` (the Review button
// is disabled until it differs); the server's answer to the held move decides the outcome.
import { screen } from "@testing-library/react";
import { expect } from "vitest";
import { sessionMoveMachine } from "../../../machines/sessionMove.machine";
import { i18n } from "../../../src/i18n/i18n";
import { ok, refusal, type HeldApi } from "./heldApi";
import {
  click,
  clickIn,
  panel,
  RACE,
  raceControlApi,
  raceControlShown,
  renderRaceControl,
  signInOperator,
} from "./raceControlSupport";
import type { Step, ViewDriver } from "./walkInJsdom";

type World = { api: HeldApi; shifted: number; error: string | null };

const MOVE = `/api/admin/races/${RACE}/sessions/START/move`;
const newStart = () => panel("move-panel").getByLabelText<HTMLInputElement>(/^New start, circuit time/);
const moves = (world: World) => world.api.calls.filter((c) => c.path === MOVE);
/** The new start at the circuit (CEST) for a shift of the race's 15:00 start. */
const circuitTime = (minutes: number) =>
  `2026-06-26T${minutes < 60 ? `15:${String(minutes).padStart(2, "0")}` : "16:00"}`;

async function choosing(world: World) {
  await expect.poll(() => screen.queryByLabelText(/^New start, circuit time/)).not.toBeNull();
  expect(newStart().value).toBe(circuitTime(world.shifted));
  expect(panel("move-panel").getByRole<HTMLButtonElement>("button", { name: "Review the move" }).disabled).toBe(
    world.shifted === 0,
  );
  expect(screen.queryByTestId("move-summary")).toBeNull();
}

/** Old against new: the race keeps its hour's length. */
async function summary(world: World) {
  const shown = await screen.findByTestId("move-summary");
  const mm = String(world.shifted).padStart(2, "0");
  const [before, after] = [...shown.querySelectorAll("dd")].map((dd) => dd.textContent);
  expect(shown.textContent).toMatch(/^Now.*After the move/);
  expect(before).toContain("Fri, Jun 26, 03:00 PM GMT+2 – Fri, Jun 26, 04:00 PM GMT+2");
  expect(after).toContain(`Fri, Jun 26, 03:${mm} PM GMT+2 – Fri, Jun 26, 04:${mm} PM GMT+2`);
  expect(after).toContain(`Fri, Jun 26, 01:${mm} PM UTC – Fri, Jun 26, 02:${mm} PM UTC`);
}

export const sessionMoveDriver: ViewDriver<World> = {
  machine: sessionMoveMachine,

  async arrange() {
    await signInOperator();
    const world: World = { api: null as never, shifted: 0, error: null };
    world.api = raceControlApi((call) => (call.path === MOVE ? "hold" : undefined));
    renderRaceControl();
    await raceControlShown();
    click("Move Race");
    await screen.findByTestId("move-panel");
    return world;
  },

  act: {
    "move.set": ({ world }) => {
      world.shifted += 15;
      clickIn("move-panel", "+15 min");
    },
    // The Review button is disabled until the time differs: the operator shifts it first.
    "move.submit": ({ world }) => {
      if (world.shifted === 0) {
        world.shifted = 15;
        clickIn("move-panel", "+15 min");
      }
      clickIn("move-panel", "Review the move");
    },
    "move.confirm": () => clickIn("move-panel", "Move Race"),
    "move.back": () => clickIn("move-panel", "Change the time"),
    "move.retry": () => clickIn("move-panel", "Try again"),
    "done moveSession": async ({ world }) => {
      await world.api.answer(
        "POST",
        MOVE,
        ok({
          raceId: RACE,
          session: "START",
          before: { startsAt: "2026-06-26T13:00:00.000Z", endsAt: "2026-06-26T14:00:00.000Z" },
          after: { startsAt: "2026-06-26T13:15:00.000Z", endsAt: "2026-06-26T14:15:00.000Z" },
          notified: 4,
          replayed: false,
        }),
      );
    },
    "error moveSession": async ({ world }) => {
      world.error = i18n.t("errors:sessionStarted");
      await world.api.answer("POST", MOVE, refusal(409, "sessionStarted", "sessionStarted"));
    },
  },

  shows: {
    async choosing({ world }: Step<World>) {
      await choosing(world);
    },
    async confirming({ world }) {
      await summary(world);
      expect(panel("move-panel").getByRole<HTMLButtonElement>("button", { name: "Move Race" }).disabled).toBe(false);
      expect(panel("move-panel").getByRole("button", { name: "Change the time" })).toBeTruthy();
      expect(moves(world)).toEqual([]);
    },
    async moving({ world }) {
      await expect
        .poll(() => panel("move-panel").getByRole<HTMLButtonElement>("button", { name: /Move Race/ }).disabled)
        .toBe(true);
      await expect.poll(() => moves(world).length).toBeGreaterThan(0);
      // The race moves whole: its start and its end, by the same shift.
      expect(moves(world).at(-1)!.body).toEqual({
        startsAt: "2026-06-26T13:15:00.000Z",
        endsAt: "2026-06-26T14:15:00.000Z",
      });
    },
    async done() {
      expect((await screen.findByTestId("flow-done")).textContent).toBe("Race moved. Players told: 4.");
      expect(panel("move-panel").getByRole("button", { name: "Close" })).toBeTruthy();
    },
    async failed({ world }) {
      expect((await panel("move-panel").findByRole("alert")).textContent).toBe(world.error);
      expect(panel("move-panel").getByRole("button", { name: "Try again" })).toBeTruthy();
      await summary(world);
    },
  },
};

// The raceControl machine's driver: the staff's race-control page itself (src/screens/staff/RaceControlPage.tsx) on
// its real owner (`raceControlActor`, src/features/raceControl/raceControlActor.ts), which the page opens on the
// calendar's first race when it mounts and closes when the operator leaves it. The weekend's timeline is the held
// GET …/control: answered with the weekend, refused (404, or 500 on a later read), or read again on the page's own
// interval (the fake clock moved on by CONTROL_REFRESH_MS). The weekend (./raceControlSupport.tsx) decides the
// verdicts (`mayMove`, `mayEnter`, …): each action's button is on the page because the verdict allows it; `free` is
// the open flow not talking to the server.
import { act, fireEvent, screen, within } from "@testing-library/react";
import { expect, vi } from "vitest";
import type { RaceControl } from "../../../contract/operations";
import { raceControlMachine } from "../../../machines/raceControl.machine";
import type { QaPath } from "../../../scripts/paths";
import { CONTROL_REFRESH_MS } from "../../../src/api/raceControl";
import { i18n } from "../../../src/i18n/i18n";
import { ok, refusal, type HeldApi } from "./heldApi";
import {
  id,
  leave,
  OTHER_RACE,
  RACE,
  raceControlApi,
  renderRaceControl,
  signInOperator,
  weekend,
} from "./raceControlSupport";
import type { Step, ViewDriver } from "./walkInJsdom";

type World = {
  api: HeldApi;
  view: ReturnType<typeof renderRaceControl> | null;
  /** The weekend the page has open. */
  raceId: string;
  /** The weekend as the server last answered it. */
  shown: RaceControl | null;
  error: string | null;
};

const controlOf = (raceId: string) => `/api/admin/races/${raceId}/control`;
/** The weekend read again with a wildcard brought in meanwhile (by the CLI, another operator). */
const withWildcard = (): RaceControl => ({
  ...weekend(),
  riders: [
    ...weekend().riders,
    { id: id(32), number: 32, name: "Lorenzo Savadori", role: "WILDCARD", out: false, replaces: null },
  ],
});

/** What each action's button opens: the flow panel's heading. */
const opens: Record<string, { button: string; panel: string; title: string }> = {
  "session.move": { button: "Move Race", panel: "move-panel", title: "Move Race" },
  "result.enter": { button: "Enter FP1 classification", panel: "entry-panel", title: "Enter the FP1 classification" },
  "result.correct": {
    button: "Correct Qualifying classification",
    panel: "entry-panel",
    title: "Correct the Qualifying classification",
  },
  "result.cancel": {
    button: "Cancel Race classification",
    panel: "entry-panel",
    title: "Cancel the Race classification",
  },
  "weekend.confirm": { button: "Confirm the weekend", panel: "action-panel", title: "Confirm Dutch TT" },
  "rider.injure": { button: "Injure Marc Marquez", panel: "action-panel", title: "Injure 93 Marc Marquez" },
  "entry.substitute": { button: "Substitute for Joan Mir", panel: "action-panel", title: "Substitute for 36 Joan Mir" },
  "entry.wildcard": { button: "Add a wildcard", panel: "action-panel", title: "Add a wildcard to Dutch TT" },
};

/** The page reads the timeline again on its own (every CONTROL_REFRESH_MS): the fake clock moves on to it. */
async function readAgain(world: World) {
  const before = world.api.held.length;
  await act(() => vi.advanceTimersByTimeAsync(CONTROL_REFRESH_MS));
  await expect.poll(() => world.api.held.length).toBe(before + 1);
}

/** Whether the path reads the timeline again after a first answer (the fake clock then runs the page's interval). */
const readsAgain = (path: QaPath) =>
  path.steps.some(
    (s, i) =>
      (s.event === "control.data" || s.event === "control.failed") &&
      ["open.failed", "open.ready.idle"].includes(path.steps[i - 1]?.state ?? ""),
  );

async function answerControl(world: World, response: Response, shown: RaceControl | null) {
  world.shown = shown;
  await world.api.answer("GET", controlOf(world.raceId), response);
}

const rowOf = (name: string) =>
  within(screen.getByRole("region", { name: "Entry list table" }))
    .getByRole("rowheader", { name })
    .closest("tr")!;

export const raceControlDriver: ViewDriver<World> = {
  machine: raceControlMachine,

  async arrange() {
    await signInOperator();
    const world: World = { api: null as never, view: null, raceId: RACE, shown: null, error: null };
    world.api = raceControlApi((call) =>
      call.method === "GET" && call.path.endsWith("/control") ? "hold" : undefined,
    );
    return world;
  },

  fakeClockAt: (path) => (readsAgain(path) ? Date.parse(weekend().now) : null),

  act: {
    async "control.open"({ world, step }) {
      // The page opens the calendar's first race on mount; the operator picks another in the race select.
      if (step.guard !== "otherRace") {
        world.view = renderRaceControl();
        return;
      }
      const picker = await screen.findByRole<HTMLSelectElement>("combobox", { name: "Race" });
      world.raceId = OTHER_RACE;
      fireEvent.change(picker, { target: { value: OTHER_RACE } });
    },
    "control.close": ({ world }) => leave(world.view!),
    async "control.data"({ world, path, index }) {
      const again = path.steps[index - 1]?.state === "open.ready.idle";
      if (world.api.held.length === 0) await readAgain(world);
      const data = again ? withWildcard() : weekend(world.raceId);
      await answerControl(world, ok(data), data);
    },
    async "control.failed"({ world }) {
      if (world.shown === null) {
        world.error = i18n.t("errors:notFound");
        await answerControl(world, refusal(404, "notFound", "notFound"), null);
        return;
      }
      // A later read fails: the page keeps the timeline it had.
      await readAgain(world);
      await world.api.answer("GET", controlOf(world.raceId), refusal(500, "somethingWentWrong", "somethingWentWrong"));
      world.error = "The timeline could not be read again: it may be out of date.";
    },
    "control.retry": () => fireEvent.click(screen.getByRole("button", { name: "Try again" })),
    async "flow.close"({ path, index }) {
      const opened = opens[path.steps[index - 1]!.event]!;
      fireEvent.click(within(screen.getByTestId(opened.panel)).getByRole("button", { name: "Close" }));
    },
    ...Object.fromEntries(
      Object.entries(opens).map(([event, { button }]) => [
        event,
        () => fireEvent.click(screen.getByRole("button", { name: button })),
      ]),
    ),
  },

  shows: {
    async closed({ world }: Step<World>) {
      await expect.poll(() => screen.queryByRole("heading", { name: "Race control" })).toBeNull();
      expect(world.view!.location()).toBe("/staff");
    },
    async "open.loading"({ world }) {
      await expect
        .poll(() => screen.queryAllByRole("status").some((s) => s.textContent === "Loading race control…"))
        .toBe(true);
      await expect.poll(() => world.api.held.some((h) => h.call.path === controlOf(world.raceId))).toBe(true);
      expect(screen.queryByRole("heading", { name: "Timeline" })).toBeNull();
      expect((await screen.findByRole<HTMLSelectElement>("combobox", { name: "Race" })).value).toBe(world.raceId);
    },
    async "open.failed"({ world }) {
      expect(await screen.findByRole("heading", { name: "The weekend could not be loaded." })).toBeTruthy();
      expect(screen.getByText(world.error!)).toBeTruthy();
      expect(screen.getByRole("button", { name: "Try again" })).toBeTruthy();
      expect(screen.queryByRole("heading", { name: "Timeline" })).toBeNull();
    },
    async "open.ready.idle"({ world, step }) {
      expect(await screen.findByRole("heading", { name: "Timeline" })).toBeTruthy();
      expect(within(screen.getByTestId("session-FP1")).getByTestId("session-state").textContent).toBe("Ended");
      expect(within(screen.getByTestId("session-START")).getByTestId("session-state").textContent).toBe("Upcoming");
      expect(screen.getByTestId("weekend-status").textContent).toBe(
        "Provisional: the weekend is confirmed 72 hours after the race ends, or by an operator.",
      );
      // Every action the weekend allows is offered, none is open.
      for (const { button } of Object.values(opens))
        expect(screen.getByRole<HTMLButtonElement>("button", { name: button }).disabled).toBe(false);
      for (const panel of ["entry-panel", "move-panel", "action-panel"]) expect(screen.queryByTestId(panel)).toBeNull();
      expect(rowOf("Joan Mir").textContent).toContain("Main · out");
      const wildcard = world.shown?.riders.some((r) => r.name === "Lorenzo Savadori") ?? false;
      await expect.poll(() => screen.queryByRole("rowheader", { name: "Lorenzo Savadori" }) !== null).toBe(wildcard);
      if (wildcard) expect(rowOf("Lorenzo Savadori").textContent).toContain("Wildcard");
      if (step.event === "control.failed") expect((await screen.findByRole("alert")).textContent).toBe(world.error);
      else expect(screen.queryByRole("alert")).toBeNull();
    },
    async "open.ready.flow"({ step }) {
      const opened = opens[step.event]!;
      const panel = await screen.findByTestId(opened.panel);
      expect(within(panel).getByRole("heading", { name: opened.title })).toBeTruthy();
      if (step.event === "result.correct")
        expect(
          within(panel).getByRole<HTMLInputElement>("textbox", { name: "Race numbers in finishing order" }).value,
        ).toBe("93 41");
      // The timeline stays behind the open flow.
      expect(screen.getByRole("heading", { name: "Timeline" })).toBeTruthy();
    },
  },
};

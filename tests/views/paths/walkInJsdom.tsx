// The QA path catalogue drives the real view, in jsdom. For one machine, every path `generatePaths` writes to
// docs/qa/<machine>.md (scripts/paths.ts) becomes a test that plays it on the feature's real owner and component,
// against a stubbed network (./heldApi.ts): the machine's driver arranges what the path's guards need (the answers,
// the balance, the clock), does what a player does for each event (a click, a typed amount), answers a held call
// for each `done x` / `error x` step, moves the fake clock for an `xstate.after` step, and says what the view shows
// in each state, in the product's English words. Like xstate's dieHard test, the machine is the model and the view
// is the object under test: a view that shows the wrong thing, sends the wrong event or a machine that takes the
// wrong branch fails the path.
//
// Two checks per step: the transition the step names must be among those the real actor reports taking (through the
// app's own inspector, `appRecorder.inspect` in src/runtime/flowReporter.ts), after the step's action and in the
// path's order, so a guard that decides otherwise fails; then the view must show the step's state. At the end of
// the file, the transitions reported over all paths must be every transition of the machine (100% coverage).
//
// A driver may name a path no player can play (skipped with the reason in its name, never dropped) or play a path's
// last transition by another walk (`reroute`) when the generated walk is blind to what its guards mean.
import { cleanup } from "@testing-library/react";
import type { AnyStateMachine, AnyTransitionDefinition, InspectionEvent } from "xstate";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { generatePaths, pathInWords, type PathStep, type QaPath } from "../../../scripts/paths";
import { appRecorder } from "../../../src/runtime/flowReporter";
import { allTransitions, transitionKey } from "../../machines/transitions";
import { resetApp } from "../renderWithApp";

export type Step<World> = { world: World; path: QaPath; step: PathStep; index: number; next: PathStep | undefined };

export type ViewDriver<World> = {
  machine: AnyStateMachine;
  /** Stubs the network as the path needs, signs in and renders the view the machine starts on. */
  arrange(path: QaPath): Promise<World>;
  /**
   * What makes each step happen, by its event label (`donation.confirm`, `done donate`, `error donate`,
   * `xstate.after.…`): a player's action on the view, a held call answered, the fake clock moved. Every step but
   * `always` needs one; an `always` entry is optional (it may do what starts the machine, e.g. open the modal).
   */
  act: Record<string, ((step: Step<World>) => unknown) | undefined>;
  /** What the view shows in a state (`open.editing.staking`); `null` for a state the machine only passes through. */
  shows: Record<string, ((step: Step<World>) => unknown) | null>;
  /** Frees what `arrange` made beyond the app (the walker unmounts, signs out and unstubs the network). */
  cleanup?(world: World): Promise<void> | void;
  /** Why no player can play this path (null: playable); listed as skipped with the reason. */
  unplayable?(path: QaPath): string | null;
  /** Another walk that ends with the same transition, when the generated one cannot be played as it is. */
  reroute?(path: QaPath, all: readonly QaPath[]): QaPath | null;
  /** Fake timers (Date and timers, advancing with real time too) for the path, starting at this epoch ms. */
  fakeClockAt?(path: QaPath): number | null;
  /**
   * Events the app itself sends at once with the step before (an owner that spawns a flow and hands it its first
   * event): they need no action, and like an eventless step their transition may be taken with the step before.
   */
  sentWithStepBefore?: readonly string[];
};

/** A path in words, as a test's name. */
const words = (p: QaPath) => pathInWords(p).replaceAll("`", "");

type Reported = { key: string; machine: string };

/** Every transition the app's actors report, in order, from the app's own inspector. */
function tapTransitions(log: Reported[]) {
  const original = appRecorder.inspect;
  appRecorder.inspect = (event: InspectionEvent) => {
    if (event.type === "@xstate.microstep") {
      // oxlint-disable-next-line no-underscore-dangle -- xstate's inspection API names it so
      for (const t of event._transitions as AnyTransitionDefinition[])
        log.push({ key: transitionKey(t), machine: t.source.machine.id });
    }
    original(event);
  };
  return () => {
    appRecorder.inspect = original;
  };
}

/**
 * One test per generated path of the driver's machine, then one that asserts the paths took every transition of
 * the machine (call at a file's top level).
 */
export function walkEveryPathInJsdom<World>(
  driver: ViewDriver<World>,
  options: { stepTimeout?: number } = {},
): QaPath[] {
  const machine = driver.machine;
  const all = allTransitions(machine);
  const covered = new Set<string>();
  const log: Reported[] = [];
  let untap: (() => void) | null = null;
  beforeAll(() => {
    untap = tapTransitions(log);
  });
  afterAll(() => untap?.());
  const paths = generatePaths(machine);
  /** Transitions that only unplayable paths end with: the driver's reason is the test's name. */
  const notPlayable = new Set<string>();

  describe(`${machine.id} paths on the view`, () => {
    paths.forEach((path, n) => {
      const why = driver.unplayable?.(path) ?? null;
      if (why) {
        notPlayable.add(transitionKey(path.steps.at(-1)!.transition));
        it.skip(`path ${n + 1}: ${words(path)} (not playable: ${why})`, () => {});
        return;
      }
      const rerouted = driver.reroute?.(path, paths) ?? null;
      if (rerouted && rerouted.steps.at(-1)?.transition !== path.steps.at(-1)?.transition)
        throw new Error(`path ${n + 1}: a reroute must end with the same transition`);
      it(`path ${n + 1}: ${words(path)}${rerouted ? ` (played as: ${words(rerouted)})` : ""}`, async () => {
        const played = rerouted ?? path;
        const fakeAt = driver.fakeClockAt?.(played) ?? null;
        if (fakeAt !== null) vi.useFakeTimers({ now: fakeAt, shouldAdvanceTime: true });
        log.length = 0;
        let world: World | undefined;
        try {
          world = await driver.arrange(played);
          // Reported transitions are matched in the path's order: `cursor` is past the last one matched.
          let cursor = 0;
          for (const [index, step] of played.steps.entries()) {
            const s: Step<World> = { world, path: played, step, index, next: played.steps[index + 1] };
            const act = driver.act[step.event];
            const withBefore = step.event === "always" || (driver.sentWithStepBefore?.includes(step.event) ?? false);
            if (!act && !withBefore)
              throw new Error(`the ${machine.id} driver does not say how a player makes ${step.event} happen`);
            // An event's transition is taken after its action; an eventless one may have been taken with the step before.
            if (!withBefore) cursor = Math.max(cursor, log.length);
            if (act) await act(s);
            const key = transitionKey(step.transition);
            await vi.waitFor(
              () => {
                const at = log.findIndex((r, i) => i >= cursor && r.key === key);
                if (at < 0) {
                  const since = log
                    .slice(cursor)
                    .filter((r) => r.machine === machine.id)
                    .map((r) => r.key);
                  throw new Error(
                    `step ${index + 1} (${step.event}) should take ${key}; the actor took ${since.join(" | ") || "nothing"}`,
                  );
                }
                cursor = at + 1;
              },
              { timeout: options.stepTimeout ?? 3000, interval: 10 },
            );
            const shows = driver.shows[step.state];
            if (shows === undefined)
              throw new Error(`the ${machine.id} driver does not say what the view shows in ${step.state}`);
            if (shows) await shows(s);
          }
        } finally {
          for (const r of log) if (r.machine === machine.id && all.has(r.key)) covered.add(r.key);
          if (world !== undefined) await driver.cleanup?.(world);
          cleanup();
          resetApp();
          if (fakeAt !== null) vi.useRealTimers();
        }
      });
    });

    it("the paths take every transition of the machine on the real actor (but those no player can take, skipped above)", () => {
      const missed = [...all].filter((k) => !covered.has(k));
      const skipped = missed.filter((k) => notPlayable.has(k));
      console.info(
        `${machine.id}: ${all.size - missed.length}/${all.size} transitions taken on the view${skipped.length ? `; not playable: ${skipped.join(", ")}` : ""}`,
      );
      expect(missed.filter((k) => !notPlayable.has(k))).toEqual([]);
    });
  });
  return paths;
}

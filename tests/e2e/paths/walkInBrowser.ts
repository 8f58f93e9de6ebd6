// The QA path catalogue drives the real product. For one machine, every path `npm run paths` writes to
// docs/qa/<machine>.md becomes a test that plays it in Chromium against a real server: the machine's driver
// arranges what the path's guards need through the product's own API and clock, does what a player does for each
// event, and says what the page shows in each state. Two checks make a UI that skips a state fail: after every
// step the page must show that step's state, and at the end the transitions the browser reported for the machine
// (the analytics batches, src/runtime/flowReporter.ts) must include every transition of the path as often as the path
// takes it. A driver may name a path no player can play (listed as skipped with the reason, never dropped) or,
// when the generated walk's guards contradict each other, play its last transition by another walk (`reroute`).
import type { Browser, Page } from "playwright-core";
import type { AnyStateMachine } from "xstate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { flowKeysOf, flowKeyString } from "../../../machines/flowNames";
import { generatePaths, pathInWords, type PathStep, type QaPath } from "../../../scripts/paths";
import { launchBrowser, restartableProduct, type RestartableProduct } from "../harness";

export type Step<World> = { page: Page; world: World; path: QaPath; step: PathStep; index: number };

export type UiDriver<World> = {
  machine: AnyStateMachine;
  /** Prepares the server for the path (players, leagues, balances, clock) and opens the page the machine starts on. */
  arrange(browser: Browser, path: QaPath): Promise<{ page: Page; world: World }>;
  /**
   * What the player does to send an event, by the step's event label (`league.join`). Steps the player does not
   * send (`always`, `done x`, `error x`, `xstate.after.…`) may have an entry too: it makes the server or the clock
   * answer as the step needs (for an error, the refusal is arranged here or by the step before).
   */
  act: Record<string, ((step: Step<World>) => Promise<void>) | undefined>;
  /** What the page shows in a state (`ready.outside`); `null` for a state the machine only passes through. */
  shows: Record<string, ((step: Step<World>) => Promise<void>) | null>;
  /** Frees what `arrange` made (closes the page's context). */
  cleanup?(world: World, page: Page): Promise<void>;
  /**
   * Why no player can play this path (null: playable). Such a path is listed as skipped with its reason in the
   * test's name, never dropped silently; the reason must say exactly what makes it impossible.
   */
  unplayable?(path: QaPath): string | null;
  /**
   * The generated walk is the shortest one over the machine's structure, blind to what its guards mean; when they
   * contradict each other (no player meets both), the driver may play the same last transition by another walk of
   * the machine, e.g. another path's steps then this path's last step. Null: play the path as generated.
   */
  reroute?(path: QaPath, all: readonly QaPath[]): QaPath | null;
};

/** Transitions reported by the page, by flow key, counted. */
function recordReported(page: Page): Map<string, number> {
  const seen = new Map<string, number>();
  page.on("request", (request) => {
    if (!request.url().endsWith("/api/analytics/transitions") || request.method() !== "POST") return;
    const body = request.postDataJSON() as {
      transitions: { machine: string; from: string; event: string; to: string; count: number }[];
    };
    for (const t of body.transitions) {
      const key = flowKeyString(t);
      seen.set(key, (seen.get(key) ?? 0) + t.count);
    }
  });
  return seen;
}

/** The page is hidden (the player switches tabs): the reporter sends what it counted at once. */
const hide = (page: Page) =>
  page.evaluate(() => {
    Object.defineProperty(document, "visibilityState", { value: "hidden", configurable: true });
    document.dispatchEvent(new Event("visibilitychange"));
  });

/** Each transition of the path as often as the path takes it. */
function expectedKeys(path: QaPath): Map<string, number> {
  const keys = new Map<string, number>();
  for (const step of path.steps)
    for (const key of flowKeysOf(step.transition))
      keys.set(flowKeyString(key), (keys.get(flowKeyString(key)) ?? 0) + 1);
  return keys;
}

/** A path in words, as a test's name. */
const words = (p: QaPath) => pathInWords(p).replaceAll("`", "");

/** Defines one test per generated path of the driver's machine (call inside a `describe`). */
export function walkEveryPath<World>(getBrowser: () => Browser, driver: UiDriver<World>): QaPath[] {
  const paths = generatePaths(driver.machine);
  paths.forEach((path, n) => {
    const why = driver.unplayable?.(path) ?? null;
    if (why) {
      it.skip(`path ${n + 1}: ${words(path)} (not playable: ${why})`, () => {});
      return;
    }
    const rerouted = driver.reroute?.(path, paths) ?? null;
    if (rerouted && rerouted.steps.at(-1)?.transition !== path.steps.at(-1)?.transition)
      throw new Error(`path ${n + 1}: a reroute must end with the same transition`);
    it(`path ${n + 1}: ${words(path)}${rerouted ? ` (played as: ${words(rerouted)})` : ""}`, async () => {
      const played = rerouted ?? path;
      const { page, world } = await driver.arrange(getBrowser(), played);
      try {
        const reported = recordReported(page);
        for (const [index, step] of played.steps.entries()) {
          const ctx: Step<World> = { page, world, path: played, step, index };
          const act = driver.act[step.event];
          if (act) await act(ctx);
          const shows = driver.shows[step.state];
          if (shows === undefined)
            throw new Error(`the ${driver.machine.id} driver does not say what the page shows in ${step.state}`);
          if (shows) await shows(ctx);
        }
        await hide(page);
        const missing = () =>
          [...expectedKeys(played)]
            .filter(([key, times]) => (reported.get(key) ?? 0) < times)
            .map(([key, times]) => `${key} ×${times} (reported ${reported.get(key) ?? 0})`);
        await expect.poll(missing, { timeout: 15_000 }).toEqual([]);
      } finally {
        if (driver.cleanup) await driver.cleanup(world, page);
        else await page.context().close();
      }
    });
  });
  return paths;
}

/**
 * A suite file's whole body: one real product (with `env`) and one Chromium for the file, and every path of the
 * driver's machine as a test in a `describe` named after it.
 */
export function walkEveryPathOnProduct<World>(
  makeDriver: (url: () => string) => UiDriver<World>,
  env: Record<string, string> = {},
): void {
  let product: RestartableProduct | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    product = await restartableProduct(env);
    browser = await launchBrowser();
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await product?.dispose();
  });
  const driver = makeDriver(() => product!.url);
  describe(`${driver.machine.id} paths in the browser`, () => {
    walkEveryPath(() => browser!, driver);
  });
}

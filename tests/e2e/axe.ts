// axe-core in a real page: every rule axe runs (WCAG 2.0/2.1/2.2 A and AA, best practices and the experimental
// ones such as label-content-name-mismatch), with a readable report of what failed, rule by rule.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "playwright-core";
import type AxeCore from "axe-core";

declare global {
  interface Window {
    axe?: typeof AxeCore;
  }
}

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

/**
 * Puts axe-core in the page, once. Evaluated through the DevTools protocol, which the page's CSP does not govern: a
 * script tag added by the test would be an inline script the policy rightly refuses.
 */
export async function injectAxe(page: Page): Promise<void> {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE_SOURCE);
}

export const AXE_TAGS = [
  "wcag2a",
  "wcag2aa",
  "wcag21a",
  "wcag21aa",
  "wcag22aa",
  "best-practice",
  "experimental",
] as const;

/** Waits for the page to settle (no pending requests, no loading text, fades over). */
export async function settle(page: Page): Promise<void> {
  await page.waitForLoadState("networkidle").catch(() => undefined);
  await page
    .waitForFunction(
      () => !document.querySelector('[aria-busy="true"]') && !/Loading/.test(document.body.innerText),
      undefined,
      { timeout: 15_000 },
    )
    .catch(() => undefined);
  // Fades (333 ms) and lazy chunks.
  await page.waitForTimeout(450);
}

/**
 * Waits until every finite animation in the page has ended (up to 5 s). A fade caught half-way reads as faint text
 * to axe's colour-contrast rule: a CI run once read the landing's league panel at about a tenth of its opacity, its
 * 333 ms fade started again (as it does when its section is shown again) on a loaded machine. Endless animations
 * (spinners) are left running.
 */
export async function animationsDone(page: Page): Promise<void> {
  await page
    .evaluate(() => {
      const finite = document
        .getAnimations()
        .filter((a) => Number.isFinite(a.effect?.getComputedTiming().endTime ?? Infinity));
      return Promise.race([
        Promise.all(finite.map((a) => a.finished.catch(() => undefined))),
        new Promise((r) => setTimeout(r, 5_000)),
      ]);
    })
    .catch(() => undefined);
}

/** The violations axe finds in the page once its animations are over, one line per node: "rule-id (impact) target: help". */
export async function axeViolations(page: Page): Promise<string[]> {
  // Every screen draws one h1, lazily on a busy machine: a page still on its loading state is not judged yet. A
  // screen that never draws one still fails, after the wait, on axe's own page-has-heading-one.
  await page.waitForSelector("h1", { state: "attached", timeout: 10_000 }).catch(() => undefined);
  await animationsDone(page);
  await injectAxe(page);
  const violations = await page.evaluate(
    async (tags) => {
      const axe = window.axe;
      if (!axe) throw new Error("axe-core is not in the page");
      const result = await axe.run(document, { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] });
      return result.violations.map((v) => ({
        id: v.id,
        impact: v.impact ?? null,
        help: v.help,
        nodes: v.nodes.map((n) => ({
          target: n.target.map(String).join(" > "),
          summary: (n.failureSummary ?? "").replace(/\s+/g, " ").slice(0, 300),
        })),
      }));
    },
    [...AXE_TAGS],
  );
  return violations.flatMap((v) =>
    v.nodes.map((n) => `${v.id} (${v.impact ?? "?"}) ${n.target}: ${v.help}. ${n.summary}`),
  );
}

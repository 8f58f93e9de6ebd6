// The ChooseRider dialog as a player uses it in e2e tests.
import type { Page } from "playwright-core";
import { expect } from "vitest";

/** The rider buttons of the open chooser. */
export const chooserRiders = (page: Page) => page.getByRole("dialog").getByRole("list").getByRole("button");

/** Clicks the first rider the open chooser offers that is not the current one (waits for its list). */
export async function chooseAnotherRider(page: Page): Promise<void> {
  const riders = chooserRiders(page);
  await expect.poll(() => riders.count(), { timeout: 15_000 }).toBeGreaterThan(3);
  for (let i = 0; i < (await riders.count()); i++) {
    const rider = riders.nth(i);
    if (!(await rider.isEnabled()) || (await rider.getAttribute("aria-pressed")) === "true") continue;
    await rider.click();
    return;
  }
  throw new Error("no rider to choose");
}

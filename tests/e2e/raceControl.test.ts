// Race control in the browser (game-rules.md "Weekends as they really happen"), against the real product: an
// operator (granted with `npm run admin -- grant`, the embedded database stopped) delays FP1 by 30 minutes on
// /staff/race-control while a player's Predictions page is open in another browser context: the player's countdown
// moves live and the player saves in the extra time. The operator then enters FP1 by race numbers (the preview
// first), corrects it, and the player's Results show the pick's points before and after, with the reason. A rider
// on no list yet comes in as a wildcard from the entry list's form, as the CLI's `rider wildcard --name` does. Race
// control (with that form open) and the audit log pass axe at 1280 and 375 px.
import { execFile } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RaceControl } from "../../contract/operations";
import { createPlayer, openSignedIn, type Player } from "./accounts";
import { api as callApi, apiAnswer } from "./api";
import { axeViolations } from "./axe";
import { chooseAnotherRider } from "./chooser";
import { launchBrowser, restartableProduct, type RestartableProduct } from "./harness";

const run = promisify(execFile);
const dataDir = mkdtempSync(join(tmpdir(), "pp-e2e-race-control-"));
let product: RestartableProduct;
let browser: Browser;
let operator: Player;
let player: Player;
let raceId: string;
let fp1: { startsAt: string; endsAt: string };

const api = <T>(who: Player | null, method: string, path: string, body?: unknown) =>
  callApi<T>(product.url, who, method, path, body);
const control = () => api<RaceControl>(operator, "GET", `/admin/races/${raceId}/control`);
const setClock = (iso: string) => api(null, "POST", "/dev/clock", { now: iso });
const minutes = (ms: number) => ms * 60_000;

beforeAll(async () => {
  // Access tokens outlive the simulated clock's jumps to the weekend (days ahead), as in session.test.ts.
  product = await restartableProduct({ DATA_DIR: dataDir, ACCESS_TTL_SECONDS: String(30 * 24 * 3600) });
  operator = await createPlayer(product.url);
  player = await createPlayer(product.url);
  await product.stop();
  const granted = await run(
    process.execPath,
    ["node_modules/tsx/dist/cli.mjs", "scripts/admin.ts", "grant", operator.email, "operator"],
    {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" },
    },
  );
  expect(granted.stdout).toContain(`${operator.email} is now operator.`);
  await product.start();
  browser = await launchBrowser();
  const [next] = await api<{ id: string }[]>(null, "GET", "/races/next?take=1");
  raceId = next!.id;
  const session = (await control()).sessions.find((s) => s.type === "FP1")!;
  fp1 = { startsAt: session.startsAt, endsAt: session.endsAt };
}, 240_000);

afterAll(async () => {
  await apiAnswer(product.url, null, "POST", "/dev/clock", { reset: true }).catch(() => undefined);
  await browser?.close();
  await product?.dispose();
});

/** The player's countdown to the next session, in seconds ("00:34:58", "1d 02:00:00"). */
async function countdownSeconds(page: Page): Promise<number> {
  const text = (await page.getByRole("timer").first().textContent()) ?? "";
  const [, days, h, m, s] = /(?:(\d+)\D+)?(\d{2}):(\d{2}):(\d{2})/.exec(text) ?? [];
  return Number(days ?? 0) * 86_400 + Number(h) * 3600 + Number(m) * 60 + Number(s);
}

async function openRaceControl(width = 1280): Promise<Page> {
  const page = await openSignedIn(browser, product.url, operator, "/staff/race-control");
  await page.setViewportSize({ width, height: 900 });
  await expect
    .poll(() => page.getByRole("heading", { level: 1, name: "Race control" }).count(), { timeout: 20_000 })
    .toBe(1);
  await expect.poll(() => page.getByTestId("session-FP1").count(), { timeout: 20_000 }).toBe(1);
  return page;
}

describe("race control in the browser", () => {
  it("an operator delays FP1 by 30 minutes: the player's open Predictions page counts down to the new start, and the player saves in the extra time", async () => {
    // Five minutes before FP1 as scheduled.
    await setClock(new Date(Date.parse(fp1.startsAt) - minutes(5)).toISOString());
    const playerPage = await openSignedIn(browser, product.url, player, "/predictions");
    await expect.poll(() => playerPage.getByRole("timer").count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await expect.poll(() => countdownSeconds(playerPage), { timeout: 10_000 }).toBeLessThanOrEqual(5 * 60);

    const page = await openRaceControl();
    const session = page.getByTestId("session-FP1");
    await expect.poll(() => session.getByTestId("session-state").textContent()).toBe("Upcoming");
    await session.getByRole("button", { name: "Move Free practice 1" }).click();
    const panel = page.getByTestId("move-panel");
    await panel.getByRole("button", { name: "+30 min" }).click();
    await panel.getByRole("button", { name: "Review the move" }).click();
    await expect.poll(() => panel.getByTestId("move-summary").count()).toBe(1);
    await panel.getByRole("button", { name: "Move Free practice 1" }).click();
    await expect
      .poll(() => panel.getByTestId("flow-done").textContent(), { timeout: 15_000 })
      .toMatch(/^Free practice 1 moved\. Players told: \d+\.$/);
    const moved = (await control()).sessions.find((s) => s.type === "FP1")!;
    expect(Date.parse(moved.startsAt) - Date.parse(fp1.startsAt)).toBe(minutes(30));
    expect(Date.parse(moved.endsAt) - Date.parse(fp1.endsAt)).toBe(minutes(30));

    // The player's page moves within seconds, without a reload.
    await expect.poll(() => countdownSeconds(playerPage), { timeout: 15_000 }).toBeGreaterThan(30 * 60);

    // Two minutes after the old start, FP1 has not started: the player's pick is saved.
    await setClock(new Date(Date.parse(fp1.startsAt) + minutes(2)).toISOString());
    await playerPage.getByRole("button", { name: "Choose rider (Fastest in FP1)" }).click();
    await chooseAnotherRider(playerPage);
    await expect.poll(() => playerPage.getByRole("dialog").count()).toBe(0);
    await playerPage.getByRole("button", { name: "Save predictions" }).click();
    await expect.poll(() => playerPage.getByText("Predictions saved").count(), { timeout: 15_000 }).toBe(1);
    const saved = await api<{ data: { category: string; riderId: string; savedAt: string }[] }>(
      player,
      "GET",
      `/predictions/races/${raceId}`,
    );
    const pick = saved.data.find((p) => p.category === "FP1")!;
    expect(Date.parse(pick.savedAt)).toBeGreaterThan(Date.parse(fp1.startsAt));
    fp1 = { startsAt: moved.startsAt, endsAt: moved.endsAt };
    await playerPage.context().close();
    await page.context().close();
  }, 180_000);

  it("FP1 entered by race numbers after a preview, then corrected: the player's Results show the points before and after, and why", async () => {
    const saved = await api<{ data: { category: string; riderId: string }[] }>(
      player,
      "GET",
      `/predictions/races/${raceId}`,
    );
    const picked = saved.data.find((p) => p.category === "FP1")!.riderId;
    const riders = (await control()).riders.filter((r) => !r.out);
    const numberOf = (id: string) => riders.find((r) => r.id === id)!.number;
    const others = riders.filter((r) => r.id !== picked).map((r) => r.number);
    // FP1 is over (its moved end, and a minute).
    await setClock(new Date(Date.parse(fp1.endsAt) + minutes(1)).toISOString());

    const page = await openRaceControl();
    const session = page.getByTestId("session-FP1");
    await expect.poll(() => session.getByTestId("session-state").textContent(), { timeout: 20_000 }).toBe("Ended");
    await session.getByRole("button", { name: "Enter FP1 classification" }).click();
    const panel = page.getByTestId("entry-panel");
    const numbers = panel.getByRole("textbox", { name: "Race numbers in finishing order" });
    // Unknown and repeated numbers are named and nothing is sent.
    await numbers.fill(`${numberOf(picked)} ${numberOf(picked)} 999`);
    await panel.getByRole("button", { name: "Preview" }).click();
    await expect
      .poll(() => panel.getByText("No rider of this weekend has these numbers: 999.", { exact: false }).count())
      .toBe(1);
    await expect.poll(() => panel.getByText("Typed more than once:", { exact: false }).count()).toBe(1);
    await numbers.fill([numberOf(picked), ...others.slice(0, 4)].join(" "));
    await expect.poll(() => panel.getByTestId("resolved-riders").getByRole("listitem").count()).toBe(5);
    await panel.getByRole("button", { name: "Preview" }).click();
    const preview = panel.getByTestId("result-preview");
    await expect.poll(() => preview.count(), { timeout: 15_000 }).toBe(1);
    await expect.poll(() => preview.getByText("Picks scored").count()).toBe(1);
    await panel.getByRole("button", { name: "Enter the classification" }).click();
    await expect
      .poll(() => panel.getByTestId("flow-done").textContent(), { timeout: 15_000 })
      .toBe("The FP1 classification is entered.");
    await panel.getByRole("button", { name: "Close" }).click();

    // The stewards' correction: the player's rider is fifth now.
    await expect
      .poll(() => session.getByRole("button", { name: "Correct FP1 classification" }).count(), { timeout: 20_000 })
      .toBe(1);
    await session.getByRole("button", { name: "Correct FP1 classification" }).click();
    const correction = page.getByTestId("entry-panel");
    const field = correction.getByRole("textbox", { name: "Race numbers in finishing order" });
    await expect.poll(() => field.inputValue()).toBe([numberOf(picked), ...others.slice(0, 4)].join(" "));
    await field.fill([...others.slice(0, 4), numberOf(picked)].join(" "));
    await correction.getByRole("button", { name: "Preview" }).click();
    await expect
      .poll(() => correction.getByTestId("result-preview").getByText("Points, net change").count(), { timeout: 15_000 })
      .toBe(1);
    await correction.getByRole("button", { name: "Correct the classification" }).click();
    await expect
      .poll(() => correction.getByTestId("flow-done").textContent(), { timeout: 15_000 })
      .toBe("The FP1 classification is corrected.");
    await page.context().close();

    const scored = await api<{
      data: {
        category: string;
        state: string;
        points: number | null;
        before?: { state: string; points: number } | null;
      }[];
    }>(player, "GET", `/predictions/races/${raceId}/results`);
    const fp1Pick = scored.data.find((p) => p.category === "FP1")!;
    expect(fp1Pick.before).toBeTruthy();
    expect(fp1Pick.before!.points).not.toBe(fp1Pick.points);
    const playerPage = await openSignedIn(browser, product.url, player, "/results");
    // The pick missed after the correction: it is among all the answers, not the successful ones.
    await playerPage.getByRole("tab", { name: "All answered" }).click({ timeout: 20_000 });
    const line = playerPage.getByTestId("pick-correction");
    await expect.poll(() => line.count(), { timeout: 20_000 }).toBeGreaterThan(0);
    const text = (await line.first().textContent()) ?? "";
    expect(text).toMatch(/^Corrected by the stewards: before .+ → now .+$/);
    const [before, after] = text.replace(/^Corrected by the stewards: before /, "").split(" → now ");
    expect(before).not.toBe(after);
    await playerPage.context().close();
  }, 180_000);

  it("the operator brings in a new rider as a wildcard: the form says what is missing, the entry list then tags them, and the audit log has it as the CLI's", async () => {
    const teams = await api<{ id: string; name: string; riders: { number: number }[] }[]>(
      null,
      "GET",
      "/riders/teams?raceClass=MOTOGP",
    );
    const taken = new Set([
      ...teams.flatMap((t) => t.riders.map((r) => r.number)),
      ...(await control()).riders.map((r) => r.number),
    ]);
    const number = [...Array(900).keys()].map((i) => 999 - i).find((n) => !taken.has(n))!;
    const team = teams[0]!;
    const name = "Lorenzo Savadori";

    const page = await openRaceControl();
    await page.getByRole("button", { name: "Add a wildcard" }).click();
    const panel = page.getByTestId("action-panel");
    await panel.getByRole("combobox", { name: "Rider" }).selectOption({ label: "A new rider…" });
    const form = panel.getByRole("group", { name: "New rider" });
    await panel.getByRole("button", { name: "Add the wildcard" }).click();
    await expect.poll(() => form.getByText("This is a required field").count()).toBe(4);
    expect(await form.getByRole("textbox", { name: "Race number" }).getAttribute("aria-invalid")).toBe("true");
    expect(await axeViolations(page), "the new rider's form with its errors at 1280 px").toEqual([]);

    // By keyboard: the fields in order, the selects chosen with their keys.
    await form.getByRole("textbox", { name: "Race number" }).fill(String(number));
    await page.keyboard.press("Tab");
    await page.keyboard.type(name);
    await form.getByRole("combobox", { name: "Team" }).selectOption({ label: team.name });
    await form.getByRole("combobox", { name: "Country" }).selectOption("IT");
    await expect.poll(() => form.getByText("This is a required field").count()).toBe(0);
    await panel.getByRole("button", { name: "Add the wildcard" }).focus();
    await page.keyboard.press("Enter");
    await expect
      .poll(() => panel.getByTestId("flow-done").textContent(), { timeout: 15_000 })
      .toBe("The wildcard is on the entry list.");

    const row = page
      .getByRole("region", { name: "Entry list table" })
      .getByRole("row")
      .filter({ has: page.getByRole("rowheader", { name }) });
    await expect.poll(() => row.count(), { timeout: 20_000 }).toBe(1);
    expect(await row.textContent()).toContain(String(number));
    expect(await row.textContent()).toContain("Wildcard");
    const entered = (await control()).riders.find((r) => r.name === name)!;
    expect(entered).toMatchObject({ number, role: "WILDCARD", out: false, replaces: null });
    const audit = await api<{
      data: { action: string; target: string; after: { entry: { id: string; created: boolean } } }[];
    }>(operator, "GET", `/admin/audit?raceId=${raceId}`);
    expect(audit.data.find((a) => a.action === "RIDER_WILDCARD")?.after.entry).toMatchObject({
      id: entered.id,
      created: true,
    });
    await page.context().close();

    // At 375 px the form fits: axe with it open, and nothing wider than the screen.
    const narrow = await openRaceControl(375);
    await narrow.getByRole("button", { name: "Add a wildcard" }).click();
    await narrow
      .getByTestId("action-panel")
      .getByRole("combobox", { name: "Rider" })
      .selectOption({ label: "A new rider…" });
    await expect.poll(() => narrow.getByRole("group", { name: "New rider" }).count()).toBe(1);
    expect(await narrow.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await axeViolations(narrow), "the new rider's form at 375 px").toEqual([]);
    await narrow.context().close();
  }, 180_000);

  it("race control and the audit log pass axe at 1280 and 375 px", async () => {
    for (const width of [1280, 375]) {
      const page = await openRaceControl(width);
      expect(await axeViolations(page), `/staff/race-control at ${width} px`).toEqual([]);
      await page.goto(`${product.url}/staff/audit`);
      await expect.poll(() => page.getByRole("heading", { level: 1 }).count(), { timeout: 20_000 }).toBe(1);
      expect(await page.getByRole("heading", { level: 1, name: "You ran wide" }).count(), "the audit page exists").toBe(
        0,
      );
      expect(await axeViolations(page), `/staff/audit at ${width} px`).toEqual([]);
      await page.context().close();
    }
  }, 180_000);
});

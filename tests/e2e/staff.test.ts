// Staff tools in a real browser against the real product: a player joins a public league, then (the server clock
// moved into FP1, like weekend.test.ts) changes a saved pick at the EARLY price; the browser reports the
// machine transitions (and nothing personal: every analytics request and the problem report are inspected); the
// player reports a problem and is shown its id; an operator grants analyst and support roles with
// `npm run admin -- grant` (PGlite: while the server is stopped); `npm run replay -- <id>` replays the report
// through the machines to the recorded snapshots; the analyst sees the join and the change (and its funnel)
// counted on /staff/flows, support steps through both on /staff/replay, and the
// staff pages pass axe at 1280 and 375 px and work by keyboard. A player opening /staff/flows gets the not-found
// page, and the API refuses them (403). Race control and the audit log fit 375 px in Japanese, German and Thai.
import { execFile } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPlayer, openSignedIn, type Player } from "./accounts";
import { launchBrowser, restartableProduct, type RestartableProduct } from "./harness";
import { apiAnswer } from "./api";
import { chooseAnotherRider } from "./chooser";
import { settle, injectAxe } from "./axe";
import { overflowingElements } from "./overflow";

const run = promisify(execFile);

let product: RestartableProduct;
let browser: Browser;
const dataDir = mkdtempSync(join(tmpdir(), "pp-e2e-staff-"));

beforeAll(async () => {
  product = await restartableProduct({ DATA_DIR: dataDir });
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await product?.dispose();
});

const api = <T>(player: Player | null, method: string, path: string, body?: unknown) =>
  apiAnswer<T>(product.url, player, method, path, body);

async function axeViolations(page: Page): Promise<string[]> {
  await injectAxe(page);
  const result = await page.evaluate(async () => {
    const axe = (
      globalThis as unknown as {
        axe: {
          run: (
            ctx: unknown,
            opts: unknown,
          ) => Promise<{ violations: { id: string; nodes: { target: string[] }[] }[] }>;
        };
      }
    ).axe;
    return axe.run(document, { runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"] } });
  });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

/** The page is hidden (switching tabs): the reporter sends what it counted at once. */
const hide = (page: Page) =>
  page.evaluate(() => {
    Object.defineProperty(document, "visibilityState", { value: "hidden", configurable: true });
    document.dispatchEvent(new Event("visibilitychange"));
  });

describe("staff tools", () => {
  it("a player's league join and paid change are counted without personal data; the analyst sees them on /staff/flows; support replays both; players are refused", async () => {
    const owner = await createPlayer(product.url);
    const player = await createPlayer(product.url);
    const name = `Open${Date.now() % 100000}`;
    const league = await api<{ id: string }>(owner, "POST", "/leagues", { name, type: "PUBLIC" });

    // The player joins through the UI; every analytics request is kept for inspection.
    const page = await openSignedIn(browser, product.url, player, `/leagues/${league.result.id}`);
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));
    const sent: { url: string; body: string }[] = [];
    const answers: number[] = [];
    page.on("request", (r) => {
      if (r.url().includes("/api/analytics/")) sent.push({ url: r.url(), body: r.postData() ?? "" });
    });
    page.on("response", (r) => {
      if (r.url().includes("/api/analytics/")) answers.push(r.status());
    });
    await page.getByRole("button", { name: `Join ${name}` }).click();
    await expect
      .poll(() => page.getByRole("button", { name: `Leave league: ${name}` }).count(), { timeout: 15_000 })
      .toBe(1);

    // In the same tab (the app's actors live on), the player saves an FP1 pick; the server clock moves two
    // minutes into FP1 and the player changes it at the EARLY price through the ChangePrediction modal.
    const [race] = (
      await api<{ id: string; name: string; sessions: { type: string; startsAt: string }[] }[]>(
        null,
        "GET",
        "/races/next?take=1",
      )
    ).result;
    const fp1Start = Date.parse(race!.sessions.find((s) => s.type === "FP1")!.startsAt);
    await page.getByRole("link", { name: "Predictions" }).first().click();
    await expect
      .poll(() => page.getByRole("heading", { level: 2, name: race!.name }).count(), { timeout: 20_000 })
      .toBe(1);
    await page.getByRole("button", { name: "Choose rider (Fastest in FP1)" }).click();
    await chooseAnotherRider(page);
    await expect.poll(() => page.getByRole("dialog").count()).toBe(0);
    await page.getByRole("button", { name: "Save predictions" }).click();
    await expect.poll(() => page.getByText("Predictions saved").count(), { timeout: 15_000 }).toBe(1);
    await api(null, "POST", "/dev/clock", { now: new Date(fp1Start + 2 * 60_000).toISOString() });
    await page.getByRole("link", { name: "Leaderboards" }).first().click();
    await page.getByRole("link", { name: "Predictions" }).first().click();
    await page.getByRole("button", { name: "Change · 25 (Fastest in FP1)" }).click({ timeout: 20_000 });
    await chooseAnotherRider(page);
    const change = page.getByRole("dialog");
    await change.getByRole("button", { name: "Change for 25 diamonds" }).click();
    await expect.poll(() => change.getByText("Prediction changed").count(), { timeout: 15_000 }).toBe(1);
    await change.getByRole("button", { name: "OK" }).click();
    await expect.poll(() => page.getByRole("dialog").count()).toBe(0);

    await hide(page);
    const reported = (needle: string) =>
      sent.some((s) => s.url.endsWith("/analytics/transitions") && s.body.includes(needle));
    await expect.poll(() => reported('"league.join"'), { timeout: 15_000 }).toBe(true);
    await expect
      .poll(() => reported('"change.confirm"') && reported('"xstate.done.actor.submitChange"'), { timeout: 15_000 })
      .toBe(true);
    expect(sent.some((s) => s.url.endsWith("/analytics/page-view"))).toBe(true);
    await expect.poll(() => answers.length).toBeGreaterThanOrEqual(sent.length);
    expect(answers.every((status) => status === 200)).toBe(true);
    for (const s of sent) {
      for (const secret of [
        player.email,
        player.name,
        player.tokens.accessToken,
        player.tokens.refreshToken,
        player.password,
      ])
        expect(s.body).not.toContain(secret);
      expect(s.body).not.toContain("?");
    }

    // The player reports a problem from the profile menu and is shown the report's id.
    // The upload is kept as it leaves the page (the request event drops bodies this large).
    await page.evaluate(() => {
      const w = window as Window & { sentReports?: string[] };
      const send = window.fetch.bind(window);
      w.sentReports = [];
      window.fetch = async (input, init) => {
        if (String(input instanceof Request ? input.url : input).endsWith("/api/reports"))
          w.sentReports!.push(input instanceof Request ? await input.clone().text() : String(init?.body ?? ""));
        return send(input, init);
      };
    });
    await page.getByRole("button", { name: `Account menu for ${player.name}` }).click();
    await page.getByRole("button", { name: "Report a problem" }).click();
    const notice = page.getByRole("dialog").getByText(/Your report number is [A-Z0-9]{8}/);
    await expect.poll(() => notice.count(), { timeout: 15_000 }).toBe(1);
    const reportId = /number is ([A-Z0-9]{8})/.exec((await notice.textContent()) ?? "")![1]!;
    await page.getByRole("dialog").getByRole("button", { name: "OK" }).click();
    const reports = await page.evaluate(() => (window as Window & { sentReports?: string[] }).sentReports ?? []);
    expect(reports).toHaveLength(1);
    expect(reports[0]).toContain('"machine":"predictionChange"');
    expect(reports[0]).toContain('"machine":"leagueJoin"');
    // Back to the real time: the counts were taken on the server's (moved) day, the analyst reads a range spanning both.
    await api(null, "POST", "/dev/clock", { reset: true });
    const days = [
      new Date(fp1Start).toISOString().slice(0, 10),
      new Date(Date.now() - 6 * 86_400_000).toISOString().slice(0, 10),
      new Date().toISOString().slice(0, 10),
    ].toSorted();
    for (const secret of [
      player.email,
      player.name,
      player.tokens.accessToken,
      player.tokens.refreshToken,
      player.password,
    ])
      expect(reports[0]).not.toContain(secret);

    // A player is refused: 403 from the API, the not-found page in the SPA.
    expect((await api(player, "GET", "/staff/flows?from=2020-01-01&to=2020-01-02")).status).toBe(403);
    await page.goto(`${product.url}/staff/flows`);
    await expect
      .poll(() => page.getByRole("heading", { level: 1, name: "You ran wide" }).count(), { timeout: 15_000 })
      .toBe(1);
    await page.context().close();

    // The operator grants the analyst role from the command line (the embedded database: server stopped).
    const analyst = await createPlayer(product.url);
    await product.stop();
    const granted = await run(
      process.execPath,
      ["node_modules/tsx/dist/cli.mjs", "scripts/admin.ts", "grant", analyst.email, "analyst"],
      {
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" },
      },
    );
    expect(granted.stdout).toContain(`${analyst.email} is now analyst.`);
    await run(
      process.execPath,
      ["node_modules/tsx/dist/cli.mjs", "scripts/admin.ts", "grant", analyst.email, "support"],
      { env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" } },
    );

    // Support replays the report through the same machines: the league join ends where it was recorded.
    const replayed = await run(process.execPath, ["node_modules/tsx/dist/cli.mjs", "scripts/replay.ts", reportId], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" },
    }).catch((e: { stdout: string; stderr: string; code: number }) => ({
      stdout: e.stdout,
      stderr: e.stderr,
      code: e.code,
    }));
    // Every actor of the bundle ends where it was recorded (exit code 0 of `npm run replay`).
    expect(replayed.stdout).not.toContain("DIFFERS");
    expect("code" in replayed ? replayed.code : 0, `${replayed.stdout}\n${replayed.stderr}`).toBe(0);
    const joinLines = replayed.stdout.split("\n");
    const joinAt = joinLines.findIndex((l) => /\(leagueJoin\): start/.test(l));
    expect(joinAt).toBeGreaterThan(-1);
    const joinEnd = joinLines.slice(joinAt).find((l) => /ends in the recorded snapshot|DIFFERS/.test(l));
    expect(joinEnd).toMatch(/ends in the recorded snapshot/);
    expect(joinLines.slice(joinAt).join("\n")).toContain("league.join → joining");
    // The paid change too: confirmed, submitted, answered as recorded, and changed.
    const changeAt = joinLines.findIndex((l) => /\(predictionChange\): start/.test(l));
    expect(changeAt).toBeGreaterThan(-1);
    const changeLines = joinLines
      .slice(
        changeAt,
        joinLines.findIndex((l, i) => i > changeAt && /ends in the recorded snapshot|DIFFERS/.test(l)) + 1,
      )
      .join("\n");
    expect(changeLines).toContain("change.confirm → submitting");
    expect(changeLines).toContain("xstate.done.actor.submitChange → changed");
    expect(changeLines).toMatch(/ends in the recorded snapshot: changed$/);
    // The Predictions weekend that spawned the change replays too (its data travels, the names in it do not).
    const weekendAt = joinLines.findIndex((l) => /\(predictionWeekend\): start/.test(l));
    expect(weekendAt).toBeGreaterThan(-1);
    expect(
      joinLines
        .slice(weekendAt)
        .find((l) => /ends in the recorded snapshot|DIFFERS|cannot be replayed|skipped/.test(l)),
    ).toMatch(/ends in the recorded snapshot/);
    await product.start();

    const staff = await openSignedIn(browser, product.url, analyst, "/staff");
    staff.on("pageerror", (e) => errors.push(e.message));
    await expect
      .poll(() => staff.getByRole("heading", { level: 1, name: "Staff tools" }).count(), { timeout: 15_000 })
      .toBe(1);
    expect(await axeViolations(staff)).toEqual([]);
    await staff.getByRole("link", { name: /Flow analytics/ }).click();
    await expect
      .poll(() => staff.getByRole("heading", { level: 1, name: "Flow analytics" }).count(), { timeout: 15_000 })
      .toBe(1);

    // The counts are kept per server day: the range spans the moved clock's day and the last week.
    await staff.getByLabel("To", { exact: true }).fill(days.at(-1)!);
    await staff.getByLabel("From", { exact: true }).fill(days[0]!);

    // By keyboard: the flow select takes focus and changes with the arrow keys.
    const select = staff.getByRole("combobox", { name: "Flow" });
    await select.focus();
    await select.selectOption("leagueJoin");
    await expect.poll(() => staff.getByTestId("flows-transitions").count(), { timeout: 15_000 }).toBe(1);
    const row = staff
      .getByTestId("flows-transitions")
      .getByRole("row")
      .filter({ hasText: "league.join" })
      .filter({ hasText: "joining" });
    await expect.poll(() => row.count()).toBe(1);
    expect(Number(await row.getByRole("cell").nth(3).textContent())).toBeGreaterThanOrEqual(1);
    expect(await staff.getByRole("img", { name: /Chart of the leagueJoin flow/ }).count()).toBe(1);

    // The change's transitions and its funnel (confirmed → changed).
    await select.selectOption("predictionChange");
    const transitions = staff.getByTestId("flows-transitions");
    const countOf = (from: string, event: string, to: string) =>
      transitions
        .getByRole("row")
        .filter({ has: staff.getByRole("cell", { name: from, exact: true }).first() })
        .filter({ has: staff.getByRole("cell", { name: event, exact: true }) })
        .filter({ has: staff.getByRole("cell", { name: to, exact: true }) });
    for (const [from, event, to] of [
      ["confirming", "change.confirm", "rechecking"],
      ["rechecking", "always", "submitting"],
      ["submitting", "xstate.done.actor.submitChange", "changed"],
    ] as const) {
      const r = countOf(from, event, to);
      await expect.poll(() => r.count(), { timeout: 15_000 }).toBe(1);
      expect(Number(await r.getByRole("cell").nth(3).textContent())).toBeGreaterThanOrEqual(1);
    }
    await staff
      .getByLabel("Events in order, separated by commas")
      .fill("change.confirm, xstate.done.actor.submitChange");
    await expect.poll(() => staff.getByText(/^xstate\.done\.actor\.submitChange: \d+ \(100%\)$/).count()).toBe(1);
    expect(await staff.getByRole("img", { name: /Chart of the predictionChange flow/ }).count()).toBe(1);
    expect(await axeViolations(staff)).toEqual([]);

    await staff.setViewportSize({ width: 375, height: 800 });
    expect(await axeViolations(staff)).toEqual([]);
    await staff.keyboard.press("Tab");
    expect(await staff.evaluate(() => document.activeElement !== document.body)).toBe(true);

    // Page views, the analysts' other tool: the player's league page counts under /leagues/:id.
    await staff.setViewportSize({ width: 1280, height: 900 });
    await staff.goto(`${product.url}/staff/pages`);
    await expect
      .poll(() => staff.getByRole("heading", { level: 1, name: "Page views" }).count(), { timeout: 15_000 })
      .toBe(1);
    await staff.getByLabel("To", { exact: true }).fill(days.at(-1)!);
    await staff.getByLabel("From", { exact: true }).fill(days[0]!);
    const leaguePage = staff
      .getByTestId("pages-by-page")
      .getByRole("row")
      .filter({ has: staff.getByRole("cell", { name: "/leagues/:id", exact: true }) });
    await expect.poll(() => leaguePage.count(), { timeout: 15_000 }).toBe(1);
    expect(Number(await leaguePage.getByRole("cell").nth(1).textContent())).toBeGreaterThanOrEqual(1);
    expect(Number(await leaguePage.getByRole("cell").nth(2).textContent())).toBeGreaterThanOrEqual(1);
    expect(await axeViolations(staff)).toEqual([]);
    await staff.setViewportSize({ width: 375, height: 800 });
    expect(await axeViolations(staff)).toEqual([]);

    // Support opens the report: the league join step by step on its chart, replayed in the browser too.
    await staff.setViewportSize({ width: 1280, height: 900 });
    await staff.goto(`${product.url}/staff/replay/${reportId}`);
    await expect
      .poll(() => staff.getByRole("heading", { level: 1, name: `Report ${reportId}` }).count(), { timeout: 15_000 })
      .toBe(1);
    const actorSelect = staff.getByRole("combobox", { name: "Flow" });
    const joinOption = await actorSelect.locator("option", { hasText: "(leagueJoin)" }).getAttribute("value");
    await actorSelect.selectOption(joinOption!);
    await expect.poll(() => staff.getByTestId("replay-state").textContent()).toBe('At the start: {"ready":"outside"}');
    const next = staff.getByRole("button", { name: "Next step" });
    await next.focus();
    await staff.keyboard.press("Enter");
    await expect.poll(() => staff.getByTestId("replay-state").textContent()).toBe("After league.join: joining");
    expect(await staff.getByTestId("replay-verdict").textContent()).toBe(
      "Replayed through the machine: it ends in the recorded snapshot.",
    );
    // The change, stepped to its end in the browser: changed, where it was recorded.
    await actorSelect.selectOption(
      (await actorSelect.locator("option", { hasText: "(predictionChange)" }).getAttribute("value"))!,
    );
    await expect.poll(() => staff.getByTestId("replay-state").textContent()).toMatch(/^At the start: /);
    while (await next.isEnabled()) await next.click();
    expect(await staff.getByTestId("replay-state").textContent()).toBe("After xstate.done.actor.submitChange: changed");
    expect(await staff.getByTestId("replay-verdict").textContent()).toBe(
      "Replayed through the machine: it ends in the recorded snapshot.",
    );
    expect(await axeViolations(staff)).toEqual([]);
    await staff.setViewportSize({ width: 375, height: 800 });
    expect(await axeViolations(staff)).toEqual([]);
    expect(errors).toEqual([]);
  }, 240_000);

  it("an operator reads the audit log at /staff/audit: the grants of the command line, by race, accessible at 1280 and 375 px and by keyboard; an analyst gets the not-found page", async () => {
    const operator = await createPlayer(product.url);
    const analyst = await createPlayer(product.url);
    await product.stop();
    for (const [email, role] of [
      [operator.email, "operator"],
      [analyst.email, "analyst"],
    ] as const) {
      await run(process.execPath, ["node_modules/tsx/dist/cli.mjs", "scripts/admin.ts", "grant", email, role], {
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" },
      });
    }
    await product.start();
    const errors: string[] = [];

    const other = await openSignedIn(browser, product.url, analyst, "/staff/audit");
    await expect
      .poll(() => other.getByRole("heading", { level: 1, name: "You ran wide" }).count(), { timeout: 15_000 })
      .toBe(1);
    expect((await api(analyst, "GET", "/admin/audit")).status).toBe(403);
    await other.context().close();

    const staff = await openSignedIn(browser, product.url, operator, "/staff");
    staff.on("pageerror", (e) => errors.push(e.message));
    await expect
      .poll(() => staff.getByRole("heading", { level: 1, name: "Staff tools" }).count(), { timeout: 15_000 })
      .toBe(1);
    await staff.getByRole("link", { name: /Audit log/ }).click();
    await expect
      .poll(() => staff.getByRole("heading", { level: 1, name: "Audit log" }).count(), { timeout: 15_000 })
      .toBe(1);
    const table = staff.getByRole("table", { name: /Operator actions, newest first/ });
    await expect.poll(() => table.count(), { timeout: 15_000 }).toBe(1);
    const grants = table.getByRole("row").filter({ hasText: "Role granted" });
    await expect.poll(() => grants.count()).toBeGreaterThanOrEqual(2);
    expect(await grants.first().textContent()).toMatch(/Admin token.*Command line/);
    expect(await table.textContent()).not.toContain(operator.email);
    expect(await axeViolations(staff)).toEqual([]);

    // By keyboard: the race dropdown takes focus; a race with no action on the record says so.
    const race = staff.getByRole("combobox", { name: "Race" });
    await race.focus();
    const firstRace = await race.locator("option").nth(1).getAttribute("value");
    await race.selectOption(firstRace!);
    await expect
      .poll(() => staff.getByRole("heading", { name: "Nothing on the record yet" }).count(), { timeout: 15_000 })
      .toBe(1);
    await race.selectOption("");
    await expect.poll(() => table.count(), { timeout: 15_000 }).toBe(1);
    await staff.setViewportSize({ width: 375, height: 800 });
    expect(await axeViolations(staff)).toEqual([]);
    await staff.keyboard.press("Tab");
    expect(await staff.evaluate(() => document.activeElement !== document.body)).toBe(true);

    // At 375 px in the languages whose words run longest or that write without spaces, nothing on the operator's
    // pages is cut or runs past its box (overflow.test.ts does the same for the players' screens).
    const found = new Map<string, string[]>();
    for (const language of ["ja", "de", "th"]) {
      await staff.evaluate((lng) => localStorage.setItem("lng", lng), language);
      await staff.goto(`${product.url}/staff/race-control`);
      await expect.poll(() => staff.getByTestId("session-FP1").count(), { timeout: 20_000 }).toBe(1);
      await expect.poll(() => staff.evaluate(() => document.documentElement.lang)).toBe(language);
      expect(await staff.locator("h1").textContent(), "race control in the language chosen").not.toBe("Race control");
      await settle(staff);
      const control = await overflowingElements(staff);
      if (control.length) found.set(`${language} /staff/race-control`, control);
      await staff.goto(`${product.url}/staff/audit`);
      await expect.poll(() => staff.getByRole("table").count(), { timeout: 20_000 }).toBe(1);
      await settle(staff);
      const audit = await overflowingElements(staff);
      if (audit.length) found.set(`${language} /staff/audit`, audit);
    }
    expect(Object.fromEntries(found)).toEqual({});
    expect(errors).toEqual([]);
  }, 240_000);
});

// Bonus questions in a real browser against the real product: the demo season's questions for the next
// race on /bonus-questions, a free-text answer given then changed in the ChooseAnswer modal, a choice answered;
// the simulator plays the weekend and grades the questions from its results: the question shows CORRECT with the
// right answer, its points are in the header's 'Earned points' and on the season board, and Results' tab shows it.
// The screens and the modal pass axe-core at 1280 and 375 px (and lay out at 991 and 575 px).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { injectAxe } from "./axe";
import type { Browser, Page } from "playwright-core";
import type { AdminQuestion } from "../../contract/questions";
import { adminQuestionsCalls } from "../../contract/calls.questions";
import { operatorApi, type OperatorApi } from "../../scripts/operator/api";
import { simulateWeekend } from "../../scripts/operator/simulator";
import { createPlayer, openSignedIn, type Player } from "./accounts";
import { launchBrowser, startProduct, type Product } from "./harness";
import { api as callApi } from "./api";

const ADMIN_TOKEN = "e2e-admin-token-0123456789abcdef";
/** The results' seed: with the odds below, the favourite takes pole (the run is repeatable). */
const SEED = 20_261_515;
let product: Product;
let browser: Browser;
let operator: OperatorApi;

beforeAll(async () => {
  product = await startProduct({ ADMIN_TOKEN });
  browser = await launchBrowser();
  operator = operatorApi({ baseUrl: product.url, adminToken: ADMIN_TOKEN });
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

const api = <T>(method: string, path: string, body?: unknown) => callApi<T>(product.url, null, method, path, body);

/** axe-core's violations on the page as it is now (WCAG 2.x A and AA). */
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

/** No part of the page is wider than the viewport (the 991 and 575 px layouts). */
const overflows = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);

describe("a player's bonus questions on a race weekend", () => {
  let player: Player;
  let race: { id: string; name: string };
  let favourite: { id: string; name: string };
  let questions: AdminQuestion[];
  let page: Page;
  const errors: string[] = [];
  const card = (text: string) => page.getByTestId("question").filter({ hasText: text });

  beforeAll(async () => {
    player = await createPlayer(product.url);
    [race] = (await api<{ id: string; name: string }[]>("GET", "/races/next?take=1")) as [{ id: string; name: string }];
    const { riders } = await operator.raceRiders(race.id);
    const available = riders.filter((r) => r.available);
    favourite = available[0]!;
    // A clear favourite at 1.10, the field at 250: the favourite takes pole with the seed above.
    await operator.setOdds(race.id, {
      odds: available.map((r) => ({ riderId: r.id, odds: r.id === favourite.id ? 1.1 : 250 })),
    });
    questions = await operator.send(adminQuestionsCalls.list, { params: { raceId: race.id }, admin: true });
    page = await openSignedIn(browser, product.url, player, "/bonus-questions");
    page.on("pageerror", (e) => errors.push(e.message));
  }, 60_000);

  afterAll(async () => {
    await api("POST", "/dev/clock", { reset: true }).catch(() => undefined);
    await page?.context().close();
  });

  it("lists the demo questions of the next race, answers one, changes it and answers a choice; axe-clean at 1280 and 375", async () => {
    expect(questions.map((q) => q.type).toSorted()).toEqual([
      "ABOUT_GENERAL",
      "ABOUT_GRAN_PRIX",
      "ABOUT_MANUFACTURER",
      "ABOUT_RIDERS",
    ]);
    const pole = questions.find((q) => q.source === "POLE")!;
    const podium = questions.find((q) => q.source === "PODIUM_MANUFACTURERS")!;
    await expect.poll(() => card(pole.texts.en!).count(), { timeout: 30_000 }).toBe(1);
    expect(await card(pole.texts.en!).getByTestId("question-countdown").count()).toBe(1);
    expect(await card(pole.texts.en!).getByTestId("question-answer").textContent()).toBe("Not answered");
    for (const width of [1280, 991, 575, 375]) {
      await page.setViewportSize({ width, height: 900 });
      expect(await overflows(page), `no sideways scroll at ${width}px`).toBe(false);
      if (width === 1280 || width === 375)
        expect(await axeViolations(page), `bonus questions at ${width}px`).toEqual([]);
    }
    await page.setViewportSize({ width: 1280, height: 900 });

    // A free-text answer: empty is refused, a wrong guess is saved, then changed to the favourite.
    const modal = page.getByRole("dialog");
    await card(pole.texts.en!)
      .getByRole("button", { name: `Answer: ${pole.texts.en}` })
      .click();
    await modal.getByRole("button", { name: "Send answer" }).click();
    await expect.poll(() => modal.getByText("This is a required field").count()).toBe(1);
    expect(await axeViolations(page), "ChooseAnswer").toEqual([]);
    await modal.getByRole("textbox", { name: "Answer" }).fill("Nobody Atall");
    await page.keyboard.press("Enter");
    await expect.poll(() => modal.getByTestId("answer-sent").count(), { timeout: 15_000 }).toBe(1);
    await modal.getByRole("button", { name: "OK" }).click();
    await expect.poll(() => card(pole.texts.en!).getByTestId("question-answer").textContent()).toBe("Nobody Atall");
    await card(pole.texts.en!)
      .getByRole("button", { name: `Change answer: ${pole.texts.en}` })
      .click();
    const field = modal.getByRole("textbox", { name: "Answer" });
    expect(await field.inputValue()).toBe("Nobody Atall");
    await field.fill(favourite.name.toUpperCase());
    await modal.getByRole("button", { name: "Send answer" }).click();
    await expect.poll(() => modal.getByTestId("answer-sent").count(), { timeout: 15_000 }).toBe(1);
    await modal.getByRole("button", { name: "OK" }).click();

    // A choice, by keyboard.
    await card(podium.texts.en!)
      .getByRole("button", { name: `Answer: ${podium.texts.en}` })
      .click();
    await modal.getByRole("radio", { name: "1" }).check();
    expect(await axeViolations(page), "ChooseAnswer with options").toEqual([]);
    await modal.getByRole("button", { name: "Send answer" }).click();
    await expect.poll(() => modal.getByTestId("answer-sent").count(), { timeout: 15_000 }).toBe(1);
    await page.keyboard.press("Escape");

    await page.getByRole("link", { name: "Answered" }).click();
    await expect.poll(() => page.getByTestId("question").count()).toBe(2);
    expect(await card(pole.texts.en!).getByTestId("question-result").textContent()).toBe("Waiting for the result");
    expect(errors).toEqual([]);
  }, 180_000);

  it("the simulator plays the weekend and grades: CORRECT with the right answer, the points in the header, on the board and in Results", async () => {
    const played = await simulateWeekend(operator, { race: race.id, players: 0, seed: SEED });
    const q2 = played.results.find((r) => r.session === "Q2")!;
    expect(q2.riderIds[0], `the favourite takes pole with seed ${SEED}`).toBe(favourite.id);
    const graded = await operator.send(adminQuestionsCalls.list, { params: { raceId: race.id }, admin: true });
    expect(graded.every((q) => q.correctAnswer !== null)).toBe(true);
    const pole = graded.find((q) => q.source === "POLE")!;
    const podium = graded.find((q) => q.source === "PODIUM_MANUFACTURERS")!;
    const expected = pole.points + (podium.correctAnswer === "1" ? podium.points : 0);

    await page.goto(`${product.url}/bonus-questions/all`);
    await expect
      .poll(() => card(pole.texts.en!).getByTestId("question-result").textContent(), { timeout: 30_000 })
      .toBe(`Correct: +${pole.points} pts`);
    expect(await card(pole.texts.en!).getByTestId("question-correct").textContent()).toBe(favourite.name);
    expect(await card(podium.texts.en!).getByTestId("question-correct").textContent()).toBe(podium.correctAnswer);
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      expect(await axeViolations(page), `graded questions at ${width}px`).toEqual([]);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await expect
      .poll(() => page.getByText("Earned points").locator("xpath=..").locator("strong").first().textContent())
      .toBe(String(expected));

    const board = await api<{ data: { user: { name: string }; points: number }[] }>(
      "GET",
      "/leaderboards/season?take=100",
    );
    expect(board.data.find((e) => e.user.name === player.name)?.points).toBe(expected);

    await page.goto(`${product.url}/results`);
    const answers = page.getByTestId("bonus-answers");
    await expect.poll(() => answers.getByTestId("question").count(), { timeout: 30_000 }).toBeGreaterThanOrEqual(1);
    expect(await answers.getByTestId("question").filter({ hasText: pole.texts.en! }).count()).toBe(1);
    expect(errors).toEqual([]);
  }, 300_000);
});

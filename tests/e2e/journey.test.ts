// The account journey, in a real browser against the real product: a guest looks around, signs up,
// confirms the e-mail from the outbox, signs in, stays signed in across a reload, edits the profile,
// signs out, recovers the password with the e-mailed code and signs in with the new one.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Browser, Page } from "playwright-core";
import { latestMail, launchBrowser, startProduct, type Product } from "./harness";

let product: Product;
let browser: Browser;

beforeAll(async () => {
  product = await startProduct();
  browser = await launchBrowser();
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await product?.stop();
});

const name = `Jorge${Date.now() % 100000}`;
const email = `${name.toLowerCase()}@example.com`;
const firstPassword = "Lusail#2026";
const newPassword = "Mugello!2027";
/** Chunks load after the first paint (the app runtime, the modal host): under load that takes more than a second. */
const WAIT = { timeout: 15_000 };
/** A webcal:// address is the same feed over http (the test product has no TLS). */
const feedUrl = (webcal: string) => webcal.replace(/^webcal:/, "http:");

async function signIn(page: Page, password: string) {
  const dialog = page.getByRole("dialog", { name: "Log in" });
  await dialog.getByLabel("E-mail").fill(email);
  await dialog.getByLabel("Password", { exact: true }).fill(password);
  await dialog.getByLabel("Remember me").check();
  await dialog.getByRole("button", { name: "Log in" }).click();
  await expect.poll(() => dialog.count(), { timeout: 15_000 }).toBe(0);
}

describe("a guest becomes a player and back", () => {
  it("walks the whole account journey", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on("pageerror", (e) => errors.push(e.message));

    // Guest landing.
    await page.goto(product.url);
    await expect
      .poll(() => page.getByRole("heading", { name: "Call the race before the lights go out" }).count(), WAIT)
      .toBe(1);

    // Sign up from the landing page's Play now.
    await page.getByRole("button", { name: "Play now" }).first().click();
    await page.getByRole("dialog", { name: "Log in" }).getByRole("button", { name: "Sign up" }).click();
    const signUp = page.getByRole("dialog", { name: "Sign up" });
    await signUp.getByLabel("Player name").fill(name);
    await signUp.getByLabel("E-mail").fill(email);
    await signUp.getByLabel("Password", { exact: true }).fill(firstPassword);
    await signUp.getByLabel("Confirm password").fill(firstPassword);
    await signUp.getByRole("checkbox").check();
    await signUp.getByRole("button", { name: "Create account" }).click();
    await expect.poll(() => page.getByText("Check your mail").count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await page.getByRole("button", { name: "Got it" }).click();

    // Signing in before confirming is refused with the spec's message.
    await page.getByRole("button", { name: "Play now" }).first().click();
    const early = page.getByRole("dialog", { name: "Log in" });
    await early.getByLabel("E-mail").fill(email);
    await early.getByLabel("Password", { exact: true }).fill(firstPassword);
    await early.getByRole("button", { name: "Log in" }).click();
    await expect
      .poll(() => early.getByText("You need to confirm your email", { exact: false }).count(), WAIT)
      .toBeGreaterThan(0);
    await page.keyboard.press("Escape");

    // Confirm via the link in the outbox: the product signs the player in.
    const confirm = await latestMail(product.url, email);
    const link = /https?:\/\/\S+\?token=\S+/.exec(confirm.text)?.[0];
    expect(link).toBeTruthy();
    await page.goto(link!);
    // A first-time player is welcomed by the FirstModal: its one button leads to Predictions.
    const welcome = page.getByRole("dialog", { name: "Welcome to the paddock!" });
    await welcome.getByTestId("first-deadline").waitFor({ timeout: 15_000 });
    await welcome.getByRole("button", { name: "Go to predictions" }).click();
    await welcome.waitFor({ state: "detached" });
    expect(new URL(page.url()).pathname).toBe("/predictions");
    await expect
      .poll(() => page.getByRole("button", { name: `Account menu for ${name}` }).count(), { timeout: 15_000 })
      .toBe(1);

    // Sign out, then sign in by e-mail and password with remember-me.
    await signOut(page);
    await page.getByRole("button", { name: "Play now" }).first().click();
    await signIn(page, firstPassword);
    await expect.poll(() => new URL(page.url()).pathname, WAIT).toBe("/predictions");

    // A reload keeps the session.
    await page.reload();
    await expect
      .poll(() => page.getByRole("button", { name: `Account menu for ${name}` }).count(), { timeout: 15_000 })
      .toBe(1);

    // Edit the profile: a bad wallet is refused with the spec's message, a good edit is saved and shown.
    await page.goto(`${product.url}/edit-profile`);
    await page.getByLabel("Bio").fill("Late braker, early predictor.");
    await page.getByLabel("City").fill("Cervera");
    await page.getByLabel("Wallet address").fill("not-a-wallet");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect.poll(() => page.getByText("It is not ETH address").count(), WAIT).toBeGreaterThan(0);
    await page.getByLabel("Wallet address").fill("0x52908400098527886E0F7030069857D2E4169EE7");
    await page.getByRole("button", { name: "Save changes" }).click();
    await expect
      .poll(() => page.getByText("Your profile has been saved.").count(), { timeout: 15_000 })
      .toBeGreaterThan(0);
    await page.goto(`${product.url}/profile`);
    await expect
      .poll(() => page.getByText("Late braker, early predictor.").count(), { timeout: 15_000 })
      .toBeGreaterThan(0);

    // The profile's calendar feed (docs/calendar.md): the address the panel shows serves the season, and a revoke
    // confirmed in the app's dialog puts a new address in its place while the old one answers 404.
    const calendar = page.getByRole("region", { name: "Calendar" });
    const address = calendar.getByLabel("Your private calendar link");
    await expect.poll(() => address.inputValue(), WAIT).toMatch(/^webcal:\/\/.+\.ics$/);
    const before = await address.inputValue();
    const feed = await fetch(feedUrl(before));
    expect(feed.status).toBe(200);
    expect(feed.headers.get("content-type")).toMatch(/^text\/calendar/);
    expect(await feed.text()).toMatch(/^BEGIN:VCALENDAR[\s\S]*BEGIN:VEVENT/);
    await calendar.getByRole("button", { name: "Revoke link" }).click();
    await page.getByRole("dialog").getByRole("button", { name: "Yes, revoke the link" }).click();
    await expect.poll(() => address.inputValue(), WAIT).not.toBe(before);
    expect((await fetch(feedUrl(before))).status).toBe(404);
    expect((await fetch(feedUrl(await address.inputValue()))).status).toBe(200);

    // Sign out.
    await signOut(page);

    // Recovery: the code comes by mail; a wrong code gets the spec's message.
    await page.goto(`${product.url}/?state=recovery&email=${encodeURIComponent(email)}`);
    const recovery = page.getByRole("dialog", { name: "Password recovery" });
    await expect.poll(() => recovery.count(), WAIT).toBe(1);
    const emailField = recovery.getByLabel("E-mail");
    if ((await emailField.inputValue()) !== email) await emailField.fill(email);
    await recovery.getByRole("button", { name: "Send code" }).click();
    const mail = await latestMail(product.url, email, /\b\d{6}\b/);
    const code = /\b(\d{6})\b/.exec(mail.subject)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    const wrong = code === "000000" ? "111111" : "000000";
    await recovery.getByLabel("Confirmation code").fill(wrong);
    await recovery.getByRole("button", { name: "Check code" }).click();
    await expect.poll(() => recovery.getByText("Invalid confirmation code").count(), WAIT).toBeGreaterThan(0);
    await recovery.getByLabel("Confirmation code").fill(code!);
    await recovery.getByRole("button", { name: "Check code" }).click();
    await recovery.getByLabel("New password").fill(newPassword);
    await recovery.getByLabel("Confirm password").fill(newPassword);
    await recovery.getByRole("button", { name: "Save password" }).click();
    await expect
      .poll(() => page.getByText("Your new password is set. Log in with it now.").count(), { timeout: 15_000 })
      .toBe(1);
    await page.getByRole("dialog", { name: "Password changed" }).getByRole("button", { name: "Log in" }).click();

    // The old password no longer works; the new one does.
    const again = page.getByRole("dialog", { name: "Log in" });
    await again.getByLabel("E-mail").fill(email);
    await again.getByLabel("Password", { exact: true }).fill(firstPassword);
    await again.getByRole("button", { name: "Log in" }).click();
    await expect.poll(() => again.getByText("Wrong e-mail or password").count(), WAIT).toBeGreaterThan(0);
    await signIn(page, newPassword);
    await expect
      .poll(() => page.getByRole("button", { name: `Account menu for ${name}` }).count(), { timeout: 15_000 })
      .toBe(1);

    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);
});

describe("guarded routes", () => {
  it("send a guest home with the sign-in modal open and return after sign-in", async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 800 } });
    const page = await context.newPage();
    await page.goto(`${product.url}/edit-profile`);
    await expect.poll(() => page.getByRole("dialog", { name: "Log in" }).count(), { timeout: 15_000 }).toBe(1);
    expect(new URL(page.url()).pathname).toBe("/");
    await signIn(page, newPassword);
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe("/edit-profile");
    await context.close();
  }, 120_000);

  it("show the not-found page for an unknown route", async () => {
    const page = await browser.newPage();
    await page.goto(`${product.url}/no-such-page`);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).count(), { timeout: 15_000 }).toBeGreaterThan(0);
    expect(await page.getByRole("link").count()).toBeGreaterThan(0);
    await page.close();
  }, 60_000);
});

async function signOut(page: Page) {
  await page.getByRole("button", { name: `Account menu for ${name}` }).click();
  await page.getByRole("button", { name: "Sign Out" }).click();
  await page.getByRole("button", { name: "Yes I'm sure" }).click();
  await expect
    .poll(() => page.getByRole("button", { name: `Account menu for ${name}` }).count(), { timeout: 15_000 })
    .toBe(0);
}

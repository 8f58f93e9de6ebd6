// Real players for e2e tests: signed up and confirmed through the product's own API and mail
// outbox, then handed to a browser the way the SPA stores a remembered session.
import { randomUUID } from "node:crypto";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { latestMail } from "./harness";

export type Tokens = { accessToken: string; refreshToken: string };
export type Player = { name: string; email: string; password: string; tokens: Tokens };

async function post<T>(url: string, path: string, body: unknown): Promise<T> {
  const res = await fetch(`${url}/api${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { result?: T; message?: string };
  if (!res.ok) throw new Error(`POST ${path} → ${res.status} ${json.message ?? ""}`);
  return json.result as T;
}

/** Signs a new player up, confirms the e-mail from the outbox link and returns their tokens. */
export async function createPlayer(url: string, name = `rider${randomUUID().slice(0, 8)}`): Promise<Player> {
  const email = `${name.toLowerCase()}@example.com`;
  const password = "Paddock#2026";
  await post(url, "/auth/sign-up", { name, email, password, confirmPassword: password, agree: true });
  const mail = await latestMail(url, email);
  const token = /[?&]token=([^\s&]+)/.exec(mail.text)?.[1];
  if (!token) throw new Error(`no confirmation link in: ${mail.text}`);
  const tokens = await post<Tokens>(url, "/auth/sign-up/confirm", { token: decodeURIComponent(token) });
  return { name, email, password, tokens: { accessToken: tokens.accessToken, refreshToken: tokens.refreshToken } };
}

/** Stores the player's tokens as the SPA does with remember-me on (cookies + the flag). */
export async function signInContext(context: BrowserContext, url: string, player: Player): Promise<void> {
  const expires = Math.floor(Date.now() / 1000) + 30 * 24 * 3600;
  await context.addCookies([
    { name: "accessToken", value: encodeURIComponent(player.tokens.accessToken), url, expires, sameSite: "Lax" },
    { name: "refreshToken", value: encodeURIComponent(player.tokens.refreshToken), url, expires, sameSite: "Lax" },
  ]);
  await context.addInitScript(() => localStorage.setItem("rememberMe", "true"));
}

/** A new browser context signed in as `player`, on `path`. Close the page's context when done. */
export async function openSignedIn(
  browser: Browser,
  url: string,
  player: Player,
  path = "/predictions",
): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await signInContext(context, url, player);
  const page = await context.newPage();
  await page.goto(`${url}${path}`);
  return page;
}

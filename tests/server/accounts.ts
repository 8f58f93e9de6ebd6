// Account steps the suites share, done through the public API only.
import { expect } from "vitest";
import type { Harness } from "./harness";

export const PASSWORD = "Paddock#2026";

export type Mail = { id: string; to: string; subject: string; text: string; html: string; createdAt: string };
export type Tokens = { accessToken: string; refreshToken: string };
export type Player = { id: string; name: string; email: string; password: string; tokens: Tokens };

let counter = 0;
export const uniqueEmail = (prefix = "rider") => `${prefix}.${Date.now().toString(36)}${++counter}@example.com`;

export async function outbox(h: Harness, to: string): Promise<Mail[]> {
  const res = await h.call<{ result: Mail[] }>("GET", "/dev/outbox", { query: { to } });
  expect(res.status).toBe(200);
  return res.body.result;
}

export async function latestMail(h: Harness, to: string): Promise<Mail> {
  const mails = await outbox(h, to);
  expect(mails.length).toBeGreaterThan(0);
  return mails[0]!;
}

export const tokenFrom = (mail: Mail) => /[?&]token=([\w-]+)/.exec(mail.text)?.[1] ?? "";
export const codeFrom = (mail: Mail) => /\b(\d{6})\b/.exec(mail.text)?.[1] ?? "";

export async function signUp(h: Harness, name: string, email: string, password = PASSWORD) {
  return h.call("POST", "/auth/sign-up", { body: { name, email, password, confirmPassword: password, agree: true } });
}

/** Signs up, confirms through the mailed link and returns the session the confirmation started. */
export async function signUpConfirmed(
  h: Harness,
  name = `Player${++counter}`,
  email = uniqueEmail(),
  password = PASSWORD,
): Promise<Player> {
  const res = await signUp(h, name, email, password);
  expect(res.status).toBe(200);
  const confirm = await h.call<{ result: Tokens & { isNew: boolean } }>("POST", "/auth/sign-up/confirm", {
    body: { token: tokenFrom(await latestMail(h, email)) },
  });
  expect(confirm.status).toBe(200);
  const { accessToken, refreshToken } = confirm.body.result;
  const profile = await h.call<{ result: { id: string } }>("GET", "/users/profile", { token: accessToken });
  return { id: profile.body.result.id, name, email, password, tokens: { accessToken, refreshToken } };
}

export async function signIn(h: Harness, email: string, password = PASSWORD) {
  return h.call("POST", "/auth/sign-in/email", { body: { email, password } });
}

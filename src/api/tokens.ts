import { Tokens } from "../../contract/auth";
import { storageKeys } from "../config/paths";

// Spec section 9: "Tokens are stored as cookies with expiry from the token when remember-me is 'true',
// otherwise in session storage."

const REFRESH_TOKEN_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

export type StoredTokens = { accessToken: string | null; refreshToken: string | null };

/** Seconds-since-epoch `exp` of a JWT, or null when the token is not a readable JWT. */
export function tokenExpiry(token: string): Date | null {
  const payload = token.split(".")[1];
  if (!payload) return null;
  try {
    const json = atob(
      payload
        .replace(/-/g, "+")
        .replace(/_/g, "/")
        .padEnd(Math.ceil(payload.length / 4) * 4, "="),
    );
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === "number" ? new Date(exp * 1000) : null;
  } catch {
    return null;
  }
}

function readCookie(name: string): string | null {
  for (const part of document.cookie.split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return decodeURIComponent(rest.join("="));
  }
  return null;
}

function writeCookie(name: string, value: string, expires: Date) {
  const secure = location.protocol === "https:" ? "; Secure" : "";
  document.cookie = `${name}=${encodeURIComponent(value)}; expires=${expires.toUTCString()}; path=/; SameSite=Lax${secure}`;
}

function deleteCookie(name: string) {
  document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/; SameSite=Lax`;
}

export function readRememberMe(): boolean {
  return localStorage.getItem(storageKeys.rememberMe) === "true";
}

export function readTokens(): StoredTokens {
  return {
    accessToken: readCookie(storageKeys.accessToken) ?? sessionStorage.getItem(storageKeys.accessToken),
    refreshToken: readCookie(storageKeys.refreshToken) ?? sessionStorage.getItem(storageKeys.refreshToken),
  };
}

export function hasStoredSession(): boolean {
  const { accessToken, refreshToken } = readTokens();
  return Boolean(accessToken || refreshToken);
}

export function clearTokens() {
  for (const key of [storageKeys.accessToken, storageKeys.refreshToken]) {
    deleteCookie(key);
    sessionStorage.removeItem(key);
  }
  localStorage.removeItem(storageKeys.rememberMe);
}

/** `rememberMe` omitted keeps the earlier choice (a refresh must not move tokens between stores). */
export function storeTokens(tokens: Tokens, rememberMe: boolean = readRememberMe()) {
  const parsed = Tokens.parse(tokens);
  clearTokens();
  localStorage.setItem(storageKeys.rememberMe, String(rememberMe));
  if (rememberMe) {
    const now = Date.now();
    writeCookie(storageKeys.accessToken, parsed.accessToken, tokenExpiry(parsed.accessToken) ?? new Date(now + DAY_MS));
    writeCookie(
      storageKeys.refreshToken,
      parsed.refreshToken,
      tokenExpiry(parsed.refreshToken) ?? new Date(now + REFRESH_TOKEN_DAYS * DAY_MS),
    );
  } else {
    sessionStorage.setItem(storageKeys.accessToken, parsed.accessToken);
    sessionStorage.setItem(storageKeys.refreshToken, parsed.refreshToken);
  }
}

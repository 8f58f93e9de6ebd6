import { queryKeys } from "../../config/paths";
import type { InviteLink } from "../../../machines/leagueJoin.machine";

// Spec section 8: "Invite-by-link failure: … Invite cookies are deleted afterwards." The link's data and
// signature wait in cookies while a guest signs in (or confirms an e-mail in another tab).
const DATA_COOKIE = "inviteData";
const SIGNATURE_COOKIE = "inviteSignature";
const ONE_DAY_S = 24 * 60 * 60;

function read(name: string): string | null {
  for (const part of document.cookie.split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return decodeURIComponent(rest.join("="));
  }
  return null;
}

function write(name: string, value: string, maxAge: number) {
  const secure = location.protocol === "https:" ? "; Secure" : "";
  document.cookie = `${name}=${encodeURIComponent(value)}; max-age=${maxAge}; path=/; SameSite=Lax${secure}`;
}

/** The link's `data` and `signature` query keys, when both are there. */
export function inviteLinkFrom(search: string): InviteLink | null {
  const params = new URLSearchParams(search);
  const data = params.get(queryKeys.data);
  const signature = params.get(queryKeys.signature);
  return data && signature ? { data, signature } : null;
}

export function storeInviteLink(link: InviteLink) {
  write(DATA_COOKIE, link.data, ONE_DAY_S);
  write(SIGNATURE_COOKIE, link.signature, ONE_DAY_S);
}

export function readInviteLink(): InviteLink | null {
  const data = read(DATA_COOKIE);
  const signature = read(SIGNATURE_COOKIE);
  return data && signature ? { data, signature } : null;
}

export function deleteInviteLink() {
  write(DATA_COOKIE, "", 0);
  write(SIGNATURE_COOKIE, "", 0);
}

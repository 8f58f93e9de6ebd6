import { createHmac, timingSafeEqual } from "node:crypto";
import { INVITE_LINK_TTL_MS } from "../../../contract/leagues";
import { AppError } from "../../http/errors";
import { isUuid } from "../../../contract/common";

export type SignedLink = { data: string; signature: string; link: string };

/**
 * League invite links: `data` is base64url JSON `{ l: leagueId, e: expiry (unix seconds) }`, `signature`
 * its HMAC-SHA256. The key is derived from the server's access-token secret for this one purpose, so a
 * link can't be forged without the secret, and rotating the secret retires every link.
 */
export function inviteLinks(secret: string, publicUrl: string) {
  const key = createHmac("sha256", secret).update("paddock-predictor/league-invite-link/v1").digest();
  const sign = (data: string) => createHmac("sha256", key).update(data).digest();

  return {
    make(leagueId: string, now: Date): SignedLink {
      const data = Buffer.from(
        JSON.stringify({ l: leagueId, e: Math.floor((now.getTime() + INVITE_LINK_TTL_MS) / 1000) }),
      ).toString("base64url");
      const signature = sign(data).toString("base64url");
      const query = new URLSearchParams({ data, signature });
      return { data, signature, link: `${publicUrl}/leagues?${query.toString()}` };
    },
    /** The league id of a genuine, unexpired link; 400 inviteLinkInvalid when tampered, 410 inviteLinkExpired when old. */
    verify(data: string, signature: string, now: Date): string {
      // The signature's exact text, not its decoding: base64url decoding skips what is outside its alphabet (a NUL, a
      // padding `=`), so many texts would decode to the one genuine signature.
      const given = Buffer.from(signature, "utf8");
      const expected = Buffer.from(sign(data).toString("base64url"), "utf8");
      // Constant-time comparison: the signature can't be guessed byte by byte from timings.
      if (given.length !== expected.length || !timingSafeEqual(given, expected))
        throw new AppError(400, "inviteLinkInvalid");
      let payload: { l?: unknown; e?: unknown };
      try {
        // The data is signed as text; only its canonical encoding is read, so one signed text means one payload.
        const decoded = Buffer.from(data, "base64url");
        if (decoded.toString("base64url") !== data) throw new Error("not canonical base64url");
        payload = JSON.parse(decoded.toString("utf8")) as typeof payload;
      } catch {
        throw new AppError(400, "inviteLinkInvalid");
      }
      if (typeof payload.l !== "string" || !isUuid(payload.l) || typeof payload.e !== "number")
        throw new AppError(400, "inviteLinkInvalid");
      if (payload.e * 1000 <= now.getTime()) throw new AppError(410, "inviteLinkExpired");
      return payload.l;
    },
  };
}
export type InviteLinks = ReturnType<typeof inviteLinks>;

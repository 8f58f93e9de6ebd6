import { call, raw } from "./calls";
import { CalendarLink } from "./calendar";

/**
 * The signed-in player's calendar feed address: made on the first ask and the same on every later one, until the
 * player revokes it, which makes a new one and turns the old one into a 404.
 */
export const calendarCalls = {
  link: call({ method: "GET", path: "/calendar/link", auth: true, result: CalendarLink }),
  revoke: call({ method: "POST", path: "/calendar/link/revoke", auth: true, result: CalendarLink }),
  /**
   * The feed itself (text/calendar), fetched by calendar apps with no token: the address is the secret. An unknown,
   * revoked or malformed address answers 404; 304 while the ETag in If-None-Match still holds.
   */
  feed: raw({
    method: "GET",
    path: "/calendar/:token.ics",
    auth: false,
    answers: { 200: ["text/calendar"], 304: [] },
    errors: { 404: ["notFound"], 429: ["tooManyRequests"] },
  }),
} as const;

import type { Call, ErrorAnswers, RawCall } from "../../contract/calls";
import { statusMessageCode, type MessageCode } from "../../contract/messages";

/** Who may make a call: anyone, a signed-in player, an operator (x-admin-token or an operator's bearer token), or anyone outside production. */
export type Audience = "public" | "player" | "admin" | "dev";

export function audienceOf(call: Call | RawCall): Audience {
  if (call.path.startsWith("/dev/")) return "dev";
  if (call.path.startsWith("/admin/")) return "admin";
  return call.auth ? "player" : "public";
}

/** What the server answers on its own for a request it refuses before the call (413 too large, 415 not JSON), as server/http/errors.ts maps it. */
const frameworkCode = (status: number): MessageCode => statusMessageCode[status] ?? "somethingWentWrong";

/**
 * Every error answer of a call: those its own declaration names, plus those every call of its shape gives
 * (contract/calls.ts `Call.errors` lists them), each status with its message codes, sorted.
 */
export function errorAnswers(call: Call | RawCall): Map<number, MessageCode[]> {
  const answers = new Map<number, Set<MessageCode>>();
  const add = (status: number, ...codes: MessageCode[]) => {
    const set = answers.get(status) ?? new Set<MessageCode>();
    for (const code of codes) set.add(code);
    answers.set(status, set);
  };
  // Refusals the server gives before any call runs (server/http/errors.ts, server/http/guards.ts): a request
  // that does not parse (a URL that does not decode, a body that is not JSON), a body over the limit on its
  // Content-Length, a content type it does not read, a path parameter that cannot name anything.
  add(400, frameworkCode(400));
  // Node's parser, before any route (server/http/errors.ts clientErrorHandler): a request not sent in time, and
  // headers or a URL (a long query) over 16 KiB. Any call can meet both.
  add(408, frameworkCode(408));
  add(413, frameworkCode(413));
  add(431, frameworkCode(431));
  if (call.method !== "GET") add(415, frameworkCode(415));
  if (call.path.includes("/:")) add(404, frameworkCode(404));
  if ("result" in call && (call.body || call.form || call.query || call.headers)) add(400, "validation");
  const audience = audienceOf(call);
  if (audience === "player") {
    add(401, "unauthorized");
    add(403, "mustChangePassword");
  }
  if (audience === "admin") {
    // The admin token, or an operator's bearer token (server/http/operatorGuard.ts): a player, staff without the
    // operator role, or an operator who must change the password first is refused.
    add(401, "unauthorized");
    add(403, "forbidden", "mustChangePassword");
  }
  add(500, "somethingWentWrong");
  // The database away, or the server stopping (server/http/errors.ts): any call, sent again later.
  add(503, "serviceUnavailable");
  for (const [status, codes] of Object.entries(call.errors ?? ({} as ErrorAnswers))) add(Number(status), ...codes);
  return new Map([...answers].toSorted(([a], [b]) => a - b).map(([status, codes]) => [status, [...codes].toSorted()]));
}

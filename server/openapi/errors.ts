import type { Call, ErrorAnswers, RawCall } from "../../contract/calls";
import type { MessageCode } from "../../contract/messages";
import { codeByStatus } from "../http/errors";

/** Who may make a call: anyone, a signed-in player, an operator (x-admin-token), or anyone outside production. */
export type Audience = "public" | "player" | "admin" | "dev";

export function audienceOf(call: Call | RawCall): Audience {
  if (call.path.startsWith("/dev/")) return "dev";
  if (call.path.startsWith("/admin/")) return "admin";
  return call.auth ? "player" : "public";
}

/** What Fastify answers on its own for a body it refuses (413 too large, 415 not JSON), as server/http/errors.ts maps it. */
const frameworkCode = (status: number): MessageCode => codeByStatus[status] ?? "somethingWentWrong";

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
  if ("result" in call) {
    if (call.body || call.form || call.query || call.headers) add(400, "validation");
    if (call.body) {
      add(413, frameworkCode(413));
      add(415, frameworkCode(415));
    }
  }
  const audience = audienceOf(call);
  if (audience === "player") {
    add(401, "unauthorized");
    add(403, "mustChangePassword");
  }
  if (audience === "admin") add(401, "unauthorized");
  add(500, "somethingWentWrong");
  for (const [status, codes] of Object.entries(call.errors ?? ({} as ErrorAnswers))) add(Number(status), ...codes);
  return new Map([...answers].toSorted(([a], [b]) => a - b).map(([status, codes]) => [status, [...codes].toSorted()]));
}

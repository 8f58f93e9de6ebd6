import type { SessionType } from "./enums";
import type { MessageCode } from "./messages";

// How a pure rule says no: the HTTP status and message code the server answers with, and the reason a view
// shows beside a disabled action. Rules return verdicts instead of throwing, so the server, the machines and
// the views ask the same function and read the same answer.

export type Refusal = {
  status: 400 | 402 | 403 | 404 | 409 | 410 | 418;
  code: MessageCode;
  /** A late first save (418 raceStarted): the sessions of its new picks that had started, so the client closes only those. */
  sessions?: readonly SessionType[];
};
export type Verdict<T> = { ok: true; value: T } | { ok: false; refusal: Refusal };

export const allow = <T>(value: T): Verdict<T> => ({ ok: true, value });
export const refuse = <T = never>(status: Refusal["status"], code: MessageCode): Verdict<T> => ({
  ok: false,
  refusal: { status, code },
});
/** The refusal's code, or null when the verdict allows. */
export const refusalCode = (verdict: Verdict<unknown>): MessageCode | null =>
  verdict.ok ? null : verdict.refusal.code;

import { ErrorBody } from "../contract/common";
import { messages } from "../contract/messages";

// What every machine needs about its services: the API's error body out of a rejection, and a placeholder
// service that fails loudly until the app provides the real one.

export const somethingWentWrong: ErrorBody = {
  statusCode: 0,
  code: "somethingWentWrong",
  message: messages.somethingWentWrong,
};

/** The API client rejects with `{ body: ErrorBody }`; anything else (network, bugs) is shown generically. */
export function toErrorBody(error: unknown): ErrorBody {
  const body = (error as { body?: unknown } | null)?.body;
  const parsed = ErrorBody.safeParse(body);
  return parsed.success ? parsed.data : somethingWentWrong;
}

/**
 * The spec's "on failure" of a token refresh or a profile load means a refused token: an answer 4xx from the server. No answer
 * (the API client's status 0: connection refused, a timeout), a 5xx (a proxy whose server restarts), 408 and 429
 * say nothing about the token and must not sign anybody out. An error without a status is not the network's.
 */
export function isRefusal(error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status;
  if (typeof status !== "number") return true;
  return status >= 400 && status < 500 && status !== 408 && status !== 429;
}

/** Spec section 8: the API answers 418 once the session (race) has started. */
export const RACE_STARTED_STATUS = 418;
export const isRaceStarted = (error: unknown) => toErrorBody(error).statusCode === RACE_STARTED_STATUS;

/** A service the app must provide with `machine.provide()`; called unprovided, it rejects. */
export const notProvided = (name: string) => async (): Promise<never> => {
  throw new Error(`${name} not provided`);
};

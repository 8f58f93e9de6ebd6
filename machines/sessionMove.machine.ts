import { assign, fromPromise, setup } from "xstate";
import type { ErrorBody } from "../contract/common";
import type { SessionType } from "../contract/enums";
import type { SessionMoveBody, SessionMoveReport } from "../contract/operations";
import { notProvided, toErrorBody } from "./serviceErrors";

// Race control's session move (game-rules.md "Sessions move"): a session that has not started gets a new start
// (a delay or an advance, its length kept), a running one a new end (a red flag). The operator picks the new time,
// sees the old and the new side by side, confirms, and the server moves every lock that follows (or refuses:
// started, out of order, confirmed).

export type SessionMoveInput = {
  raceId: string;
  session: SessionType;
  startsAt: string;
  endsAt: string;
  /** A running session is extended (its end moves); one not started moves whole. */
  running: boolean;
};

export type SessionMoveContext = SessionMoveInput & {
  /** The new start or end, as an ISO instant; null until the operator has picked one. */
  to: string | null;
  report: SessionMoveReport | null;
  error: ErrorBody | null;
};

export type SessionMoveEvent =
  | { type: "move.set"; to: string | null }
  | { type: "move.submit" }
  | { type: "move.confirm" }
  | { type: "move.back" }
  | { type: "move.retry" };

/** Tags the page reads: `choosing` (the time inputs), `confirming` (old and new side by side), `busy`, `failed`, `done`. */
export type SessionMoveTag = "choosing" | "confirming" | "busy" | "failed" | "done";

export type MoveRequest = { raceId: string; session: SessionType; body: SessionMoveBody };

/** The body the move sends: a session not started keeps its length; a running one moves its end only. */
export function moveBodyOf(c: Pick<SessionMoveContext, "startsAt" | "endsAt" | "running" | "to">): SessionMoveBody {
  const to = c.to ?? c.startsAt;
  if (c.running) return { endsAt: to };
  const length = Date.parse(c.endsAt) - Date.parse(c.startsAt);
  return { startsAt: to, endsAt: new Date(Date.parse(to) + length).toISOString() };
}

/** The picked time is a real instant, other than the one it replaces. */
export const moveChanges = (c: Pick<SessionMoveContext, "startsAt" | "endsAt" | "running" | "to">) =>
  c.to !== null &&
  Number.isFinite(Date.parse(c.to)) &&
  Date.parse(c.to) !== Date.parse(c.running ? c.endsAt : c.startsAt);

export const sessionMoveMachine = setup({
  types: {
    context: {} as SessionMoveContext,
    events: {} as SessionMoveEvent,
    input: {} as SessionMoveInput,
    tags: {} as SessionMoveTag,
  },
  actors: {
    /** POST /admin/races/{raceId}/sessions/{session}/move. */
    moveSession: fromPromise<SessionMoveReport, MoveRequest>(notProvided("moveSession")),
  },
  guards: { changes: ({ context }) => moveChanges(context) },
  actions: {
    setError: assign({ error: (_, params: { error: unknown }) => toErrorBody(params.error) }),
    /** The session moved: the app reads the weekend and what players see again. */
    moved: () => {},
  },
}).createMachine({
  id: "sessionMove",
  description:
    "A session moved: the operator picks a new start (not started: the session moves whole) or a new end (running: extended), confirms old against new, and the server moves it with every lock that follows, or refuses (started, out of order, confirmed).",
  initial: "choosing",
  context: ({ input }) => ({ ...input, to: null, report: null, error: null }),
  states: {
    choosing: {
      tags: ["choosing"],
      on: {
        "move.set": { actions: assign({ to: ({ event }) => event.to, error: null }) },
        "move.submit": { guard: "changes", target: "confirming" },
      },
    },
    confirming: {
      tags: ["confirming"],
      on: { "move.confirm": { target: "moving" }, "move.back": { target: "choosing" } },
    },
    moving: {
      tags: ["busy", "confirming"],
      invoke: {
        src: "moveSession",
        id: "moveSession",
        input: ({ context }) => ({ raceId: context.raceId, session: context.session, body: moveBodyOf(context) }),
        onDone: { target: "done", actions: [assign({ report: ({ event }) => event.output, error: null }), "moved"] },
        onError: { target: "failed", actions: { type: "setError", params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: {
      tags: ["failed"],
      description:
        "Refused (started, out of order, confirmed) or out of reach: the code is shown; retry or pick another time.",
      on: { "move.retry": { target: "moving" }, "move.back": { target: "choosing" } },
    },
    done: { tags: ["done"], type: "final" },
  },
});

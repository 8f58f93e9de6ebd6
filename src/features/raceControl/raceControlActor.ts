import { QueryObserver } from "@tanstack/react-query";
import { createActor, fromCallback, fromPromise } from "xstate";
import type { ConfirmReport, EntryReport, ResultPreview, SessionMoveReport } from "../../../contract/operations";
import type { InjuryReport } from "../../../contract/results";
import {
  classificationEntryMachine,
  type CommitOutput,
  type PreviewRequest,
} from "../../../machines/classificationEntry.machine";
import {
  entryBody,
  raceControlActionMachine,
  type ActionReport,
  type ControlAction,
} from "../../../machines/raceControlAction.machine";
import { raceControlMachine, type RaceControlEvent } from "../../../machines/raceControl.machine";
import { sessionMoveMachine, type MoveRequest } from "../../../machines/sessionMove.machine";
import { toErrorBody } from "../../../machines/serviceErrors";
import { queryClient } from "../../api/queryClient";
import {
  addEntry,
  confirmWeekend,
  controlQuery,
  correctResult,
  enterResult,
  injureRider,
  moveSession,
  previewResult,
  refreshAfterControl,
} from "../../api/raceControl";
import { observeFlows } from "../../runtime/flowReporter";

// Race control's owner with the real services: the operator calls (the same the CLI sends), the query cache its
// timeline follows, and a refresh of what players see after every write. Created once, at module level (React
// StrictMode would start a component's actor twice); the page opens and closes weekends on it.

/** Follows GET /admin/races/{raceId}/control in the query cache (read again every CONTROL_REFRESH_MS). */
const watchControl = fromCallback<RaceControlEvent, { raceId: string }>(({ input, sendBack }) => {
  const observer = new QueryObserver(queryClient, controlQuery(input.raceId));
  let sent: unknown = null;
  const follow = () => {
    const result = observer.getCurrentResult();
    if (result.data && result.data !== sent) {
      sent = result.data;
      sendBack({ type: "control.data", data: result.data });
    } else if (result.isError && result.fetchStatus === "idle")
      sendBack({ type: "control.failed", error: toErrorBody(result.error) });
  };
  const stop = observer.subscribe(follow);
  follow();
  return stop;
});

const preview = ({ raceId, session, mode, riderIds }: PreviewRequest): Promise<ResultPreview> =>
  previewResult(
    raceId,
    mode === "cancel" ? { session, canceled: true } : { session, riderIds, correct: mode === "correct" },
  );

async function commit({ raceId, session, mode, riderIds }: PreviewRequest): Promise<CommitOutput> {
  if (mode === "correct") return correctResult(raceId, { session, riderIds });
  const report = await enterResult(raceId, mode === "cancel" ? { session, canceled: true } : { session, riderIds });
  return { replayed: "replayed" in report ? Boolean(report.replayed) : false };
}

const figuresOf = (report: ConfirmReport | InjuryReport | EntryReport): Record<string, number> =>
  Object.fromEntries(Object.entries(report).filter((e): e is [string, number] => typeof e[1] === "number"));

async function perform(action: ControlAction): Promise<ActionReport> {
  const report =
    action.kind === "confirm"
      ? await confirmWeekend(action.raceId)
      : action.kind === "injure"
        ? await injureRider(action.riderId, action.raceId)
        : await addEntry(action.raceId, entryBody(action));
  return { replayed: "replayed" in report ? Boolean(report.replayed) : false, figures: figuresOf(report) };
}

const refresh = (raceId: string) => void refreshAfterControl(queryClient, raceId);

const live = raceControlMachine.provide({
  actors: {
    watchControl,
    classificationEntry: classificationEntryMachine.provide({
      actors: {
        previewResult: fromPromise<ResultPreview, PreviewRequest>(({ input }) => preview(input)),
        commitResult: fromPromise<CommitOutput, PreviewRequest>(({ input }) => commit(input)),
      },
      actions: { committed: ({ context }) => refresh(context.raceId) },
    }),
    sessionMove: sessionMoveMachine.provide({
      actors: {
        moveSession: fromPromise<SessionMoveReport, MoveRequest>(({ input }) =>
          moveSession(input.raceId, input.session, input.body),
        ),
      },
      actions: { moved: ({ context }) => refresh(context.raceId) },
    }),
    raceControlAction: raceControlActionMachine.provide({
      actors: { perform: fromPromise<ActionReport, ControlAction>(({ input }) => perform(input)) },
      actions: { performed: ({ context }) => refresh(context.action.raceId) },
    }),
  },
});

export const raceControlActor = createActor(live, { inspect: observeFlows });
raceControlActor.start();

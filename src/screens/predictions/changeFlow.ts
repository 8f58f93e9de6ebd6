import type { QueryClient } from "@tanstack/react-query";
import { assign, createActor, fromPromise, type ActorRefFrom } from "xstate";
import type { RacePrediction } from "../../../contract/predictions";
import {
  predictionChangeMachine,
  type ChangeCosts,
  type ChangeRequest,
  type SubmitChangeInput,
  type SubmitChangeOutput,
} from "../../../machines/predictionChange.machine";
import { applyRacePrediction, changePredictions, serverClock } from "../../api/predictions";
import { predictionKeys } from "../../api/queryKeys";
import { modals } from "../../app/hooks";

export type ChangeActor = ActorRefFrom<typeof predictionChangeMachine>;

/** The change machine with the server-aligned clock and the real PUT (version read at submit time). */
export function liveChangeMachine(queryClient: QueryClient, userId: string) {
  return predictionChangeMachine.provide({
    actions: { readClock: assign({ now: () => serverClock.now() }) },
    actors: {
      submitChange: fromPromise<SubmitChangeOutput, SubmitChangeInput>(async ({ input }) => {
        const current = queryClient.getQueryData<RacePrediction>(predictionKeys.race(userId, input.raceId));
        const result = await changePredictions(input.raceId, {
          version: current?.version ?? 0,
          data: input.changes.map((c) => ({ category: c.category, riderId: c.to })),
          change: { tier: input.tier, cost: input.cost },
        });
        applyRacePrediction(queryClient, userId, result);
        return { balance: Number(result.balance) };
      }),
    },
  });
}

/**
 * Starts one paid change: a short-lived actor shown by the ChangePrediction modal, stopped when the modal
 * goes (the modal cancels it first if the player just closed it).
 */
export function startChange(opts: {
  queryClient: QueryClient;
  userId: string;
  request: ChangeRequest;
  balance: number;
  costs?: ChangeCosts;
  /** What changes, one translated line per pick. */
  lines: string[];
}) {
  const actor = createActor(liveChangeMachine(opts.queryClient, opts.userId), { input: { balance: opts.balance, costs: opts.costs } });
  actor.start();
  actor.send({ type: "change.open", request: opts.request, balance: opts.balance });
  // The player decides with the buttons: an outside click would leave the flow waiting.
  modals.open("ChangePrediction", { actor, lines: opts.lines }, { closeOnOutside: false });
  return actor;
}

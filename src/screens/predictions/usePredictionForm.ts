import { useQueryClient } from "@tanstack/react-query";
import { useActorRef, useSelector } from "@xstate/react";
import { useEffect, useMemo } from "react";
import { fromPromise, type SnapshotFrom } from "xstate";
import type { RacePrediction } from "../../../contract/predictions";
import { predictionFormMachine, unsavedCategories, type SaveInput, type SaveOutput } from "../../../machines/predictionForm.machine";
import { applyRacePrediction, savePredictions } from "../../api/predictions";
import { samePicks, savedPicksOf } from "./weekend";

type Snapshot = SnapshotFrom<typeof predictionFormMachine>;

/** What the view shows of the form: one word for the state, plus the picks and messages. */
export type FormStatus = "clean" | "dirty" | "saved" | "saving" | "failed" | "locked";
const statusOf = (s: Snapshot): FormStatus => {
  if (s.matches("saving")) return "saving";
  if (s.matches("failed")) return "failed";
  if (s.matches("locked")) return "locked";
  if (s.matches({ editing: "dirty" })) return "dirty";
  if (s.matches({ editing: "saved" })) return "saved";
  return "clean";
};
const selectStatus = statusOf;
const selectPicks = (s: Snapshot) => s.context.picks;
const selectRefusal = (s: Snapshot) => s.context.refusal;
const selectError = (s: Snapshot) => s.context.error;
const selectUnsaved = (s: Snapshot) => unsavedCategories(s.context.picks, s.context.saved).length;

/** The weekend's prediction form (machines/predictionForm) with the real save call, kept in step with the server's view. */
export function usePredictionForm(userId: string, prediction: RacePrediction) {
  const queryClient = useQueryClient();
  const machine = useMemo(
    () =>
      predictionFormMachine.provide({
        actors: {
          // POST even after a first save: a saved pick repeated is a no-op there, and POST never charges.
          save: fromPromise<SaveOutput, SaveInput>(async ({ input }) => {
            const result = await savePredictions(input.raceId, { version: input.version, data: input.data });
            applyRacePrediction(queryClient, userId, result);
            return { version: result.version };
          }),
        },
      }),
    [queryClient, userId],
  );
  const actor = useActorRef(machine, { input: { raceId: prediction.raceId, saved: savedPicksOf(prediction), version: prediction.version } });

  // Fresh server data (a reload, a change, an injured rider's refund) reaches the form; the same data does not
  // (it would end the "saved" message the save just showed).
  useEffect(() => {
    const saved = savedPicksOf(prediction);
    const context = actor.getSnapshot().context;
    if (!samePicks(context.saved, saved) || context.version !== prediction.version) actor.send({ type: "form.sync", saved, version: prediction.version });
  }, [actor, prediction]);

  const status = useSelector(actor, selectStatus);
  const picks = useSelector(actor, selectPicks);
  const refusal = useSelector(actor, selectRefusal);
  const error = useSelector(actor, selectError);
  const unsaved = useSelector(actor, selectUnsaved);
  return { actor, send: actor.send, status, picks, refusal, error, unsaved };
}
export type PredictionForm = ReturnType<typeof usePredictionForm>;

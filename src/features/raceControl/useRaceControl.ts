import { useSelector } from "@xstate/react";
import { useEffect } from "react";
import type { SnapshotFrom } from "xstate";
import type { RaceControlEvent, raceControlMachine } from "../../../machines/raceControl.machine";
import { raceControlActor } from "./raceControlActor";

type Snapshot = SnapshotFrom<typeof raceControlMachine>;

/** Opens the weekend `raceId` on race control's owner while the page is mounted. */
export function useRaceControlOpen(raceId: string | undefined) {
  useEffect(() => {
    if (!raceId) return;
    raceControlActor.send({ type: "control.open", raceId });
  }, [raceId]);
  useEffect(() => () => raceControlActor.send({ type: "control.close" }), []);
}

/** A slice of the owner's state. */
export const useRaceControl = <T>(select: (snapshot: Snapshot) => T) => useSelector(raceControlActor, select);

/** Tells the owner what the operator asked for; its verdicts decide whether a flow opens. */
export const sendControl = (event: RaceControlEvent) => raceControlActor.send(event);

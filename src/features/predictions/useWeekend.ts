import { useSelector } from "@xstate/react";
import { useEffect } from "react";
import type { SnapshotFrom } from "xstate";
import type { PredictionCategory } from "../../../contract/enums";
import type { predictionWeekendMachine } from "../../../machines/predictionWeekend.machine";
import { weekendActor } from "./weekendActor";

type Snapshot = SnapshotFrom<typeof predictionWeekendMachine>;

/** Opens the player's weekend of `raceId` on the weekend actor while the component is mounted. */
export function useWeekendOpen(userId: string, raceId: string) {
  useEffect(() => {
    weekendActor.send({ type: "weekend.open", session: { userId, raceId } });
    return () => weekendActor.send({ type: "weekend.close" });
  }, [userId, raceId]);
}

/** A slice of the weekend actor's state. */
export const useWeekend = <T>(select: (snapshot: Snapshot) => T) => useSelector(weekendActor, select);

const selectForm = (s: Snapshot) => s.context.form;
const selectChooser = (s: Snapshot) => s.context.chooser;
const selectChange = (s: Snapshot) => s.context.change;
const selectData = (s: Snapshot) => s.context.data;

/** The weekend's prediction form (spawned when its data arrives). */
export const useWeekendForm = () => useWeekend(selectForm);
/** The open chooser, if any. */
export const useChooser = () => useWeekend(selectChooser);
/** The paid change being shown, if any. */
export const useChange = () => useWeekend(selectChange);
/** The data the weekend decides with (picks, riders, rules). */
export const useWeekendData = () => useWeekend(selectData);
/** One upgrade button's flow, by its key. */
export const useUpgradeButtonRef = (key: string) => useWeekend((s) => s.context.buttons[key]);

/** Tells the weekend a card's action was pressed (the rules decide what it opens). */
export const pressCard = (category: PredictionCategory) => weekendActor.send({ type: "card.press", category });

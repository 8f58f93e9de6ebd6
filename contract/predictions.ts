import * as z from "zod";
import { PredictionActionType, PredictionCategory, PredictionState } from "./enums";
import { Id } from "./common";

export const PredictionPick = z.object({
  category: PredictionCategory,
  riderId: Id,
  state: PredictionState,
  points: z.number().nullable(),
  upgrades: z.array(PredictionActionType),
});
export const Prediction = z.object({ raceId: Id, version: z.number().int(), data: z.array(PredictionPick), typeId: z.string().optional() });
export type Prediction = z.infer<typeof Prediction>;
export const PredictionBody = z.object({
  version: z.number().int(),
  data: z.array(z.object({ category: PredictionCategory, riderId: Id })).min(1, { error: "required" }),
});

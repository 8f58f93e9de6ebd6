import type { SessionType } from "../../../contract/enums";
import { categories } from "../../../contract/weekendRules/structure";
import type { SessionWindow } from "../../../contract/weekendRules/time";
import type { PredictionRow } from "../../db/schema";

// What a race and a pick are once read, whichever way (the repository's reads, the PostgreSQL save's statements).

/** `sessions` are the rules' windows (epoch ms); a session of a canceled race counts as canceled. */
export type RaceInfo = {
  id: string;
  version: number;
  canceled: boolean;
  sessions: Partial<Record<SessionType, SessionWindow>>;
};
export type PickRow = PredictionRow & { riderInjured: boolean };

/** A race session as the JSON reads write it. */
export type SessionJson = { type: SessionType; startsAt: number; endsAt: number; canceled: boolean };

/** Weekend order, as the reads answer picks. */
export const byCategory = (a: { category: PickRow["category"] }, b: { category: PickRow["category"] }) =>
  categories.indexOf(a.category) - categories.indexOf(b.category);

/** A JSON column as the driver gives it: parsed already (PostgreSQL's json) or as text. */
export const asJson = <T>(value: unknown): T => (typeof value === "string" ? JSON.parse(value) : value) as T;

import type { PredictionCategory, SessionType } from "../../../contract/enums";
import type { PodiumGroup, PredictionSlot, RacePrediction, SavedPick } from "../../../contract/predictions";
import type { RaceRider } from "../../../contract/races";
import { podiumGroups, type Picks } from "../../../machines/predictionForm.machine";
import type { SessionWindow } from "../../../machines/predictionChange.machine";

// Pure helpers of the predictions screen: how the 11 categories are grouped on screen, and the facts the
// machines need, read from the server's race view.

export type CardGroup = { key: "practice" | "qualifying" | "sprint" | "race"; categories: PredictionCategory[]; podium: PodiumGroup | null };

/** The weekend in running order: practice, qualifying, the sprint podium, the race podium and positions gained. */
export const cardGroups: readonly CardGroup[] = [
  { key: "practice", categories: ["FP1", "PRACTICE_FASTEST", "FP2"], podium: null },
  { key: "qualifying", categories: ["POLEMAN"], podium: null },
  { key: "sprint", categories: ["SPRINT_FIRST", "SPRINT_SECOND", "SPRINT_THIRD"], podium: "SPRINT" },
  { key: "race", categories: ["RACE_FIRST", "RACE_SECOND", "RACE_THIRD", "POSITION_GAINED"], podium: "RACE" },
];

export const podiumCategories: Record<PodiumGroup, readonly PredictionCategory[]> = {
  SPRINT: ["SPRINT_FIRST", "SPRINT_SECOND", "SPRINT_THIRD"],
  RACE: ["RACE_FIRST", "RACE_SECOND", "RACE_THIRD"],
};

/** The saved picks as the form machine holds them. */
export const savedPicksOf = (prediction: Pick<RacePrediction, "data">): Picks =>
  Object.fromEntries(prediction.data.map((p) => [p.category, p.riderId])) as Picks;

export const samePicks = (a: Picks, b: Picks) => {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]) as Set<PredictionCategory>;
  return [...keys].every((k) => a[k] === b[k]);
};

export const windowOf = (slot: Pick<PredictionSlot, "startsAt" | "endsAt">): SessionWindow => ({
  startsAt: Date.parse(slot.startsAt),
  endsAt: Date.parse(slot.endsAt),
});

/** The other categories of `category`'s podium (empty outside the podiums). */
export const podiumMates = (category: PredictionCategory) => podiumGroups.find((g) => g.includes(category))?.filter((c) => c !== category) ?? [];

export const pickOf = (prediction: Pick<RacePrediction, "data">, category: PredictionCategory): SavedPick | undefined =>
  prediction.data.find((p) => p.category === category);

/** A pick counts double with its own multiplier or its podium's (the two never stack). */
export const isMultiplied = (pick: SavedPick | undefined) =>
  Boolean(pick?.upgrades.some((u) => u === "PREDICTION" || u === "PREDICTION_RACE" || u === "PREDICTION_SPRINT"));

/**
 * Whether the picks an upgrade covers are there to be upgraded: the category saved (for a podium
 * upgrade all three), no injured rider among them, and for a podium multiplier no pick doubled already.
 */
export function upgradeable(prediction: Pick<RacePrediction, "data">, categories: readonly PredictionCategory[], podiumMultiplier = false): boolean {
  const picks = categories.map((c) => pickOf(prediction, c));
  if (picks.some((p) => !p || !p.riderAvailable)) return false;
  return !podiumMultiplier || !picks.some((p) => p!.upgrades.includes("PREDICTION"));
}

export const ridersById = (riders: readonly RaceRider[]) => new Map(riders.map((r) => [r.id, r]));

/** Every session boundary of the weekend (epoch ms): the moments a card's state can change. */
export const boundariesOf = (sessions: readonly { startsAt: string; endsAt: string }[]) =>
  sessions.flatMap((s) => [Date.parse(s.startsAt), Date.parse(s.endsAt)]);

export const sessionOrder: readonly SessionType[] = ["FP1", "PF", "FP2", "Q1", "Q2", "SPRINT", "START"];

/** The player's time zone, named: its long name in the UI language and its IANA id. */
export function timeZoneName(language: string, at = new Date()): { id: string; name: string } {
  const id = Intl.DateTimeFormat().resolvedOptions().timeZone ?? "UTC";
  let name = id;
  try {
    name = new Intl.DateTimeFormat(language, { timeZoneName: "long" }).formatToParts(at).find((p) => p.type === "timeZoneName")?.value ?? id;
  } catch {
    // An unknown language tag: the IANA id alone still names the zone.
  }
  return { id, name };
}

/** A session's day and time in the player's zone and language. */
export const formatSessionTime = (language: string, iso: string) =>
  new Intl.DateTimeFormat(language, { weekday: "short", day: "numeric", month: "short", hour: "2-digit", minute: "2-digit" }).format(new Date(iso));

const pad = (n: number) => String(n).padStart(2, "0");

/** The parts of a countdown to `until` (never negative). */
export function countdownParts(until: number, now: number) {
  const total = Math.max(0, Math.floor((until - now) / 1000));
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  return { days, hms: `${pad(hours)}:${pad(minutes)}:${pad(seconds)}`, total };
}

import type { QueryClient } from "@tanstack/react-query";
import type { RaceBets } from "../../contract/bets";
import type { SessionMovedPayload } from "../../contract/live";
import type { RacePrediction } from "../../contract/predictions";
import { betKeys } from "./bets";
import { mapRaceIn, type CachedRace } from "./calendarAnswers";
import { predictionKeys } from "./predictions";
import { raceKeys } from "./races";

// game-rules.md "Sessions move": an operator's move reaches every open screen as `session-moved`, with the race's
// whole schedule after it. The query cache takes the new times at once (countdowns, locks and the bet close follow
// on the next render, no reload); the data is marked stale without being read again, so thousands of open tabs do
// not all ask the server at the same second, and the next reading of any of it comes from the server.

type Slot = { startsAt: string; endsAt: string };
type Sessions = SessionMovedPayload["sessions"];

const slotOf = (sessions: Sessions, type: string): Slot | undefined => sessions.find((s) => s.type === type);
const firstStartOf = (sessions: Sessions) => sessions.map((s) => s.startsAt).toSorted()[0];

/** A race as the calendar holds it (Race, RaceOption): its sessions' times, first start and race end moved. */
function movedRace(item: CachedRace, move: SessionMovedPayload): CachedRace {
  const race = { ...item };
  if (Array.isArray(race.sessions)) {
    race.sessions = (race.sessions as (Slot & { type: string })[]).map((s) => ({
      ...s,
      ...slotOf(move.sessions, s.type),
    }));
  }
  const first = firstStartOf(move.sessions);
  if (typeof race.startsAt === "string" && first) race.startsAt = first;
  const end = slotOf(move.sessions, "START")?.endsAt;
  if (typeof race.endsAt === "string" && end) race.endsAt = end;
  return race;
}

/** Any of the calendar's answers (a page of races, a list, the dropdown): the moved race in it, the rest as it was. */
export const movedRaces = (data: unknown, move: SessionMovedPayload): unknown =>
  mapRaceIn(data, move.raceId, (race) => movedRace(race, move));

/** The player's weekend: each category's slot takes its session's new times (the rules read locks from them). */
export const movedPrediction = (prediction: RacePrediction, move: SessionMovedPayload): RacePrediction =>
  prediction.raceId !== move.raceId
    ? prediction
    : { ...prediction, slots: prediction.slots.map((s) => ({ ...s, ...slotOf(move.sessions, s.session) })) };

/** The race's bets: they close at the race session's start. */
export function movedBets(bets: RaceBets, move: SessionMovedPayload): RaceBets {
  const start = slotOf(move.sessions, "START");
  return bets.raceId !== move.raceId || !start ? bets : { ...bets, closesAt: start.startsAt };
}

/** Applies a move to everything cached about its race. */
export function applySessionMove(client: QueryClient, move: SessionMovedPayload): void {
  client.setQueriesData({ queryKey: raceKeys.all }, (data: unknown) => movedRaces(data, move));
  client.setQueriesData({ queryKey: ["news", "next-race"] }, (data: unknown) => movedRaces(data, move));
  client.setQueriesData<RacePrediction>(
    { queryKey: predictionKeys.all, predicate: (q) => q.queryKey[1] === "race" && q.queryKey[3] === move.raceId },
    (data) => (data ? movedPrediction(data, move) : data),
  );
  client.setQueriesData<RaceBets>(
    { queryKey: betKeys.all, predicate: (q) => q.queryKey[1] === "race" && q.queryKey[3] === move.raceId },
    (data) => (data ? movedBets(data, move) : data),
  );
  for (const queryKey of [raceKeys.all, ["news", "next-race"], predictionKeys.all, betKeys.all])
    void client.invalidateQueries({ queryKey, refetchType: "none" });
  // Bonus questions closing with the weekend's first session moved with it on the server: an open list reads them.
  void client.invalidateQueries({ queryKey: ["questions"] });
}

import { queryOptions, useQuery, type QueryClient } from "@tanstack/react-query";
import { operationsCalls as calls } from "../../contract/calls.operations";
import { adminCalls } from "../../contract/calls.results";
import type { SessionType } from "../../contract/enums";
import type { ClassificationBody, EntryBody, PreviewBody, SessionMoveBody } from "../../contract/operations";
import type { ResultBody } from "../../contract/results";
import { request } from "./client";

// Race control's calls (contract/calls.operations.ts and the results entry and injury of contract/calls.results.ts):
// the same calls the CLI sends with the admin token, opened here by the operator's own bearer token. Every write
// changes what players see, so it refreshes the whole game's cache after the weekend's own entry. The writes are the
// flows' services (src/features/raceControl/raceControlActor.ts): the machines decide when they run.

/** How often the timeline is read again: a session starts or ends on the server's clock meanwhile. */
export const CONTROL_REFRESH_MS = 15_000;

export const getControl = (raceId: string, signal?: AbortSignal) =>
  request(calls.control, { params: { raceId }, signal });
export const moveSession = (raceId: string, session: SessionType, body: SessionMoveBody) =>
  request(calls.moveSession, { params: { raceId, session }, body });
export const previewResult = (raceId: string, body: PreviewBody) =>
  request(calls.previewResult, { params: { raceId }, body });
/** A first entry, or a session canceled: the results entry of the CLI. */
export const enterResult = (raceId: string, body: ResultBody) =>
  request(adminCalls.enterResult, { params: { raceId }, body });
export const correctResult = (raceId: string, body: ClassificationBody) =>
  request(calls.correctResult, { params: { raceId }, body });
export const confirmWeekend = (raceId: string) => request(calls.confirm, { params: { raceId } });
export const addEntry = (raceId: string, body: EntryBody) => request(calls.addEntry, { params: { raceId }, body });
export const injureRider = (riderId: string, raceId: string) =>
  request(adminCalls.injure, { params: { riderId }, body: { raceId } });

export const raceControlKeys = {
  all: ["raceControl"] as const,
  control: (raceId: string) => ["raceControl", "control", raceId] as const,
};

/** The weekend as race control shows it: read again every CONTROL_REFRESH_MS and whenever the page mounts. */
export const controlQuery = (raceId: string) =>
  queryOptions({
    queryKey: raceControlKeys.control(raceId),
    queryFn: ({ signal }) => getControl(raceId, signal),
    staleTime: 0,
    refetchInterval: CONTROL_REFRESH_MS,
    retry: false,
  });

export const useControl = (raceId: string | undefined) =>
  useQuery({ ...controlQuery(raceId ?? ""), enabled: Boolean(raceId) });

/**
 * After a write: the weekend's timeline first, then everything a player's screen shows from it (picks, results,
 * boards, bets, balances), as an operator testing in another tab expects to see it.
 */
export async function refreshAfterControl(client: QueryClient, raceId: string) {
  await client.invalidateQueries({ queryKey: raceControlKeys.control(raceId) });
  await client.invalidateQueries({ predicate: (q) => q.queryKey[0] !== "raceControl" && q.queryKey[0] !== "staff" });
}

import { useSelector } from "@xstate/react";
import { useEffect, useState } from "react";
import type { SnapshotFrom } from "xstate";
import type { BetType } from "../../../contract/bets";
import { MAX_TIMER_MS } from "../../../machines/predictionChange.machine";
import type { raceBetsMachine } from "../../../machines/raceBets.machine";
import { serverClock } from "../../api/serverClock";
import { betsActor } from "./betsActor";
import { numberFormat } from "../../i18n/formats";

type Snapshot = SnapshotFrom<typeof raceBetsMachine>;

/** Opens the player's bets on `raceId` on the bets actor while the component is mounted. */
export function useBetsOpen(userId: string, raceId: string) {
  useEffect(() => {
    betsActor.send({ type: "bets.open", session: { userId, raceId } });
    return () => betsActor.send({ type: "bets.close" });
  }, [userId, raceId]);
}

/** A slice of the bets actor's state. */
export const useBets = <T>(select: (snapshot: Snapshot) => T) => useSelector(betsActor, select);

const selectPlacement = (s: Snapshot) => s.context.placement;
const selectData = (s: Snapshot) => s.context.data;
const selectOpen = (s: Snapshot) => s.hasTag("open");

/** The bet being placed (the BetOnRider modal shows it), if any. */
export const usePlacement = () => useBets(selectPlacement);
/** The race's bets as the owner decides with them. */
export const useBetsData = () => useBets(selectData);
/** Bets can be placed now (before the race session's start, on the server-aligned clock). */
export const useBettingOpen = () => useBets(selectOpen);

/** A rider's odds were pressed: the owner opens the bet if the rules allow it. */
export const betOnRider = (riderId: string, betType?: BetType) =>
  betsActor.send({ type: "rider.bet", riderId, ...(betType ? { betType } : {}) });

/** The server-aligned time, re-read every `everyMs` until `until` has passed (a countdown). */
export function useNowUntil(until: number | null, everyMs = 1000): number {
  const [now, setNow] = useState(serverClock.now);
  useEffect(() => {
    if (until === null || now >= until) return;
    const id = setTimeout(
      () => setNow(serverClock.now()),
      Math.min(everyMs, MAX_TIMER_MS, Math.max(0, until - serverClock.now())),
    );
    return () => clearTimeout(id);
  }, [until, now, everyMs]);
  return now;
}

const pad = (n: number) => String(n).padStart(2, "0");

/** Days and the rest as hh:mm:ss until `until`. */
export function countdownParts(until: number, now: number) {
  const total = Math.max(0, Math.floor((until - now) / 1000));
  const days = Math.floor(total / 86_400);
  const rest = total % 86_400;
  return { days, hms: `${pad(Math.floor(rest / 3600))}:${pad(Math.floor((rest % 3600) / 60))}:${pad(rest % 60)}` };
}

/** Odds as the player reads them: always two decimals, in the language's digits. */
export const formatOdds = (language: string, odds: number) =>
  numberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(odds);

// One-line, human reports of what an operator call did (the admin CLI and the simulator print the same).
import type { InjuryReport, ResultKey, SettlementReport } from "../../contract/results";
import type { RaceOdds } from "../../contract/bets";
import { oddsOf } from "../../contract/betRules";
import type { Race, RaceRider } from "../../contract/races";
import { raceLabel, riderLabel } from "./api";

export const resultLabels: Record<ResultKey, string> = {
  FP1: "FP1",
  PF: "Practice Fastest",
  FP2: "FP2",
  Q2: "Qualifying 2",
  SPRINT: "Sprint",
  START: "Race",
  POSITION_GAINED: "Positions gained",
};

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const diamonds = (n: number) => (n === 0 ? "nothing refunded" : `${n} 💎 refunded`);

/** The first three of a classification: "1. #93 Name, 2. …". */
export function podiumLine(riderIds: readonly string[], riders: readonly RaceRider[]): string {
  return riderIds
    .slice(0, 3)
    .map((id, i) => {
      const rider = riders.find((r) => r.id === id);
      return `${i + 1}. ${rider ? riderLabel(rider) : id}`;
    })
    .join(", ");
}

/** "Sprint of Grand Prix of Italy (2026, round 12): 1. …: 30 picks settled for 30 players, nothing refunded." */
export function describeSettlement(
  report: SettlementReport,
  race?: Pick<Race, "name" | "season" | "round">,
  top?: string,
): string {
  const what = `${resultLabels[report.session]}${race ? ` of ${raceLabel(race)}` : ""}`;
  if (report.replayed) return `${what}: already entered exactly so; nothing changed.`;
  const bets = report.bets ? `, ${plural(report.bets, "bet")} ${report.canceled ? "refunded" : "settled"}` : "";
  const counts = `${plural(report.settled, "pick")} ${report.canceled ? "voided" : "settled"} for ${plural(report.players, "player")}${bets}, ${diamonds(report.refunded)}`;
  if (report.canceled) return `${what} canceled: ${counts}.`;
  return `${what}${top ? `: ${top}` : ""} — ${counts}.`;
}

/** "#93 Name is out of Grand Prix of Italy (2026, round 12): 4 picks invalidated for 3 players, 60 💎 refunded." */
export function describeInjury(
  report: InjuryReport,
  rider: Pick<RaceRider, "number" | "name">,
  race: Pick<Race, "name" | "season" | "round">,
): string {
  return `${riderLabel(rider)} is out of ${raceLabel(race)}: ${plural(report.invalidated, "pick")} invalidated and ${plural(report.bets, "open bet")} refunded for ${plural(report.players, "player")}, ${diamonds(report.refunded)}.`;
}

/** "WIN odds of Grand Prix of Italy (…)": one line per rider, best odds first, with PLACE and SHOW and who set them. */
export function describeOdds(
  report: RaceOdds,
  riders: readonly RaceRider[],
  race: Pick<Race, "name" | "season" | "round">,
): string {
  const set = new Set(report.set);
  const lines = Object.entries(report.odds)
    .toSorted(([, a], [, b]) => a - b)
    .map(([id, win]) => {
      const rider = riders.find((r) => r.id === id);
      const o = oddsOf(win);
      return `  ${rider ? riderLabel(rider) : id}: WIN ${o.WIN.toFixed(2)}  PLACE ${o.PLACE.toFixed(2)}  SHOW ${o.SHOW.toFixed(2)}${set.has(id) ? "  (set by an operator)" : ""}`;
    });
  return [`Odds of ${raceLabel(race)}:`, ...lines].join("\n");
}

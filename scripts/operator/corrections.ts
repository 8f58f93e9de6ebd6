// `npm run admin -- results … --correct | --preview` and `results confirm <race>`: race control's corrections on the
// command line (game-rules.md "Results are provisional until the weekend is confirmed"), over HTTP with the admin
// token, the same calls the browser's race control sends.
import { operationsCalls } from "../../contract/calls.operations";
import type { ConfirmReport, CorrectionReport, ResultPreview } from "../../contract/operations";
import { ResultKey } from "../../contract/results";
import { OperatorError, raceLabel, resolveRider, type OperatorApi } from "./api";
import { podiumLine, resultLabels } from "./report";

export const correctionsUsage = `  results <race> <SESSION> <riders…> --correct replace an entered classification (a penalty, a disqualification): re-scores it
  results <race> <SESSION> <riders…> --preview what entering (with --correct: correcting) would do, committing nothing
  results confirm <race>                       confirm the weekend: its results are final and its paddock winners decided
                                               (the server does it itself 72 hours after the race session's end)`;

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** Whether `results` arguments ask for a correction, a preview or a confirmation (else: the plain entry). */
export const isCorrectionCommand = (args: readonly string[]) =>
  args[0] === "confirm" || args.includes("--correct") || args.includes("--preview");

export function describeCorrection(
  report: CorrectionReport,
  race: Parameters<typeof raceLabel>[0],
  top: string,
): string {
  const what = `${resultLabels[report.session]} of ${raceLabel(race)}`;
  if (report.replayed) return `${what}: already stands exactly so; nothing changed.`;
  return `${what} corrected: ${top} — ${plural(report.changed, "pick")} re-scored, ${plural(report.players, "player")} told. Bets stand as settled.`;
}

export function describePreview(p: ResultPreview, race: Parameters<typeof raceLabel>[0], correcting: boolean): string {
  const what = `${resultLabels[p.session]} of ${raceLabel(race)}`;
  const lines = [
    `Preview (nothing was changed) — ${correcting ? "correcting" : "entering"} ${what} would:`,
    `  ${correcting ? "re-score" : "score"} ${plural(p.picks, "pick")} of ${plural(p.players, "player")}, ${p.points} points in all${correcting ? " (net)" : ""}, moving ${plural(p.moved, "player")}'s points`,
  ];
  if (p.bets) lines.push(`  settle ${plural(p.bets, "bet")}: ${p.betsWon} won, ${p.payout} 💎 paid`);
  if (p.refunded) lines.push(`  refund ${p.refunded} 💎`);
  if (p.questions) lines.push(`  re-grade ${plural(p.questions, "bonus question")}`);
  return lines.join("\n");
}

export function describeConfirmation(report: ConfirmReport, race: Parameters<typeof raceLabel>[0]): string {
  if (report.replayed)
    return `${raceLabel(race)} was already confirmed (${report.by === "rule" ? "by the 72-hour rule" : "by an operator"}) at ${report.confirmedAt}; nothing changed.`;
  return `${raceLabel(race)} confirmed at ${report.confirmedAt}: its results are final, ${plural(report.winners, "paddock-experience winner")} decided.`;
}

/** Runs `results confirm <race>` or a `results … --correct/--preview`; answers the exit code. */
export async function correctionCommand(
  api: OperatorApi,
  args: readonly string[],
  usage: (message: string) => never,
): Promise<number> {
  if (args[0] === "confirm") {
    const [, raceRef, ...rest] = args;
    if (!raceRef || rest.length) usage("results confirm needs a race.");
    const race = await api.resolveRace(raceRef);
    console.log(
      describeConfirmation(await api.send(operationsCalls.confirm, { params: { raceId: race.id }, admin: true }), race),
    );
    return 0;
  }
  const correcting = args.includes("--correct");
  const previewing = args.includes("--preview");
  const canceled = args.includes("--canceled") || args.includes("--cancelled");
  const [raceRef, sessionArg, ...riderArgs] = args.filter(
    (a) => !["--correct", "--preview", "--canceled", "--cancelled"].includes(a),
  );
  if (!raceRef || !sessionArg) usage("results needs a race and a session.");
  const session = ResultKey.safeParse(sessionArg.toUpperCase());
  if (!session.success) usage(`Unknown session ${sessionArg}: one of ${ResultKey.options.join(", ")}.`);
  const refs = riderArgs.flatMap((a) => a.split(",")).filter(Boolean);
  if (canceled && (correcting || refs.length)) usage("results … --canceled takes no riders and no --correct.");
  if (canceled && !previewing) usage("results … --canceled without --preview is the plain entry.");
  if (!canceled && refs.length === 0) usage("results needs the riders, best first (race numbers or ids).");

  const race = await api.resolveRace(raceRef);
  const params = { raceId: race.id };
  if (canceled) {
    const preview = await api.send(operationsCalls.previewResult, {
      params,
      body: { session: session.data, canceled: true },
      admin: true,
    });
    console.log(describePreview(preview, race, false));
    return 0;
  }
  const { riders } = await api.raceRiders(race.id);
  const chosen = refs.map((ref) => resolveRider(riders, ref));
  const twice = chosen.find((r, i) => chosen.findIndex((o) => o.id === r.id) !== i);
  if (twice) throw new OperatorError(`#${twice.number} ${twice.name} is named twice.`);
  const riderIds = chosen.map((r) => r.id);
  if (previewing) {
    const preview = await api.send(operationsCalls.previewResult, {
      params,
      body: { session: session.data, riderIds, correct: correcting },
      admin: true,
    });
    console.log(describePreview(preview, race, correcting));
    return 0;
  }
  const report = await api.send(operationsCalls.correctResult, {
    params,
    body: { session: session.data, riderIds },
    admin: true,
  });
  console.log(describeCorrection(report, race, podiumLine(riderIds, riders)));
  return 0;
}

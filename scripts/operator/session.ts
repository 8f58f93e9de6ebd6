// `npm run admin -- session move <race> <SESSION> [<start>] [--end <end>]` and `session show <race>`: race control's
// session moves from a terminal (game-rules.md "Sessions move"), through the same call as /staff/race-control.
// Times are ISO instants (2026-06-05T09:15:00Z) or relative to the session's own time as it stands: +30m delays
// the start by 30 minutes (the end follows), -15m advances it, --end +20m extends the end (a red flag).
import { operationsCalls } from "../../contract/calls.operations";
import { SessionType } from "../../contract/enums";
import type { SessionMoveBody } from "../../contract/operations";
import { relativeMs } from "../../contract/weekendRules/moves";
import { OperatorError, raceLabel, type OperatorApi } from "./api";

export const sessionUsage = `  session move <race> <SESSION> [<start>] [--end <end>]
                                               move a session not started (a delay or an advance) or extend a running
                                               one; times ISO (2026-06-05T09:15:00Z) or relative to the session's
                                               own: +30m, -15m, +1h30m (--end +20m extends the end)
  session show <race>                          the weekend's sessions, their times and where they stand`;

const utc = (iso: string) =>
  iso
    .replace("T", " ")
    .replace(/\.\d+Z$/, "Z")
    .replace(/:00Z$/, "Z");
const slot = (s: { startsAt: string; endsAt: string }) => `${utc(s.startsAt)} – ${utc(s.endsAt)}`;

/** An ISO instant, or a relative time from `base` (the session's start or end as it stands). */
export function timeArg(text: string, base: string, what: string): string {
  const shift = relativeMs(text);
  if (shift !== null) return new Date(Date.parse(base) + shift).toISOString();
  if (!/^\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d(\.\d+)?)?(Z|[+-]\d\d:\d\d)$/.test(text) || Number.isNaN(Date.parse(text))) {
    throw new OperatorError(
      `${what} "${text}" is neither an ISO time with its zone (2026-06-05T09:15:00Z) nor a relative one (+30m, -15m, +1h30m).`,
    );
  }
  return new Date(text).toISOString();
}

/** The move's body from the command's arguments after <race> <SESSION>. */
export function moveBodyOf(rest: readonly string[], current: { startsAt: string; endsAt: string }): SessionMoveBody {
  const body: { startsAt?: string; endsAt?: string } = {};
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i]!;
    if (arg === "--end") {
      const value = rest[++i];
      if (value === undefined) throw new OperatorError("--end needs a time.");
      body.endsAt = timeArg(value, current.endsAt, "The end");
    } else if (body.startsAt === undefined && body.endsAt === undefined)
      body.startsAt = timeArg(arg, current.startsAt, "The start");
    else
      throw new OperatorError(
        `session move: unexpected "${arg}" (session move <race> <SESSION> [<start>] [--end <end>]).`,
      );
  }
  if (body.startsAt === undefined && body.endsAt === undefined)
    throw new OperatorError("session move needs a new start, an --end, or both.");
  return body;
}

async function move(client: OperatorApi, args: readonly string[]): Promise<number> {
  const [raceRef, sessionRef, ...rest] = args;
  if (!raceRef || !sessionRef)
    throw new OperatorError(
      "session move needs a race and a session (session move <race> <SESSION> [<start>] [--end <end>]).",
    );
  const session = SessionType.safeParse(sessionRef.toUpperCase());
  if (!session.success) throw new OperatorError(`"${sessionRef}" is not a session: ${SessionType.options.join(", ")}.`);
  const race = await client.resolveRace(raceRef);
  const current = race.sessions.find((s) => s.type === session.data);
  if (!current) throw new OperatorError(`${raceLabel(race)} has no ${session.data} session.`);
  const body = moveBodyOf(rest, current);
  const report = await client.send(operationsCalls.moveSession, {
    params: { raceId: race.id, session: session.data },
    body,
    admin: true,
  });
  if (report.replayed) {
    console.log(
      `${session.data} of ${raceLabel(race)} is already at ${slot(report.after)}: nothing changed, nobody told.`,
    );
    return 0;
  }
  console.log(`${session.data} of ${raceLabel(race)} moved: ${slot(report.before)} → ${slot(report.after)} (UTC).`);
  console.log(
    `Locks, paid-change tiers, the bet close and bonus deadlines follow; ${report.notified} ${report.notified === 1 ? "player" : "players"} with picks or bets told.`,
  );
  return 0;
}

async function show(client: OperatorApi, args: readonly string[]): Promise<number> {
  const [raceRef] = args;
  if (!raceRef) throw new OperatorError("session show needs a race (session show <race>).");
  const race = await client.resolveRace(raceRef);
  const control = await client.send(operationsCalls.control, { params: { raceId: race.id }, admin: true });
  console.log(`${raceLabel(race)}, circuit time zone ${control.timeZone}; server time ${utc(control.now)}`);
  for (const s of control.sessions)
    console.log(`  ${s.type.padEnd(7)} ${utc(s.startsAt).padEnd(17)} – ${utc(s.endsAt).padEnd(17)} ${s.state}`);
  return 0;
}

export async function sessionCommand(client: OperatorApi, args: readonly string[]): Promise<number> {
  const [sub, ...rest] = args;
  if (sub === "move") return move(client, rest);
  if (sub === "show") return show(client, rest);
  throw new OperatorError(`session: unknown subcommand ${sub ?? "(none)"} (session move … or session show <race>).`);
}

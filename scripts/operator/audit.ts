// `npm run admin -- audit [--race R] [--take N] [--page P]`: the audit log, newest first, as a table an operator reads
// in a terminal (time, who, through what, action, target, and what changed: before → after).
import type { AuditEntry } from "../../contract/audit";
import { auditChanges } from "../../contract/auditRules";
import { operationsCalls } from "../../contract/calls.operations";
import { MAX_PAGE_SIZE } from "../../contract/common";
import { OperatorError, raceLabel, type OperatorApi } from "./api";

export const auditUsage = `  audit [--race <race>] [--take N] [--page P]  the audit log, newest first: who did what, through what, before → after`;

const CHANGE_WIDTH = 160;

/** What changed, in one line: the keys whose value moved ("status: ACTIVE → INJURED"), or the whole values when they are not records. */
export function changeOf(before: unknown, after: unknown): string {
  const line = auditChanges(before, after)
    .map((c) => `${c.key === null ? "" : `${c.key}: `}${c.before} → ${c.after}`)
    .join("; ");
  return line.length > CHANGE_WIDTH ? `${line.slice(0, CHANGE_WIDTH - 1)}…` : line;
}

/** Who acted: the operator's name (the browser), or the admin token's holder (the command line). */
export const actorOf = (entry: Pick<AuditEntry, "actor" | "channel">) =>
  entry.actor.name ?? (entry.actor.userId ? `account ${entry.actor.userId.slice(0, 8)}` : "admin token");

const THROUGH: Record<AuditEntry["channel"], string> = { cli: "command line", browser: "browser" };

/** The entries as an aligned table, a header first. */
export function auditTable(entries: readonly AuditEntry[]): string {
  const rows = entries.map((e) => [
    e.at.replace("T", " ").replace(/\.\d+Z$/, "Z"),
    actorOf(e),
    THROUGH[e.channel],
    e.action,
    e.target,
    changeOf(e.before, e.after),
  ]);
  const header = ["Time (UTC)", "Who", "Through", "Action", "Target", "Before → after"];
  const widths = header.slice(0, -1).map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i < widths.length ? c.padEnd(widths[i]!) : c))
      .join("  ")
      .trimEnd();
  return [
    line(header),
    line(widths.map((w) => "-".repeat(w)).concat("-".repeat(header.at(-1)!.length))),
    ...rows.map(line),
  ].join("\n");
}

function flagsOf(args: readonly string[]): Map<string, string> {
  const flags = new Map<string, string>();
  for (let i = 0; i < args.length; i++) {
    const flag = args[i]!;
    const value = args[++i];
    if (!["--race", "--take", "--page"].includes(flag) || value === undefined)
      throw new OperatorError(
        `audit: unknown or incomplete option ${flag} (audit [--race <race>] [--take N] [--page P]).`,
      );
    flags.set(flag, value);
  }
  return flags;
}

const count = (flag: string, value: string | undefined, max: number, fallback: number) => {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > max)
    throw new OperatorError(`${flag} needs a whole number from 1 to ${max}.`);
  return n;
};

export async function auditCommand(client: OperatorApi, args: readonly string[]): Promise<number> {
  const flags = flagsOf(args);
  const take = count("--take", flags.get("--take"), MAX_PAGE_SIZE, 20);
  const page = count("--page", flags.get("--page"), Number.MAX_SAFE_INTEGER, 1);
  const raceRef = flags.get("--race");
  const race = raceRef === undefined ? undefined : await client.resolveRace(raceRef);
  const got = await client.send(operationsCalls.audit, { query: { raceId: race?.id, page, take }, admin: true });
  const scope = race ? ` of ${raceLabel(race)}` : "";
  if (got.count === 0) {
    console.log(`The audit log${scope} is empty: no operator action yet.`);
    return 0;
  }
  console.log(auditTable(got.data as AuditEntry[]));
  console.log(
    `\nPage ${got.page} of ${got.pages} (${got.count} ${got.count === 1 ? "action" : "actions"}${scope}, newest first).`,
  );
  return 0;
}

// `npm run admin -- rider substitute|wildcard …`: the entry list of one race (game-rules.md "The entry list
// changes"), over HTTP with the admin token like results and injure. The rider coming in is an existing rider not
// riding the race (by race number or id: a rider of another class, one brought in for another race), or a new one
// made by the entry with --name, --team and --country (the number is the one given).
import { randomUUID } from "node:crypto";
import { operationsCalls } from "../../contract/calls.operations";
import { ridersCalls } from "../../contract/calls.races";
import type { EntryBody, EntryNewRider, EntryReport } from "../../contract/operations";
import type { Race, RaceRider, Rider } from "../../contract/races";
import { GAME_CLASS } from "../../contract/rules";
import { OperatorError, raceLabel, resolveRider, riderLabel, type OperatorApi } from "./api";

export const ridersUsage = `  rider substitute <out> <in> <race> [--name <name> --team <team> --country <XX>]
                                               for this race only, <in> rides in place of <out>, who is out
                                               (the injured-rider rule: their open picks and bets are refunded)
  rider wildcard <in> <race> [--name <name> --team <team> --country <XX>]
                                               <in> rides this race only as a wildcard
                                               <in>: a race number or rider id not on the race's list; with
                                               --name, --team and --country a new rider with that number`;

const FLAGS = ["--name", "--team", "--country"] as const;
type Flags = Partial<Record<(typeof FLAGS)[number], string>>;

/** The positional arguments and the flags of a `rider` command. */
function parse(args: readonly string[], usage: (message: string) => never): { positional: string[]; flags: Flags } {
  const positional: string[] = [];
  const flags: Flags = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    if (!arg.startsWith("--")) {
      positional.push(arg);
      continue;
    }
    const value = args[++i];
    if (!(FLAGS as readonly string[]).includes(arg) || value === undefined)
      usage(`rider: unknown or incomplete option ${arg}.`);
    flags[arg as (typeof FLAGS)[number]] = value;
  }
  return { positional, flags };
}

/** "#41 Lorenzo Savadori rides Grand Prix of Italy (…) as a substitute in place of #93 …: 2 picks invalidated, 30 💎 refunded." */
export function describeEntry(
  report: EntryReport,
  rider: Pick<Rider, "number" | "name">,
  race: Pick<Race, "name" | "season" | "round">,
  out?: Pick<RaceRider, "number" | "name">,
): string {
  if (report.replayed)
    return `${riderLabel(rider)} is already on the entry list of ${raceLabel(race)}: nothing changed.`;
  const role = report.role === "SUBSTITUTE" ? "a substitute" : "a wildcard";
  const line = `${riderLabel(rider)} rides ${raceLabel(race)} as ${role}${out ? ` in place of ${riderLabel(out)}` : ""}.`;
  if (!out) return line;
  const refunded = report.refunded ? `${report.refunded} 💎 refunded` : "nothing refunded";
  return `${line} ${riderLabel(out)} is out: ${report.invalidated} pick(s) invalidated, ${refunded}.`;
}

/** The rider coming in: an existing one not on the race's list, or (with --name) a new one with this number. */
async function incoming(
  api: OperatorApi,
  ref: string,
  onList: readonly RaceRider[],
  flags: Flags,
): Promise<{ riderId: string; rider: Pick<Rider, "number" | "name">; newRider?: EntryNewRider }> {
  const wanted = ref.trim().replace(/^#/, "");
  const numeric = /^\d+$/.test(wanted);
  if (!numeric) {
    const known = await api.send(ridersCalls.byId, { params: { id: wanted } }).catch(() => {
      throw new OperatorError(`No rider ${wanted}.`);
    });
    return { riderId: known.id, rider: known };
  }
  const number = Number(wanted);
  const listed = new Set(onList.map((r) => r.id));
  const all = (await api.send(ridersCalls.list, { query: { search: wanted, take: 100 } })).data.filter(
    (r) => r.number === number,
  );
  const found = all.filter((r) => !listed.has(r.id));
  const name = flags["--name"];
  if (name === undefined) {
    if (found.length === 1) return { riderId: found[0]!.id, rider: found[0]! };
    // Only a rider on the list has this number: the server says whether it is this very entry again.
    const onRace = onList.find((r) => r.number === number);
    if (found.length === 0 && onRace) return { riderId: onRace.id, rider: onRace };
    if (found.length === 0)
      throw new OperatorError(`No rider #${number}: give --name, --team and --country to bring in a new one.`);
    throw new OperatorError(
      `Several riders #${number}: name one by id (${found.map((r) => `${r.id} ${r.name}, ${r.raceClass}`).join("; ")}).`,
    );
  }
  // The same new rider again (a command run twice): the one the first run made.
  const same = all.find((r) => r.name.toLowerCase() === name.trim().toLowerCase());
  if (same) return { riderId: same.id, rider: same };
  const teamRef = flags["--team"];
  const country = flags["--country"]?.toUpperCase();
  if (!teamRef || !country) throw new OperatorError("A new rider needs --name, --team and --country.");
  const teams = await api.send(ridersCalls.teams, { query: { raceClass: GAME_CLASS } });
  const team = teams.find(
    (t) =>
      t.id === teamRef ||
      t.name.toLowerCase() === teamRef.toLowerCase() ||
      t.shortName.toLowerCase() === teamRef.toLowerCase(),
  );
  if (!team) throw new OperatorError(`No team ${teamRef} (teams: ${teams.map((t) => t.name).join(", ")}).`);
  const newRider = { name: name.trim(), number, country, teamId: team.id };
  return { riderId: randomUUID(), rider: newRider, newRider };
}

/** Runs one `rider` sub-command; answers the exit code (usage errors exit through `usage`). */
export async function ridersCommand(
  api: OperatorApi,
  args: readonly string[],
  usage: (message: string) => never,
): Promise<number> {
  const [sub, ...rest] = args;
  const { positional, flags } = parse(rest, usage);
  if (sub === "substitute") {
    const [outRef, inRef, raceRef, ...more] = positional;
    if (!outRef || !inRef || !raceRef || more.length)
      usage("rider substitute needs the rider out, the rider in and a race.");
    const race = await api.resolveRace(raceRef);
    const { riders } = await api.raceRiders(race.id);
    const out = resolveRider(riders, outRef);
    const coming = await incoming(api, inRef, riders, flags);
    const body: EntryBody = {
      role: "SUBSTITUTE",
      riderId: coming.riderId,
      replaces: out.id,
      ...(coming.newRider ? { newRider: coming.newRider } : {}),
    };
    const report = await api.send(operationsCalls.addEntry, { params: { raceId: race.id }, body, admin: true });
    console.log(describeEntry(report, coming.rider, race, out));
    return 0;
  }
  if (sub === "wildcard") {
    const [inRef, raceRef, ...more] = positional;
    if (!inRef || !raceRef || more.length) usage("rider wildcard needs the rider and a race.");
    const race = await api.resolveRace(raceRef);
    const { riders } = await api.raceRiders(race.id);
    const coming = await incoming(api, inRef, riders, flags);
    const body: EntryBody = {
      role: "WILDCARD",
      riderId: coming.riderId,
      ...(coming.newRider ? { newRider: coming.newRider } : {}),
    };
    const report = await api.send(operationsCalls.addEntry, { params: { raceId: race.id }, body, admin: true });
    console.log(describeEntry(report, coming.rider, race));
    return 0;
  }
  usage("rider needs substitute or wildcard.");
}

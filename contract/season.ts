import * as z from "zod";
import { UPLOAD_REF_PATTERN } from "./common";
import { Manufacturer, RaceClass, RiderRole, SessionType } from "./enums";
import { sessionOrder } from "./weekendRules/structure";

// game-rules.md "The season is the operator's data": the classes, teams, riders and calendar of one season, as a
// file the operator owns (docs/season.md; its JSON Schema, generated from this one, is docs/season.schema.json).
// Every entity carries a key: importing a changed file finds the rows by their keys, so ids, picks and bets stay
// attached. A key that is a UUID is the row's id itself (what an export writes for rows made without a key).

export const SEASON_FORMAT = "paddock-season/1";

/** The kinds of circuit the game's statistics know (contract/rules.statistics.ts groups them). */
export const CircuitType = z.enum(["HIGH_SPEED", "TECHNICAL", "FLOWING", "STOP_AND_GO"]);

const Key = z.string().trim().min(1).max(120).describe("Stable key: the same key in the next import is the same row");
const Country = z.string().regex(/^[A-Z]{2}$/, { error: "An ISO 3166-1 alpha-2 code in capitals (IT, ES)" });
const Name = z.string().trim().min(1).max(120);
/** A picture is one of our own uploads (`/api/s3/{id}`, POST /admin/riders/{id}/picture); left out, the generated one. */
const Picture = z.string().regex(UPLOAD_REF_PATTERN, { error: "An uploaded picture: /api/s3/<id>" }).optional();

/** An IANA time zone the runtime knows (Europe/Rome, Asia/Bangkok). */
export function isTimeZone(zone: string): boolean {
  if (!/^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)*$/.test(zone)) return false;
  try {
    return new Intl.DateTimeFormat("en", { timeZone: zone }).resolvedOptions().timeZone.length > 0;
  } catch {
    return false;
  }
}

export const SeasonCircuit = z.object({
  key: Key,
  name: Name,
  country: Country,
  lengthKm: z.number().positive().max(99),
  circuitType: CircuitType,
  timeZone: z
    .string()
    .refine(isTimeZone, { error: "An IANA time zone (Europe/Rome)" })
    .describe("IANA time zone of the circuit"),
});

export const SeasonTeam = z.object({
  key: Key,
  class: RaceClass,
  name: Name,
  manufacturer: Manufacturer,
  colour: z.string().regex(/^#[0-9A-Fa-f]{6}$/, { error: "A colour #RRGGBB" }),
  picture: Picture,
});

export const SeasonRider = z.object({
  key: Key,
  class: RaceClass,
  number: z.number().int().min(0).max(999),
  name: Name,
  country: Country,
  /** The key of a team of the same class. */
  team: Key,
  role: RiderRole,
  picture: Picture,
});

/** A time with its offset (2026-05-31T12:00:00Z, 2026-05-31T14:00:00+02:00). */
const Instant = z.iso.datetime({ offset: true });

export const SeasonSession = z.object({ type: SessionType, startsAt: Instant, endsAt: Instant });

export const SeasonRound = z.object({
  key: Key,
  round: z.number().int().min(1).max(99),
  grandPrix: Name,
  /** The key of a circuit of the file. */
  circuit: Key,
  /** Every session of the weekend once, in the game's order (FP1, PF, FP2, Q1, Q2, SPRINT, START). */
  sessions: z.array(SeasonSession),
});

const SeasonShape = z.object({
  $schema: z.string().optional(),
  format: z.literal(SEASON_FORMAT),
  season: z.number().int().min(2000).max(2100),
  classes: z.array(RaceClass).min(1),
  circuits: z.array(SeasonCircuit),
  teams: z.array(SeasonTeam),
  riders: z.array(SeasonRider),
  calendar: z.array(SeasonRound),
});

export type SeasonFileIssue = { pointer: string; message: string };

/** RFC 6901: `/calendar/3/sessions/0/startsAt`. */
export const jsonPointer = (path: readonly PropertyKey[]) =>
  path.map((p) => `/${String(p).replaceAll("~", "~0").replaceAll("/", "~1")}`).join("");

function duplicates<T>(
  items: readonly T[],
  keyOf: (item: T) => string,
  at: (i: number) => string,
  what: string,
  out: SeasonFileIssue[],
) {
  const seen = new Map<string, number>();
  items.forEach((item, i) => {
    const k = keyOf(item);
    if (seen.has(k)) out.push({ pointer: at(i), message: `${what} ${k} is already at ${at(seen.get(k)!)}` });
    else seen.set(k, i);
  });
}

/** What the shape alone cannot say: keys unique, references that resolve, sessions complete and in order. */
export function seasonFileIssues(file: z.infer<typeof SeasonShape>): SeasonFileIssue[] {
  const out: SeasonFileIssue[] = [];
  const classes = new Set(file.classes);
  duplicates(
    file.circuits,
    (c) => c.key,
    (i) => `/circuits/${i}/key`,
    "circuit",
    out,
  );
  duplicates(
    file.teams,
    (t) => t.key,
    (i) => `/teams/${i}/key`,
    "team",
    out,
  );
  duplicates(
    file.teams,
    (t) => `${t.class} ${t.name}`,
    (i) => `/teams/${i}/name`,
    "team",
    out,
  );
  duplicates(
    file.riders,
    (r) => r.key,
    (i) => `/riders/${i}/key`,
    "rider",
    out,
  );
  duplicates(
    file.riders,
    (r) => `${r.class} #${r.number}`,
    (i) => `/riders/${i}/number`,
    "rider",
    out,
  );
  duplicates(
    file.calendar,
    (r) => r.key,
    (i) => `/calendar/${i}/key`,
    "round",
    out,
  );
  duplicates(
    file.calendar,
    (r) => String(r.round),
    (i) => `/calendar/${i}/round`,
    "round",
    out,
  );
  const circuits = new Set(file.circuits.map((c) => c.key));
  const teams = new Map(file.teams.map((t) => [t.key, t]));
  file.teams.forEach((t, i) => {
    if (!classes.has(t.class))
      out.push({ pointer: `/teams/${i}/class`, message: `${t.class} is not one of the file's classes` });
  });
  file.riders.forEach((r, i) => {
    if (!classes.has(r.class))
      out.push({ pointer: `/riders/${i}/class`, message: `${r.class} is not one of the file's classes` });
    const team = teams.get(r.team);
    if (!team) out.push({ pointer: `/riders/${i}/team`, message: `no team with the key ${r.team}` });
    else if (team.class !== r.class)
      out.push({ pointer: `/riders/${i}/team`, message: `team ${r.team} rides in ${team.class}, not ${r.class}` });
  });
  file.calendar.forEach((race, i) => {
    if (!circuits.has(race.circuit))
      out.push({ pointer: `/calendar/${i}/circuit`, message: `no circuit with the key ${race.circuit}` });
    const types = race.sessions.map((s) => s.type);
    if (types.length !== sessionOrder.length || sessionOrder.some((t, j) => types[j] !== t)) {
      out.push({
        pointer: `/calendar/${i}/sessions`,
        message: `every session once, in order: ${sessionOrder.join(", ")}`,
      });
      return;
    }
    race.sessions.forEach((s, j) => {
      const start = Date.parse(s.startsAt);
      if (Date.parse(s.endsAt) <= start)
        out.push({ pointer: `/calendar/${i}/sessions/${j}/endsAt`, message: "a session ends after it starts" });
      const before = race.sessions[j - 1];
      if (before && start < Date.parse(before.endsAt))
        out.push({
          pointer: `/calendar/${i}/sessions/${j}/startsAt`,
          message: `${s.type} starts before ${before.type} ends`,
        });
    });
  });
  const rounds = file.calendar.map((r, i) => ({ r, i })).toSorted((a, b) => a.r.round - b.r.round);
  rounds.forEach(({ r, i }, n) => {
    const before = rounds[n - 1];
    const first = r.sessions[0];
    const last = before?.r.sessions.at(-1);
    if (
      first &&
      last &&
      r.sessions.length === sessionOrder.length &&
      Date.parse(first.startsAt) < Date.parse(last.endsAt)
    )
      out.push({
        pointer: `/calendar/${i}/sessions/0/startsAt`,
        message: `round ${r.round} starts before round ${before!.r.round} ends`,
      });
  });
  return out;
}

/** The season file: docs/season.md says what each field means. */
export const SeasonFile = SeasonShape.superRefine((file, ctx) => {
  for (const issue of seasonFileIssues(file))
    ctx.addIssue({ code: "custom", message: issue.message, path: issue.pointer.split("/").slice(1) });
});
export type SeasonFile = z.infer<typeof SeasonShape>;
export type SeasonCircuit = z.infer<typeof SeasonCircuit>;
export type SeasonTeam = z.infer<typeof SeasonTeam>;
export type SeasonRider = z.infer<typeof SeasonRider>;
export type SeasonRound = z.infer<typeof SeasonRound>;
export type SeasonSession = z.infer<typeof SeasonSession>;

/** The file read, or every issue with the JSON pointer of its value. */
export function readSeasonFile(
  value: unknown,
): { ok: true; file: SeasonFile } | { ok: false; issues: SeasonFileIssue[] } {
  const parsed = SeasonFile.safeParse(value);
  if (parsed.success) return { ok: true, file: parsed.data };
  return {
    ok: false,
    issues: parsed.error.issues.map((i) => ({ pointer: jsonPointer(i.path) || "/", message: i.message })),
  };
}

// ---- The import's answer: the diff, and what it does to what players saved.

const Change = z.object({ field: z.string(), from: z.unknown(), to: z.unknown() });
const Named = z.object({ key: z.string(), label: z.string() });
const Changed = Named.extend({ changes: z.array(Change) });
const SessionTimes = z.object({ startsAt: z.string(), endsAt: z.string() });

export const SeasonDiff = z.object({
  circuits: z.object({ added: z.array(Named), changed: z.array(Changed) }),
  teams: z.object({ added: z.array(Named), changed: z.array(Changed), removed: z.array(Named) }),
  riders: z.object({ added: z.array(Named), changed: z.array(Changed), removed: z.array(Named) }),
  races: z.object({ added: z.array(Named), changed: z.array(Changed), removed: z.array(Named) }),
  sessions: z.object({
    added: z.array(z.object({ race: z.string(), type: SessionType })),
    moved: z.array(
      z.object({ race: z.string(), label: z.string(), type: SessionType, from: SessionTimes, to: SessionTimes }),
    ),
    removed: z.array(z.object({ race: z.string(), type: SessionType })),
  }),
});
export type SeasonDiff = z.infer<typeof SeasonDiff>;

/** What the import did (or, on a dry run, would do) to picks and bets: a removed race canceled, a removed rider's picks refunded. */
export const SeasonEffect = z.object({
  kind: z.enum(["RACE_CANCELED", "RIDER_REMOVED"]),
  race: z.string(),
  rider: z.string().optional(),
  /** Picks voided (race) or invalidated (rider): never deleted. */
  picks: z.number().int(),
  bets: z.number().int(),
  players: z.number().int(),
  /** Diamonds given back. */
  refunded: z.number().int(),
});
export type SeasonEffect = z.infer<typeof SeasonEffect>;

export const SeasonImportReport = z.object({
  season: z.number().int(),
  dryRun: z.boolean(),
  /** Nothing to change: the file is what the game holds. */
  unchanged: z.boolean(),
  diff: SeasonDiff,
  effects: z.array(SeasonEffect),
  refunded: z.number().int(),
});
export type SeasonImportReport = z.infer<typeof SeasonImportReport>;

export const emptyDiff = (): SeasonDiff => ({
  circuits: { added: [], changed: [] },
  teams: { added: [], changed: [], removed: [] },
  riders: { added: [], changed: [], removed: [] },
  races: { added: [], changed: [], removed: [] },
  sessions: { added: [], moved: [], removed: [] },
});

export const isEmptyDiff = (d: SeasonDiff) =>
  Object.values(d).every((group) => Object.values(group).every((list) => (list as unknown[]).length === 0));

/** The body of POST /admin/season/import: a season file (checked by the handler, which names each issue's pointer). */
export const SeasonImportBody = z.record(z.string(), z.unknown()).describe("A season file, docs/season.schema.json");
export const SeasonImportQuery = z.object({ dryRun: z.enum(["true", "false"]).optional() });
export const SeasonExportQuery = z.object({
  season: z
    .string()
    .regex(/^\d{4}$/, { error: "validation" })
    .transform(Number)
    .optional(),
});

/** The JSON Schema of the file (scripts/seasonSchema.ts writes it to docs/season.schema.json). */
export const seasonJsonSchema = () => ({
  $id: "https://paddock-predictor.example/season.schema.json",
  title: "Paddock Predictor season file",
  ...z.toJSONSchema(SeasonShape, { target: "draft-2020-12", io: "input" }),
});

import { emptyDiff, type SeasonDiff, type SeasonFile, type SeasonFileIssue } from "../../../contract/season";
import type { LoadedSeason } from "./export";

// What an import changes, from the season as the game holds it and the new file: a pure function (the database's
// facts come in `current`), so the dry run and the import compute the same diff, and the import applies exactly it.

type Change = SeasonDiff["riders"]["changed"][number]["changes"][number];

function changes<T extends object>(from: T, to: T, fields: readonly (keyof T)[]): Change[] {
  return fields
    .filter((f) => from[f] !== to[f])
    .map((f) => ({ field: String(f), from: from[f] ?? null, to: to[f] ?? null }));
}

export const raceLabel = (r: { round: number; grandPrix: string }) => `round ${r.round} ${r.grandPrix}`;
export const riderLabel = (r: { number: number; name: string; class: string }) => `#${r.number} ${r.name} (${r.class})`;
export const teamLabel = (t: { name: string; class: string }) => `${t.name} (${t.class})`;

export type SeasonDiffOutcome = { diff: SeasonDiff; issues: SeasonFileIssue[] };

/**
 * The diff, or the issues that forbid it, each at its JSON pointer: a session that has started cannot move (nor be
 * moved to a time already past), a round with results cannot be removed, and a removed round's key cannot come back
 * (it was canceled and its picks refunded).
 */
export function diffSeason(current: LoadedSeason, next: SeasonFile, now: Date): SeasonDiffOutcome {
  const diff = emptyDiff();
  const issues: SeasonFileIssue[] = [];
  const was = current.file;

  next.circuits.forEach((c) => {
    const before = current.circuits.get(c.key);
    if (!before) diff.circuits.added.push({ key: c.key, label: c.name });
    else {
      const list = changes(before, c, ["name", "country", "lengthKm", "circuitType", "timeZone"]);
      if (list.length) diff.circuits.changed.push({ key: c.key, label: c.name, changes: list });
    }
  });

  const teamsBefore = new Map(was.teams.map((t) => [t.key, t]));
  next.teams.forEach((t) => {
    const before = teamsBefore.get(t.key);
    if (!before) diff.teams.added.push({ key: t.key, label: teamLabel(t) });
    else {
      const list = changes(before, t, ["class", "name", "manufacturer", "colour", "picture"]);
      if (list.length) diff.teams.changed.push({ key: t.key, label: teamLabel(t), changes: list });
    }
  });
  const teamsNext = new Set(next.teams.map((t) => t.key));
  for (const t of was.teams) if (!teamsNext.has(t.key)) diff.teams.removed.push({ key: t.key, label: teamLabel(t) });

  const ridersBefore = new Map(was.riders.map((r) => [r.key, r]));
  next.riders.forEach((r) => {
    const before = ridersBefore.get(r.key);
    if (!before) diff.riders.added.push({ key: r.key, label: riderLabel(r) });
    else {
      const list = changes(before, r, ["class", "number", "name", "country", "team", "role", "picture"]);
      if (list.length) diff.riders.changed.push({ key: r.key, label: riderLabel(r), changes: list });
    }
  });
  const ridersNext = new Set(next.riders.map((r) => r.key));
  for (const r of was.riders)
    if (!ridersNext.has(r.key)) diff.riders.removed.push({ key: r.key, label: riderLabel(r) });

  const racesBefore = new Map(was.calendar.map((r) => [r.key, r]));
  next.calendar.forEach((race, i) => {
    const before = racesBefore.get(race.key);
    if (!before) {
      if (current.removed.raceKeys.has(race.key)) {
        issues.push({
          pointer: `/calendar/${i}/key`,
          message: `round ${race.key} was removed (canceled, its picks refunded): give the new round a new key`,
        });
        return;
      }
      diff.races.added.push({ key: race.key, label: raceLabel(race) });
      for (const s of race.sessions) diff.sessions.added.push({ race: race.key, type: s.type });
      return;
    }
    const list = changes(before, race, ["round", "grandPrix", "circuit"]);
    if (list.length) diff.races.changed.push({ key: race.key, label: raceLabel(race), changes: list });
    race.sessions.forEach((s, j) => {
      const old = before.sessions.find((o) => o.type === s.type);
      if (!old) return;
      const [from, to] = [Date.parse(old.startsAt), Date.parse(s.startsAt)];
      if (from === to && Date.parse(old.endsAt) === Date.parse(s.endsAt)) return;
      const at = `/calendar/${i}/sessions/${j}/startsAt`;
      if (from <= now.getTime())
        issues.push({
          pointer: at,
          message: `${s.type} of ${raceLabel(race)} started at ${old.startsAt}: it can no longer move`,
        });
      else if (to <= now.getTime())
        issues.push({
          pointer: at,
          message: `${s.type} of ${raceLabel(race)} cannot move to ${s.startsAt}, a time already past`,
        });
      else
        diff.sessions.moved.push({
          race: race.key,
          label: raceLabel(race),
          type: s.type,
          from: { startsAt: new Date(from).toISOString(), endsAt: new Date(old.endsAt).toISOString() },
          to: { startsAt: new Date(to).toISOString(), endsAt: new Date(s.endsAt).toISOString() },
        });
    });
  });
  const racesNext = new Set(next.calendar.map((r) => r.key));
  for (const r of was.calendar) {
    if (racesNext.has(r.key)) continue;
    if (current.withResults.has(r.key)) {
      issues.push({
        pointer: "/calendar",
        message: `${raceLabel(r)} (key ${r.key}) has results entered: it cannot be removed`,
      });
      continue;
    }
    diff.races.removed.push({ key: r.key, label: raceLabel(r) });
    for (const s of r.sessions) diff.sessions.removed.push({ race: r.key, type: s.type });
  }
  return { diff, issues };
}

// `season import <file> --ics <calendar.ics>`: the calendar's session times from an iCalendar file (read by node-ical),
// laid over the season file's before it is sent. The rule (docs/season.md "Times from a calendar"):
// - an event names its session in its SUMMARY: FP1 / "Free Practice 1", PR / "Practice" (the practice that decides
//   the fastest), FP2, Q1, Q2, SPR / "Sprint", RAC / "Race"; events of Moto2 or Moto3 are skipped;
// - it belongs to the round whose Grand Prix its SUMMARY names, else to the round whose weekend (its first session to
//   its last, three days either side) holds its start;
// - its DTSTART and DTEND become the session's startsAt and endsAt. An event that names no session or no round is
//   ignored (and listed); a session two events name is refused.
import { sync } from "node-ical";
import type { SessionType } from "../../contract/enums";
import type { SeasonFile } from "../../contract/season";

const DAY = 86_400_000;

/** The session an event's summary names, most specific first. */
const sessionWords: [RegExp, SessionType][] = [
  [/\b(fp\s*1|free\s+practice\s*(nr\.?\s*)?1)\b/i, "FP1"],
  [/\b(fp\s*2|free\s+practice\s*(nr\.?\s*)?2)\b/i, "FP2"],
  [/\b(q\s*1|qualifying\s*(nr\.?\s*)?1)\b/i, "Q1"],
  [/\b(q\s*2|qualifying\s*(nr\.?\s*)?2)\b/i, "Q2"],
  [/\b(spr|sprint)\b/i, "SPRINT"],
  [/\b(pr|practice)\b/i, "PF"],
  [/\b(rac|race)\b/i, "START"],
];

export type IcsOutcome = { file: SeasonFile; matched: number; ignored: string[]; problems: string[] };

export function sessionOf(summary: string): SessionType | null {
  if (/\bmoto\s*[23]\b/i.test(summary)) return null;
  return sessionWords.find(([re]) => re.test(summary))?.[1] ?? null;
}

export function applyIcs(file: SeasonFile, icsText: string): IcsOutcome {
  const events = Object.values(sync.parseICS(icsText)).filter((c) => c?.type === "VEVENT") as {
    summary?: unknown;
    start?: Date;
    end?: Date;
  }[];
  const next: SeasonFile = structuredClone(file);
  const seen = new Map<string, string>();
  const ignored: string[] = [];
  const problems: string[] = [];
  let matched = 0;
  for (const event of events) {
    const summary =
      typeof event.summary === "string"
        ? event.summary
        : String((event.summary as { val?: string } | undefined)?.val ?? "");
    const type = sessionOf(summary);
    const start = event.start instanceof Date ? event.start.getTime() : NaN;
    const end = event.end instanceof Date ? event.end.getTime() : NaN;
    if (!type || Number.isNaN(start) || Number.isNaN(end)) {
      ignored.push(summary || "(no summary)");
      continue;
    }
    const named = next.calendar.find((r) => summary.toLowerCase().includes(r.grandPrix.toLowerCase()));
    const round =
      named ??
      next.calendar.find((r) => {
        const first = Date.parse(r.sessions[0]?.startsAt ?? "");
        const last = Date.parse(r.sessions.at(-1)?.endsAt ?? "");
        return start >= first - 3 * DAY && start <= last + 3 * DAY;
      });
    const session = round?.sessions.find((s) => s.type === type);
    if (!round || !session) {
      ignored.push(summary);
      continue;
    }
    const slot = `${round.key} ${type}`;
    if (seen.has(slot)) {
      problems.push(`round ${round.round} ${type} is named by two events: "${seen.get(slot)}" and "${summary}"`);
      continue;
    }
    seen.set(slot, summary);
    session.startsAt = new Date(start).toISOString();
    session.endsAt = new Date(end).toISOString();
    matched++;
  }
  return { file: next, matched, ignored, problems };
}

import * as z from "zod";
import { safeText } from "./text";

// Analytics: what a browser may report. Machine transitions carry the machine's id, the state node
// the transition leaves, its event type and the state it enters: names from machines/, never context, never
// personal data (the server also drops any that no machine declares). Page views carry the path and the URL
// without query or fragment (where tokens and e-mails travel); the server adds the caller's id, never the e-mail.

/** A machine, state or event name: letters, digits and `._-:*()` only (nothing a person could be named by). */
export const FlowName = z.string().regex(/^[\w.\-:*()]{1,120}$/);

export const ReportedTransition = z
  .object({
    machine: FlowName,
    from: FlowName,
    event: FlowName,
    to: FlowName,
    count: z.number().int().min(1).max(10_000),
  })
  .strict();
export type ReportedTransition = z.infer<typeof ReportedTransition>;

/** The client sends at most this many distinct transitions per batch, and a batch at most this often. */
export const TRANSITION_BATCH_MAX = 100;
export const TRANSITION_FLUSH_MS = 10_000;
/** The share of browser sessions that report transitions (drawn once per page load). */
export const TRANSITION_SAMPLE_RATE = 1;

export const TransitionBatch = z
  .object({ transitions: z.array(ReportedTransition).min(1).max(TRANSITION_BATCH_MAX) })
  .strict();
export type TransitionBatch = z.infer<typeof TransitionBatch>;
export const TransitionsStored = z.object({ stored: z.number().int().min(0) });

export const PageViewBody = z
  .object({
    // Free text like any other (contract/text.ts): a NUL or another control character is refused, never stored.
    path: safeText()
      .min(1)
      .max(300)
      .regex(/^\/[^?#\s]*$/),
    url: safeText()
      .max(500)
      .regex(/^https?:\/\/[^?#\s]+$/),
  })
  .strict();
export type PageViewBody = z.infer<typeof PageViewBody>;

export const AnalyticsSettings = z.object({ optedOut: z.boolean() }).strict();
export type AnalyticsSettings = z.infer<typeof AnalyticsSettings>;

/** The part of a state path that names it in the charts ("ready.outside"); the machine's root is "(machine)". */
export const ROOT_STATE = "(machine)";

/** A YYYY-MM-DD day (UTC). */
export const Day = z.iso.date();

export const FlowsQuery = z.object({ from: Day, to: Day }).strict();
export type FlowsQuery = z.infer<typeof FlowsQuery>;

export const FlowCount = z.object({
  machine: FlowName,
  from: FlowName,
  event: FlowName,
  to: FlowName,
  count: z.number().int().min(0),
});
export type FlowCount = z.infer<typeof FlowCount>;
export const FlowCounts = z.object({ from: Day, to: Day, transitions: z.array(FlowCount) });
export type FlowCounts = z.infer<typeof FlowCounts>;

/** A transition's share of all transitions leaving the same state of the same machine (0–1). */
export function shares(counts: readonly FlowCount[]): Map<FlowCount, number> {
  const leaving = new Map<string, number>();
  const key = (c: FlowCount) => `${c.machine}\u0000${c.from}`;
  for (const c of counts) leaving.set(key(c), (leaving.get(key(c)) ?? 0) + c.count);
  return new Map(counts.map((c) => [c, c.count / (leaving.get(key(c)) || 1)]));
}

export type StateFlow = { machine: string; state: string; entered: number; left: number; dropOff: number };

/**
 * Per state of each machine: how many transitions entered it, how many left it, and the drop-off (entered but
 * never left, within the range). Self-transitions count neither way.
 */
export function stateFlows(counts: readonly FlowCount[]): StateFlow[] {
  const flows = new Map<string, StateFlow>();
  const at = (machine: string, state: string) => {
    const k = `${machine}\u0000${state}`;
    let f = flows.get(k);
    if (!f) flows.set(k, (f = { machine, state, entered: 0, left: 0, dropOff: 0 }));
    return f;
  };
  for (const c of counts) {
    if (c.from === c.to) continue;
    at(c.machine, c.from).left += c.count;
    at(c.machine, c.to).entered += c.count;
  }
  for (const f of flows.values()) f.dropOff = Math.max(0, f.entered - f.left);
  return [...flows.values()].toSorted((a, b) => a.machine.localeCompare(b.machine) || a.state.localeCompare(b.state));
}

export type FunnelStep = { event: string; count: number; share: number };

/**
 * A funnel for a chosen path of one machine (event types in order, e.g. change.confirm → xstate.done.actor.submitChange):
 * each step's count is the number of transitions on that event, capped by the step before it; its share is of
 * the first step.
 */
export function funnel(counts: readonly FlowCount[], machine: string, events: readonly string[]): FunnelStep[] {
  let previous = Number.POSITIVE_INFINITY;
  let first = 0;
  return events.map((event, i) => {
    const total = counts.filter((c) => c.machine === machine && c.event === event).reduce((s, c) => s + c.count, 0);
    const count = Math.min(total, previous);
    previous = count;
    if (i === 0) first = count;
    return { event, count, share: first ? count / first : 0 };
  });
}

const csvCell = (v: string | number) =>
  typeof v === "number" ? String(v) : /[",\n]/.test(v) ? `"${v.replaceAll('"', '""')}"` : v;

/** CSV of the counts (machine, from, event, to, count, share), for spreadsheets. */
export function countsCsv(counts: readonly FlowCount[]): string {
  const share = shares(counts);
  return [
    "machine,from,event,to,count,share",
    ...counts.map((c) =>
      [c.machine, c.from, c.event, c.to, c.count, Number((share.get(c) ?? 0).toFixed(4))].map(csvCell).join(","),
    ),
  ].join("\n");
}

// Page views for analysts: the spec's page-view events counted per page over a range of days. A page
// is its path with the parts that name one thing (an id, a number, a report code) replaced by ":id", so every
// league's page counts as `/leagues/:id`.

const ID_SEGMENT = /^(?:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|\d+|[0-9a-f]{16,}|[A-Z0-9]{8})$/i;
const WORD_SEGMENT = /^[a-z]+(?:-[a-z]+)*$/;

/** The page a path belongs to: `/leagues/0b6e…` → `/leagues/:id`; a trailing slash is dropped. */
export function pageOf(path: string): string {
  const parts = path.split("/").filter(Boolean);
  const page = parts.map((part) => (ID_SEGMENT.test(part) && !WORD_SEGMENT.test(part) ? ":id" : part));
  return `/${page.join("/")}`;
}

export const PageViewCount = z.object({
  page: z.string(),
  /** Views in the range; by signed-in players and by guests. */
  views: z.number().int().min(0),
  guestViews: z.number().int().min(0),
  /** Distinct signed-in players who viewed the page. */
  players: z.number().int().min(0),
});
export type PageViewCount = z.infer<typeof PageViewCount>;
export const DayViews = z.object({ day: Day, views: z.number().int().min(0) });
export const PageViews = z.object({ from: Day, to: Day, pages: z.array(PageViewCount), days: z.array(DayViews) });
export type PageViews = z.infer<typeof PageViews>;

/** One row per (path, viewer) as the database counts them: merged into pages here. */
export type PathViews = { path: string; userId: string | null; views: number };

/** Views per page, most viewed first (then by page). */
export function pageViewCounts(rows: readonly PathViews[]): PageViewCount[] {
  const pages = new Map<string, { views: number; guestViews: number; players: Set<string> }>();
  for (const row of rows) {
    const page = pageOf(row.path);
    let p = pages.get(page);
    if (!p) pages.set(page, (p = { views: 0, guestViews: 0, players: new Set() }));
    p.views += row.views;
    if (row.userId === null) p.guestViews += row.views;
    else p.players.add(row.userId);
  }
  return [...pages]
    .map(([page, p]) => ({ page, views: p.views, guestViews: p.guestViews, players: p.players.size }))
    .toSorted((a, b) => b.views - a.views || a.page.localeCompare(b.page));
}

/** CSV of the page views (page, views, guest views, players), for spreadsheets. */
export function pageViewsCsv(pages: readonly PageViewCount[]): string {
  return [
    "page,views,guestViews,players",
    ...pages.map((p) => [p.page, p.views, p.guestViews, p.players].map(csvCell).join(",")),
  ].join("\n");
}

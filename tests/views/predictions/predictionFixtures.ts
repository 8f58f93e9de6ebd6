import type { PredictionCategory, SessionType } from "../../../contract/enums";
import type { RacePrediction, SavedPick } from "../../../contract/predictions";
import type { Race, RaceRider } from "../../../contract/races";
import { categoryPoints } from "../../../contract/rules";
import {
  categories,
  categorySession,
  podiumGroups,
  podiumOf,
  podiums,
  type ActionType,
} from "../../../contract/weekendRules/structure";
import type { SessionWindow } from "../../../contract/weekendRules/time";
import { podiumState, slotState, type WeekendFacts } from "../../../contract/weekendRules/view";
import { defaultWeekendRules } from "../../../contract/weekendRules/weekendRules";
import { json } from "../fixtures";
import type { Call } from "../screens/stubRoutes";

// A small fake of the predictions API for view tests: one race, its riders, and the player's picks and
// balance, with slots computed from the world's clock by the contract's rules, as the server computes them.

type PredictionActionType = ActionType;

export const RACE_ID = "R1";
const DAY = 86_400_000;
const MIN = 60_000;
export const T0 = Date.parse("2026-06-01T08:00:00.000Z");

/** Session starts (offsets from T0) and lengths. */
const timetable: [SessionType, number, number][] = [
  ["FP1", 1 * DAY, 45],
  ["PF", 1 * DAY + 5 * 60 * MIN, 60],
  ["FP2", 2 * DAY, 30],
  ["Q1", 2 * DAY + 60 * MIN, 15],
  ["Q2", 2 * DAY + 90 * MIN, 15],
  ["SPRINT", 2 * DAY + 6 * 60 * MIN, 20],
  ["START", 3 * DAY, 40],
];
export const sessions = timetable.map(([type, offset, minutes]) => ({
  type,
  startsAt: new Date(T0 + offset).toISOString(),
  endsAt: new Date(T0 + offset + minutes * MIN).toISOString(),
  canceled: false,
}));
export const startOf = (type: SessionType) => Date.parse(sessions.find((s) => s.type === type)!.startsAt);

const team = (id: string, name: string, colour: string) => ({
  id,
  name,
  shortName: name.slice(0, 2).toUpperCase(),
  manufacturer: "DUCATI" as const,
  raceClass: "MOTOGP" as const,
  colour,
  image: `/api/pictures/teams/${id}.svg`,
});
const rider = (id: string, name: string, number: number, t: ReturnType<typeof team>, available = true): RaceRider => ({
  id,
  name,
  number,
  country: "IT",
  status: available ? "ACTIVE" : "INJURED",
  role: "MAIN",
  raceClass: "MOTOGP",
  team: t,
  image: `/api/pictures/riders/${id}.svg`,
  odds: available ? 3.5 : null,
  available,
});
const red = team("t1", "Borgo Panigale Factory", "#C8102E");
const blue = team("t2", "Iwata Works", "#0033A0");
export const riders: RaceRider[] = [
  rider("r1", "Marco Bellini", 63, red),
  rider("r2", "Álvaro Núñez", 93, red),
  rider("r3", "Kenji Sato", 7, blue, false),
  rider("r4", "Luca Ferri", 51, blue),
  rider("r5", "Tom Hale", 12, blue),
];

export const race: Race = {
  id: RACE_ID,
  raceId: 12,
  season: 2026,
  round: 12,
  name: "Czech Grand Prix",
  circuitType: "FLOWING",
  version: 3,
  status: "PENDING",
  finished: false,
  raceClass: "MOTOGP",
  startsAt: sessions[0]!.startsAt,
  endsAt: sessions.at(-1)!.endsAt,
  sessions,
  odds: {},
  tracks: [
    {
      id: "k1",
      name: "Automotodrom Brno",
      country: "CZ",
      lengthKm: 5.4,
      circuitType: "FLOWING",
      timeZone: "Europe/Prague",
      image: "/api/pictures/tracks/k1.svg",
    },
  ],
};

export const rules = defaultWeekendRules;

export type World = {
  now: number;
  balance: number;
  picks: SavedPick[];
  rewarded?: boolean;
  riders?: RaceRider[];
  /** The calendar (default: the one race) and what GET /races/next answers (default: that race). */
  races?: Race[];
  next?: Race[];
  /** Answers before the fake's own routes (errors, 418). */
  extra?: (call: Call) => Response | undefined;
};

export const world = (over: Partial<World> = {}): World => ({ now: T0, balance: 100, picks: [], ...over });

export function pick(category: PredictionCategory, riderId: string, upgrades: PredictionActionType[] = []): SavedPick {
  return {
    id: `p-${category}`,
    category,
    riderId,
    state: "MADE",
    points: null,
    upgrades,
    savedAt: new Date(T0).toISOString(),
    changes: 0,
    riderAvailable: riderId !== "r3",
  };
}

/** The world's facts as the rules read them. */
function factsOf(w: World): WeekendFacts {
  const windows: WeekendFacts["sessions"] = {};
  for (const x of sessions)
    windows[x.type] = {
      startsAt: Date.parse(x.startsAt),
      endsAt: Date.parse(x.endsAt),
      canceled: x.canceled,
    } satisfies SessionWindow;
  const picks = w.picks.map((p) => ({
    id: p.id,
    category: p.category,
    riderId: p.riderId,
    upgrades: p.upgrades,
    changes: p.changes,
    riderInjured: !p.riderAvailable,
  }));
  return { sessions: windows, picks, balance: w.balance };
}

export function view(w: World): RacePrediction {
  const facts = factsOf(w);
  return {
    raceId: RACE_ID,
    version: race.version,
    data: w.picks,
    slots: categories.map((category) => {
      const s = facts.sessions[categorySession[category]]!;
      const state = slotState(facts, category, w.now, rules);
      return {
        category,
        session: categorySession[category],
        startsAt: new Date(s.startsAt).toISOString(),
        endsAt: new Date(s.endsAt).toISOString(),
        points: categoryPoints[category],
        podium: podiumOf(category),
        canceled: s.canceled,
        open: state.open,
        change: state.change,
        upgrade: state.upgrade.state,
      };
    }),
    podiums: podiumGroups.map((group) => {
      const buttons = podiumState(facts, group, w.now, rules);
      return {
        group,
        session: podiums[group].session,
        multiplier: buttons.multiplier.state,
        insurance: buttons.insurance.state,
      };
    }),
    complete: w.picks.length === 11,
    balance: String(w.balance),
    now: new Date(w.now).toISOString(),
  };
}

export const ok = (result: unknown) => json(200, { result });
const paged = <T>(data: T[]) => ok({ data, page: 1, pages: 1, count: data.length });

type Body = {
  version: number;
  data: { category: PredictionCategory; riderId: string }[];
  change?: { tier: string; cost: number };
};

/** The routes of the fake: races, riders, rules, balance and the player's predictions (mutating `w`). */
export function routes(w: World) {
  return (call: Call): Response | undefined => {
    const extra = w.extra?.(call);
    if (extra) return extra;
    const path = call.path;
    if (path === "/api/races" && call.method === "GET") return paged(w.races ?? [race]);
    if (path === "/api/races/next") return ok(w.next ?? [race]);
    if (path === `/api/v2/races/${RACE_ID}/riders`)
      return ok({ raceId: RACE_ID, version: 1, riders: w.riders ?? riders });
    if (path === "/api/predictions/change-prediction-rules") return ok(rules);
    if (path === "/api/diamonds/user/balance") return ok({ balance: String(w.balance) });
    if (path === `/api/predictions/races/${RACE_ID}` && call.method === "GET") return ok(view(w));
    if (path === `/api/predictions/races/${RACE_ID}` && (call.method === "POST" || call.method === "PUT")) {
      const body = call.body as Body;
      for (const item of body.data) {
        const existing = w.picks.find((p) => p.category === item.category);
        if (existing) Object.assign(existing, { riderId: item.riderId, riderAvailable: item.riderId !== "r3" });
        else w.picks.push(pick(item.category, item.riderId));
      }
      if (body.change) w.balance -= body.change.cost;
      if (w.picks.length === 11 && !w.rewarded) {
        w.rewarded = true;
        w.balance += 20;
      }
      return ok(view(w));
    }
    if (path === `/api/predictions/races/${RACE_ID}/upgrades`) {
      const body = call.body as { type: PredictionActionType; category?: PredictionCategory };
      const targets = body.category
        ? [body.category]
        : body.type.endsWith("RACE")
          ? ["RACE_FIRST", "RACE_SECOND", "RACE_THIRD"]
          : ["SPRINT_FIRST", "SPRINT_SECOND", "SPRINT_THIRD"];
      for (const p of w.picks) if (targets.includes(p.category)) p.upgrades.push(body.type);
      w.balance -= body.type === "PREDICTION" ? 30 : body.type.includes("INSURANCE") ? 40 : 60;
      return ok(view(w));
    }
    return undefined;
  };
}

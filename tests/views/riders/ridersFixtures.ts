import { vi } from "vitest";
import type { RiderDetail, RiderPerformances, TeamWithRiders } from "../../../contract/races";
import { json, profileFixture } from "../fixtures";

export type Seen = { path: string; search: URLSearchParams; headers: Headers };

/** Stubs the network by path; records each call with its query and headers (the accept-year header matters here). */
export function serve(route: (call: Seen) => Response | undefined) {
  const seen: Seen[] = [];
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const url = new URL(request.url);
    const call = { path: url.pathname, search: url.searchParams, headers: request.headers };
    seen.push(call);
    const answer = route(call);
    if (answer) return answer;
    if (call.path === "/api/users/profile") return json(200, { result: profileFixture });
    return json(404, { statusCode: 404, code: "notFound", message: "Not found" });
  });
  return seen;
}

export const ok = (result: unknown) => json(200, { result });

type TeamInput = Partial<TeamWithRiders> & Pick<TeamWithRiders, "id" | "name" | "raceClass">;
export function team(t: TeamInput): TeamWithRiders {
  return {
    shortName: t.name.slice(0, 2).toUpperCase(),
    manufacturer: "DUCATI",
    colour: "#C8102E",
    image: `/api/pictures/teams/${t.id}.svg`,
    riders: [],
    ...t,
  };
}

export function rider(
  id: string,
  name: string,
  number: number,
  raceClass: TeamWithRiders["raceClass"],
  extra: Partial<TeamWithRiders["riders"][number]> = {},
) {
  return {
    id,
    name,
    number,
    country: "IT",
    status: "ACTIVE" as const,
    role: "MAIN" as const,
    raceClass,
    image: `/api/pictures/riders/${id}.svg`,
    ...extra,
  };
}

export const motoGpTeams = [
  team({
    id: "t1",
    name: "Borgo Panigale Factory",
    raceClass: "MOTOGP",
    riders: [rider("r1", "Marco Bellini", 63, "MOTOGP"), rider("r2", "Álvaro Núñez", 93, "MOTOGP", { country: "ES" })],
  }),
  team({
    id: "t2",
    name: "Tochigi Works",
    raceClass: "MOTOGP",
    manufacturer: "HONDA",
    colour: "#E4002B",
    riders: [
      rider("r3", "Kenji Sato", 7, "MOTOGP", { country: "JP", status: "INJURED" }),
      rider("r4", "Luca Ferri", 51, "MOTOGP", { role: "SUBSTITUTE" }),
    ],
  }),
];
export const moto3Teams = [
  team({
    id: "t9",
    name: "Nordic Pride",
    raceClass: "MOTO3",
    manufacturer: "KTM",
    riders: [rider("r9", "Erik Lund", 11, "MOTO3", { country: "SE" })],
  }),
];

export const riderDetail: RiderDetail = {
  ...rider("r1", "Marco Bellini", 63, "MOTOGP"),
  team: {
    id: "t1",
    name: "Borgo Panigale Factory",
    shortName: "BPF",
    manufacturer: "DUCATI",
    raceClass: "MOTOGP",
    colour: "#C8102E",
    image: "/api/pictures/teams/t1.svg",
  },
  seasons: [2026, 2025, 2024],
};

export function performances(year: number, positions: (number | null)[]): RiderPerformances {
  const points = [25, 20, 16, 13, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1];
  const races = positions.map((position, i) => ({
    year,
    round: i + 1,
    raceName: `Grand Prix ${i + 1}`,
    position,
    points: position ? (points[position - 1] ?? 0) : 0,
  }));
  const finished = positions.filter((p): p is number => p !== null);
  return {
    riderId: "r1",
    year,
    seasons: [2026, 2025, 2024],
    totals: {
      starts: races.length,
      points: races.reduce((s, r) => s + r.points, 0),
      wins: finished.filter((p) => p === 1).length,
      podiums: finished.filter((p) => p <= 3).length,
      bestPosition: finished.length ? Math.min(...finished) : null,
    },
    races,
  };
}

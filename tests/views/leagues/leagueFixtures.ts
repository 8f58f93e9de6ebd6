import type { League } from "../../../contract/leagues";
import type { LeagueMember } from "../../../src/api/leagues";
import { json, profileFixture } from "../fixtures";

export const ME = profileFixture.id;

export function league(over: Partial<League> = {}): League {
  return {
    id: "L1",
    name: "Mugello Maniacs",
    description: "Friends from the Arrabbiata grandstand.",
    type: "PUBLIC",
    endDate: "2026-11-30T23:59:59.000Z",
    criteria: null,
    country: "IT",
    image: null,
    owner: { id: "o1", name: "Pecco Fan", img: null },
    guru: null,
    membersCount: 5,
    max: 100,
    memberStatus: null,
    ...over,
  };
}

export function member(id: string, name: string, status: LeagueMember["status"] = "ACCEPTED"): LeagueMember {
  return { id, name, img: null, country: null, status };
}

export const paged = <T>(data: T[], page = 1, pages = data.length ? 1 : 0, count = data.length) => ({
  result: { data, page, pages, count },
});
export const ok = (result: unknown) => json(200, { result });
export const countries = [
  { code: "IT", name: "Italy", sign: "🇮🇹" },
  { code: "ES", name: "Spain", sign: "🇪🇸" },
];

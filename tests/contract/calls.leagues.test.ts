import { describe, expect, it } from "vitest";
import { leaguesCalls } from "../../contract/calls.leagues";
import { uploadsCalls, uploadUrl } from "../../contract/calls.uploads";
import { LeaguesQuery, MembersQuery } from "../../contract/leagues";

describe("the league calls follow spec section 7 word for word", () => {
  it.each([
    ["create", "POST", "/leagues"],
    ["list", "GET", "/leagues"],
    ["vip", "GET", "/leagues/vip"],
    ["removeMember", "DELETE", "/leagues/:id/members/:userId"],
    ["setMemberStatus", "PUT", "/leagues/:id/members/:userId"],
    ["update", "PUT", "/leagues/:id"],
    ["remove", "DELETE", "/leagues/:id"],
    ["join", "POST", "/leagues/:id/members"],
    ["members", "GET", "/leagues/:id/members"],
    ["invite", "POST", "/leagues/manage/:id/invitations"],
    ["owner", "GET", "/leagues/owner"],
    ["manage", "GET", "/leagues/manage"],
    ["link", "GET", "/leagues/:id/link"],
    ["useLink", "POST", "/leagues/link/use"],
    ["user", "GET", "/leagues/users/:userId"],
    ["rewards", "GET", "/leagues/:id/rewards"],
    ["leaderboard", "GET", "/leagues/leaderboard"],
    ["one", "GET", "/leagues/:id"],
  ])("%s is %s %s, signed in", (name, method, path) => {
    expect(leaguesCalls[name as keyof typeof leaguesCalls]).toMatchObject({ method, path, auth: true });
  });

  it("lists each method and path once", () => {
    const routes = [...Object.values(leaguesCalls), ...Object.values(uploadsCalls)].map((c) => `${c.method} ${c.path}`);
    expect(new Set(routes).size).toBe(routes.length);
  });

  it("pages leagues by 20 and members by 50 unless asked otherwise", () => {
    expect(LeaguesQuery.parse({})).toMatchObject({ page: 1, take: 20 });
    expect(MembersQuery.parse({ page: "2" })).toMatchObject({ page: 2, take: 50 });
    expect(LeaguesQuery.parse({ country: "it", text: "  " })).toMatchObject({ country: "IT", text: undefined });
  });

  it("serves uploads under /api/s3", () => {
    expect(uploadsCalls.upload).toMatchObject({ method: "POST", path: "/s3" });
    expect(uploadUrl("abc")).toBe("/api/s3/abc");
  });
});

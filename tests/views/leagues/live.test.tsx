import { act, screen, waitFor, within } from "@testing-library/react";
import { Route } from "wouter";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { LiveEventName } from "../../../contract/live";
import type { Notification } from "../../../contract/notifications";
import type { LeagueMember } from "../../../src/api/leagues";
import { paths } from "../../../src/config/paths";
import LeagueScreen from "../../../src/screens/leagueById/LeagueScreen";
import { json } from "../fixtures";
import { renderWithApp, resetApp, signInForTest } from "../renderWithApp";
import { stubRoutes } from "../screens/stubRoutes";
import { league, ME, member, ok, paged } from "./leagueFixtures";

// The live channel stands in for the socket: the test delivers events to whoever subscribed.
const handlers = new Map<string, Set<(payload: unknown) => void>>();
vi.mock("../../../src/runtime/live", async () => {
  const { useEffect, useRef } = await import("react");
  return {
    useLiveEvent: (event: string, handler: (payload: unknown) => void) => {
      const latest = useRef(handler);
      latest.current = handler;
      useEffect(() => {
        const run = (payload: unknown) => latest.current(payload);
        if (!handlers.has(event)) handlers.set(event, new Set());
        handlers.get(event)!.add(run);
        return () => void handlers.get(event)!.delete(run);
      }, [event]);
    },
  };
});
const deliver = (event: LiveEventName, payload: Notification) =>
  act(() => handlers.get(event)?.forEach((h) => h(payload)));
const note = (type: string, leagueId = "L1"): Notification => ({
  id: "n1",
  type,
  value: { league: { id: leagueId, name: "Mugello Maniacs" }, user: { id: "u9", name: "New Rider" } },
  createdAt: "2026-05-01T10:00:00.000Z",
  isRead: false,
});

afterEach(resetApp);

describe("live league events update the league page without a reload", () => {
  it("membership requested, status changed, invitation and member deleted refetch what they change", async () => {
    await signInForTest();
    let theLeague = league({
      type: "PRIVATE",
      memberStatus: "ACCEPTED",
      owner: { id: ME, name: "Marco Rossi", img: null },
      membersCount: 1,
    });
    let members: LeagueMember[] = [member(ME, "Marco Rossi")];
    const calls = stubRoutes((call) => {
      if (call.path === "/api/leagues/L1") return ok(theLeague);
      if (call.path === "/api/leagues/L1/members") return json(200, paged(members));
      return undefined;
    });
    renderWithApp(
      <Route path={paths.leagueById}>
        <LeagueScreen />
      </Route>,
      { path: "/leagues/L1" },
    );
    const list = await screen.findByRole("list", { name: "Members" });
    expect(within(list).queryByText("New Rider")).toBeNull();

    members = [...members, member("u9", "New Rider", "PENDING")];
    deliver("membership-requested", note("MEMBERSHIP_REQUESTED"));
    expect(await within(list).findByText("New Rider")).toBeTruthy();
    expect(within(list).getByText("Requested")).toBeTruthy();

    members = [member(ME, "Marco Rossi"), member("u9", "New Rider", "ACCEPTED")];
    theLeague = { ...theLeague, membersCount: 2 };
    deliver("member-status-changed", note("MEMBER_STATUS_CHANGED"));
    await waitFor(() => expect(screen.getByText("2 / 100 members")).toBeTruthy());

    members = [member(ME, "Marco Rossi")];
    theLeague = { ...theLeague, membersCount: 1 };
    deliver("member-deleted", note("MEMBER_DELETED"));
    await waitFor(() => expect(within(list).queryByText("New Rider")).toBeNull());

    // An event about another league leaves this one alone.
    const before = calls.filter((c) => c.path === "/api/leagues/L1").length;
    deliver("league-invitation", note("LEAGUE_INVITATION", "L2"));
    await new Promise((r) => setTimeout(r, 20));
    expect(calls.filter((c) => c.path === "/api/leagues/L1").length).toBe(before);
  });

  it("an invitation turns the Join button into Accept / Decline", async () => {
    await signInForTest();
    let theLeague = league();
    stubRoutes((call) => {
      if (call.path === "/api/leagues/L1") return ok(theLeague);
      if (call.path === "/api/leagues/L1/members") return json(200, paged([member("o1", "Pecco Fan")]));
      return undefined;
    });
    renderWithApp(
      <Route path={paths.leagueById}>
        <LeagueScreen />
      </Route>,
      { path: "/leagues/L1" },
    );
    expect(await screen.findByRole("button", { name: "Join Mugello Maniacs" })).toBeTruthy();
    theLeague = league({ memberStatus: "INVITED" });
    deliver("league-invitation", note("LEAGUE_INVITATION"));
    expect(await screen.findByRole("button", { name: "Accept the invitation to Mugello Maniacs" })).toBeTruthy();
  });
});

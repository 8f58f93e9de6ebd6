import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { Route } from "wouter";
import { afterEach, describe, expect, it } from "vitest";
import type { League } from "../../../contract/leagues";
import type { LeagueMember } from "../../../src/api/leagues";
import { ModalHost } from "../../../src/app/ModalHost";
import { paths } from "../../../src/config/paths";
import LeagueScreen from "../../../src/screens/leagueById/LeagueScreen";
import { json } from "../fixtures";
import { renderWithApp, resetApp, signInForTest } from "../renderWithApp";
import { stubRoutes, type Call } from "../screens/stubRoutes";
import { countries, league, ME, member, ok, paged } from "./leagueFixtures";

afterEach(resetApp);

type World = { league: League; members: LeagueMember[]; extra?: (call: Call) => Response | undefined };

/** A server for one league whose state the test changes between reads. */
function serve(world: World) {
  return stubRoutes((call) => {
    const answer = world.extra?.(call);
    if (answer) return answer;
    if (call.path === "/api/system/countries") return ok(countries);
    if (call.method === "GET" && call.path === "/api/leagues/L1") return ok(world.league);
    if (call.method === "GET" && call.path === "/api/leagues/L1/members") return json(200, paged(world.members));
    return undefined;
  });
}

async function open(world: World) {
  await signInForTest();
  const calls = serve(world);
  const view = renderWithApp(
    <>
      <Route path={paths.leagueById}>
        <LeagueScreen />
      </Route>
      <ModalHost />
    </>,
    { path: "/leagues/L1" },
  );
  await screen.findByRole("heading", { level: 1, name: "Mugello Maniacs" });
  return { calls, ...view };
}

const dialog = () => screen.findByRole("dialog");

describe("the league page shows the league, its members and their status buttons", () => {
  it("shows name, type, owner, members count, country and each member's status", async () => {
    await open({
      league: league({ memberStatus: "ACCEPTED", membersCount: 3 }),
      members: [
        member("o1", "Pecco Fan"),
        member(ME, "Marco Rossi"),
        member("u3", "Ana Follows", "FOLLOWING"),
        member("u4", "Pending Pete", "PENDING"),
        member("u5", "Invited Ines", "INVITED"),
      ],
    });
    expect(screen.getByText("Public")).toBeTruthy();
    expect(screen.getByText("3 / 100 members")).toBeTruthy();
    expect(await screen.findByText(/Italy/)).toBeTruthy();
    const list = await screen.findByRole("list", { name: "Members" });
    const row = (name: string) => within(list).getByText(name).closest("li")!;
    expect(within(row("Pecco Fan")).getByText("Member")).toBeTruthy();
    expect(within(row("Pecco Fan")).getByText("Owner")).toBeTruthy();
    expect(within(row("Marco Rossi")).getByText("Joined")).toBeTruthy();
    expect(within(row("Ana Follows")).getByText("Following")).toBeTruthy();
    expect(within(row("Pending Pete")).getByText("Requested")).toBeTruthy();
    expect(within(row("Invited Ines")).getByText("Invited")).toBeTruthy();
    // A member (not the owner) may answer requests but not remove anyone.
    expect(within(row("Pending Pete")).getByRole("button", { name: "Accept Pending Pete's request" })).toBeTruthy();
    expect(screen.queryByRole("button", { name: /^Remove / })).toBeNull();
  });

  it("says when the league does not exist", async () => {
    await signInForTest();
    stubRoutes(() => undefined);
    renderWithApp(
      <Route path={paths.leagueById}>
        <LeagueScreen />
      </Route>,
      { path: "/leagues/L404" },
    );
    expect(await screen.findByText("This league does not exist")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to leagues" }).getAttribute("href")).toBe("/leagues");
  });
});

describe("joining by type", () => {
  it("a public league: Join → POST /leagues/{id}/members → Joined, without reloading the page", async () => {
    const world: World = { league: league(), members: [member("o1", "Pecco Fan")] };
    world.extra = (call) => {
      if (call.method === "POST" && call.path === "/api/leagues/L1/members") {
        world.league = league({ memberStatus: "ACCEPTED", membersCount: 6 });
        world.members = [...world.members, member(ME, "Marco Rossi")];
        return ok({ memberStatus: "ACCEPTED", membersCount: 6 });
      }
      return undefined;
    };
    const { calls } = await open(world);
    fireEvent.click(screen.getByRole("button", { name: "Join Mugello Maniacs" }));
    expect(await screen.findAllByText("Joined")).not.toHaveLength(0);
    await waitFor(() => expect(screen.getByText("6 / 100 members")).toBeTruthy());
    expect(calls.filter((c) => c.method === "POST" && c.path === "/api/leagues/L1/members")).toHaveLength(1);
  });

  it("a private league shows Requested with a way to cancel the request", async () => {
    const world: World = { league: league({ type: "PRIVATE" }), members: [] };
    world.extra = (call) => (call.method === "POST" ? ok({ memberStatus: "PENDING", membersCount: 5 }) : undefined);
    await open(world);
    fireEvent.click(screen.getByRole("button", { name: "Request to join Mugello Maniacs" }));
    expect(await screen.findByRole("button", { name: "Cancel request: Mugello Maniacs" })).toBeTruthy();
    expect(screen.getAllByText("Requested").length).toBeGreaterThan(0);
  });

  it("a full league (100 / 100) shows no Join: its button says it is full, and pressing it shows the OK-only modal and calls nothing", async () => {
    const { calls } = await open({ league: league({ membersCount: 100 }), members: [] });
    expect(screen.getByText("Full")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Join Mugello Maniacs" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Join" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "League full: Mugello Maniacs" }));
    const modal = await dialog();
    expect(
      await within(modal).findByText("The maximum number of participants in the league has already been reached"),
    ).toBeTruthy();
    expect(
      within(modal)
        .getAllByRole("button")
        .map((b) => b.textContent),
    ).toEqual(["OK"]);
    expect(calls.filter((c) => c.method === "POST")).toEqual([]);
  });
});

describe("invitations: accept, or decline with confirmation", () => {
  it("accept puts the player in the league", async () => {
    const world: World = { league: league({ type: "VIP", memberStatus: "INVITED" }), members: [] };
    world.extra = (call) => {
      if (call.method === "PUT" && call.path === `/api/leagues/L1/members/${ME}`) {
        world.league = league({ type: "VIP", memberStatus: "ACCEPTED", membersCount: 6 });
        return ok({ memberStatus: "ACCEPTED", membersCount: 6 });
      }
      return undefined;
    };
    const { calls } = await open(world);
    fireEvent.click(screen.getByRole("button", { name: "Accept the invitation to Mugello Maniacs" }));
    expect(await screen.findByRole("button", { name: "Leave league: Mugello Maniacs" })).toBeTruthy();
    expect(calls.find((c) => c.method === "PUT")?.body).toEqual({ status: "ACCEPTED" });
  });

  it("decline asks first; Cancel keeps the invitation, 'Yes, decline' removes it", async () => {
    const world: World = { league: league({ memberStatus: "INVITED" }), members: [] };
    world.extra = (call) => {
      if (call.method === "DELETE" && call.path === `/api/leagues/L1/members/${ME}`) {
        world.league = league();
        return ok({ memberStatus: null, membersCount: 5 });
      }
      return undefined;
    };
    const { calls } = await open(world);
    fireEvent.click(screen.getByRole("button", { name: "Decline the invitation to Mugello Maniacs" }));
    let modal = await dialog();
    expect(await within(modal).findByText("Are you sure you want to decline this invitation?")).toBeTruthy();
    fireEvent.click(within(modal).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(calls.filter((c) => c.method === "DELETE")).toEqual([]);
    fireEvent.click(screen.getByRole("button", { name: "Decline the invitation to Mugello Maniacs" }));
    modal = await dialog();
    fireEvent.click(within(modal).getByRole("button", { name: "Yes, decline" }));
    expect(await screen.findByRole("button", { name: "Join Mugello Maniacs" })).toBeTruthy();
    expect(calls.filter((c) => c.method === "DELETE")).toHaveLength(1);
  });
});

describe("leaving and the owner's tools", () => {
  it("an owner with members cannot leave: the spec's message, nothing called", async () => {
    const { calls } = await open({
      league: league({ owner: { id: ME, name: "Marco Rossi", img: null }, memberStatus: "ACCEPTED", membersCount: 2 }),
      members: [member(ME, "Marco Rossi"), member("u2", "Bez Fan")],
    });
    fireEvent.click(screen.getByRole("button", { name: "Leave league: Mugello Maniacs" }));
    const modal = await dialog();
    expect(
      await within(modal).findByText("You cannot leave your league while there are other members in it."),
    ).toBeTruthy();
    expect(calls.filter((c) => c.method === "DELETE")).toEqual([]);
  });

  it("the owner removes a member after confirming", async () => {
    const world: World = {
      league: league({ owner: { id: ME, name: "Marco Rossi", img: null }, memberStatus: "ACCEPTED", membersCount: 2 }),
      members: [member(ME, "Marco Rossi"), member("u2", "Bez Fan")],
    };
    world.extra = (call) => {
      if (call.method === "DELETE" && call.path === "/api/leagues/L1/members/u2") {
        world.members = [member(ME, "Marco Rossi")];
        world.league = { ...world.league, membersCount: 1 };
        return ok({ memberStatus: null, membersCount: 1 });
      }
      return undefined;
    };
    await open(world);
    fireEvent.click(await screen.findByRole("button", { name: "Remove Bez Fan from the league" }));
    const modal = await dialog();
    expect(await within(modal).findByText("Remove Bez Fan from the league?")).toBeTruthy();
    fireEvent.click(within(modal).getByRole("button", { name: "Yes, remove" }));
    await waitFor(() => expect(screen.queryByText("Bez Fan")).toBeNull());
    expect(screen.getByText("1 / 100 members")).toBeTruthy();
  });

  it("the owner alone confirms leaving, the league is deleted and the player goes to /leagues", async () => {
    const world: World = {
      league: league({ owner: { id: ME, name: "Marco Rossi", img: null }, memberStatus: "ACCEPTED", membersCount: 1 }),
      members: [member(ME, "Marco Rossi")],
    };
    world.extra = (call) =>
      call.method === "DELETE" && call.path === "/api/leagues/L1" ? ok({ ok: true }) : undefined;
    const { calls, location } = await open(world);
    fireEvent.click(screen.getByRole("button", { name: "Leave league: Mugello Maniacs" }));
    const modal = await dialog();
    expect(await within(modal).findByText(/If you leave, the league will be removed/)).toBeTruthy();
    fireEvent.click(within(modal).getByRole("button", { name: "Leave and remove" }));
    await waitFor(() => expect(location()).toBe("/leagues"));
    expect(calls.filter((c) => c.method === "DELETE" && c.path === "/api/leagues/L1")).toHaveLength(1);
  });

  it("the owner invites by e-mail from the Invite modal and sees the invite link", async () => {
    const world: World = {
      league: league({
        type: "PRIVATE",
        owner: { id: ME, name: "Marco Rossi", img: null },
        memberStatus: "ACCEPTED",
        membersCount: 1,
      }),
      members: [member(ME, "Marco Rossi")],
    };
    world.extra = (call) => {
      if (call.path === "/api/leagues/L1/link") return ok({ link: "http://localhost/leagues?data=abc&signature=def" });
      if (call.path === "/api/leagues/manage/L1/invitations") return ok({ ok: true });
      return undefined;
    };
    const { calls } = await open(world);
    fireEvent.click(screen.getByRole("button", { name: "Invite players" }));
    const modal = await screen.findByRole("dialog", { name: "Invite players" });
    fireEvent.change(await within(modal).findByLabelText("E-mail addresses"), { target: { value: "not-an-email" } });
    fireEvent.click(within(modal).getByRole("button", { name: "Send invitations" }));
    expect(await within(modal).findByText("Please enter valid email")).toBeTruthy();
    fireEvent.change(within(modal).getByLabelText("E-mail addresses"), {
      target: { value: "ana@example.com, luca@example.com" },
    });
    fireEvent.click(within(modal).getByRole("button", { name: "Send invitations" }));
    expect(await within(modal).findByText("Invitations sent: 2")).toBeTruthy();
    expect(calls.find((c) => c.path === "/api/leagues/manage/L1/invitations")?.body).toEqual({
      emails: ["ana@example.com", "luca@example.com"],
    });
    expect(((await within(modal).findByLabelText("Invitation link")) as HTMLInputElement).value).toContain("data=abc");
  });
});

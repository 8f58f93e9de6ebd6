// The leagueJoin machine's driver: the real league page (/leagues/{id}, src/screens/leagueById/LeagueScreen.tsx) and
// the invite-link panel of the leagues screen (/leagues?data&signature), with the app's owner of the league flows
// (`seatsActor`, src/features/leagues/seatsActor.ts) and the modal host, against a stubbed server for one league.
// The league is made as the path's guards need it (public, private with the player's request, an invitation, VIP
// followed, a member, an owner alone or with others, full); every call the flow makes is held until the path's step
// answers it, and the server's league changes with the answer (the owner's refetch shows it), or meanwhile for a
// refusal: the league fills, its owner removes it, the other player leaves, a newcomer joins.
import { act, fireEvent, screen, within } from "@testing-library/react";
import { expect } from "vitest";
import { Route } from "wouter";
import type { League } from "../../../contract/leagues";
import { leagueJoinMachine } from "../../../machines/leagueJoin.machine";
import type { QaPath } from "../../../scripts/paths";
import { leagueKeys, type LeagueMember } from "../../../src/api/leagues";
import { queryClient } from "../../../src/api/queryClient";
import { ModalHost } from "../../../src/app/ModalHost";
import { paths } from "../../../src/config/paths";
import LeagueScreen from "../../../src/screens/leagueById/LeagueScreen";
import LeaguesScreen from "../../../src/screens/leagues/LeaguesScreen";
import { json } from "../fixtures";
import { countries, league, ME, member, paged } from "../leagues/leagueFixtures";
import { renderWithApp, signInForTest } from "../renderWithApp";
import { heldApi, ok, refusal, type HeldApi } from "./heldApi";
import type { Step, ViewDriver } from "./walkInJsdom";

/** How a path needs the world to be, read from its steps' guards and events. */
type Scenario =
  | "link"
  | "linkMember"
  | "linkBad"
  | "outside"
  | "outsideFull"
  | "requested"
  | "invited"
  | "invitedFull"
  | "following"
  | "member"
  | "ownerAlone"
  | "ownerWithMember"
  | "ownerWithRequest";

type World = {
  api: HeldApi;
  location: () => string | undefined;
  /** The league as the server has it (null: removed). */
  league: League | null;
  members: LeagueMember[];
  /** The member the owner removes, or the player whose request the owner answers. */
  other: LeagueMember | null;
};

const ID = "L1";
const NAME = "Mugello Maniacs";
const SEAT_MAX = 100;
const FULL = "The maximum number of participants in the league has already been reached";
const OWNER_CANNOT_LEAVE = "You cannot leave your league while there are other members in it.";
const USING_LINK = "Joining the league from your invitation…";
const NOT_FOUND = "Not found";
const LINK = { data: "eyJsZWFndWUiOiJMMSJ9", signature: "c2lnbmF0dXJl" };
const ONE = `/api/leagues/${ID}`;
const MEMBERS = `/api/leagues/${ID}/members`;
const USE_LINK = "/api/leagues/link/use";
const me = member(ME, "Marco Rossi");
const owner = member("o1", "Pecco Fan");
const bez = (status: LeagueMember["status"]) => member("u2", "Bez Fan", status);

function scenarioOf(path: QaPath): Scenario {
  const [first, route] = path.steps;
  const has = (event: string, guard?: string | null) =>
    path.steps.some((s) => s.event === event && (guard === undefined || s.guard === guard));
  if (!first || first.guard !== "hasLeague") {
    if (has("error useLink", "quietLinkError")) return "linkMember";
    if (path.steps.some((s) => s.event === "error useLink" && s.otherwise)) return "linkBad";
    return "link";
  }
  switch (route?.guard) {
    case "isMember":
      if (has("league.leave", "ownerWithOthers") || has("member.remove")) return "ownerWithMember";
      if (has("league.leave", "isOwner")) return "ownerAlone";
      // Clearing a message needs one first: the owner's answer to a request its player cancelled meanwhile.
      if (has("member.approve") || has("member.reject") || has("league.error.clear")) return "ownerWithRequest";
      return "member";
    case "isRequested":
      return "requested";
    case "isInvited":
      return has("league.invite.accept", "isFull") ? "invitedFull" : "invited";
    case "isFollowing":
      return "following";
    default:
      return has("league.join", "isFull") ? "outsideFull" : "outside";
  }
}

const mine = { id: ME, name: me.name, img: null };

/** The server's league and members for the scenario. */
function leagueOf(scenario: Scenario): Pick<World, "league" | "members" | "other"> {
  const others = [owner, member("u7", "Ana Rider"), member("u8", "Joan Mir Fan"), member("u9", "Luca Fan")];
  switch (scenario) {
    case "link":
    case "linkMember":
    case "linkBad":
      return { league: league({ memberStatus: "ACCEPTED", membersCount: 6 }), members: [...others, me], other: null };
    case "outside":
    case "outsideFull":
      return {
        league: league({ membersCount: scenario === "outsideFull" ? SEAT_MAX : 5 }),
        members: others,
        other: null,
      };
    case "requested":
      return {
        league: league({ type: "PRIVATE", memberStatus: "PENDING" }),
        members: [...others, member(ME, me.name, "PENDING")],
        other: null,
      };
    case "invited":
    case "invitedFull":
      return {
        league: league({
          type: "PRIVATE",
          memberStatus: "INVITED",
          membersCount: scenario === "invitedFull" ? SEAT_MAX : 5,
        }),
        members: [...others, member(ME, me.name, "INVITED")],
        other: null,
      };
    case "following":
      return {
        league: league({ type: "VIP", memberStatus: "FOLLOWING" }),
        members: [...others, member(ME, me.name, "FOLLOWING")],
        other: null,
      };
    case "member":
      return { league: league({ memberStatus: "ACCEPTED", membersCount: 6 }), members: [...others, me], other: null };
    case "ownerAlone":
      return { league: league({ owner: mine, memberStatus: "ACCEPTED", membersCount: 1 }), members: [me], other: null };
    case "ownerWithMember":
      return {
        league: league({ owner: mine, memberStatus: "ACCEPTED", membersCount: 2 }),
        members: [me, bez("ACCEPTED")],
        other: bez("ACCEPTED"),
      };
    case "ownerWithRequest":
      return {
        league: league({ owner: mine, type: "PRIVATE", memberStatus: "ACCEPTED", membersCount: 1 }),
        members: [me, bez("PENDING")],
        other: bez("PENDING"),
      };
  }
}

/** The league on the server changes: its player's seat, its count, its members. */
function change(world: World, over: Partial<League>, members?: LeagueMember[]) {
  world.league = { ...world.league!, ...over };
  if (members) world.members = members;
}
const seatChange = (world: World) =>
  ok({ memberStatus: world.league!.memberStatus, membersCount: world.league!.membersCount });
const count = (world: World) => world.league!.membersCount;
const withoutOther = (world: World) => world.members.filter((m) => m.id !== world.other!.id);

/** The server's league read again, as after a live event of the league (the owner hands the flow the new data). */
const readAgain = () => act(() => queryClient.invalidateQueries({ queryKey: leagueKeys.one(ID) }));

const button = (name: string) => screen.getByRole("button", { name });
const dialog = () => screen.queryByRole("dialog");
const joinLabel = { PUBLIC: "Join", PRIVATE: "Request to join", VIP: "Follow" } as const;
const membersText = (n: number) => `${n} / ${SEAT_MAX} members`;

/** The OK-only modal with `text`, answered with OK (the flow is not waiting for it). */
async function okOnlyModal(text: string) {
  const modal = await screen.findByRole("dialog");
  expect(await within(modal).findByText(text)).toBeTruthy();
  expect(
    within(modal)
      .getAllByRole("button")
      .map((b) => b.textContent),
  ).toEqual(["OK"]);
  fireEvent.click(within(modal).getByRole("button", { name: "OK" }));
  await expect.poll(dialog).toBeNull();
}

async function confirmation(text: string, yes: string) {
  const modal = await screen.findByRole("dialog");
  expect(await within(modal).findByText(text)).toBeTruthy();
  expect(
    within(modal)
      .getAllByRole("button")
      .map((b) => b.textContent),
  ).toEqual(["Cancel", yes]);
}

/** A refused call's message under the status buttons, with its Close. */
async function refusedWith(message: string) {
  await expect.poll(() => screen.queryByRole("alert")?.textContent).toBe(message);
  expect(button("Close")).toBeTruthy();
}

/** The status buttons make way for one busy button while a call runs. */
async function busy() {
  const wait = await screen.findByRole<HTMLButtonElement>("button", { name: "Please wait…" });
  expect(wait.disabled).toBe(true);
  expect(dialog()).toBeNull();
}

/** The member's row in the list. */
const rowOf = (name: string) =>
  within(screen.getByRole("list", { name: "Members" }))
    .getByText(name)
    .closest("li")!;

const joinButton = (world: World) =>
  world.league!.membersCount >= world.league!.max
    ? button(`League full: ${NAME}`)
    : button(`${joinLabel[world.league!.type]} ${NAME}`);
const leaveButton = () => screen.findByRole("button", { name: `Leave league: ${NAME}` });

export const leagueJoinDriver: ViewDriver<World> = {
  machine: leagueJoinMachine,
  // The leagues screen's owner spawns the link's flow and hands it the link at once.
  sentWithStepBefore: ["link.use"],

  async arrange(path) {
    await signInForTest();
    const scenario = scenarioOf(path);
    const world: World = { api: null as never, location: () => undefined, ...leagueOf(scenario) };
    world.api = heldApi((call) => {
      if (call.path === "/api/system/countries") return ok(countries);
      // The leagues screen's own lists hold no league: only the link's flow is there.
      if (call.path === `/api/leagues/users/${ME}` || call.path === "/api/leagues/vip") return ok([]);
      if (call.path === "/api/leagues" && call.method === "GET") return json(200, paged([]));
      if (call.path === ONE && call.method === "GET") return world.league ? ok(world.league) : undefined;
      if (call.path === MEMBERS && call.method === "GET") return json(200, paged(world.members));
      if (call.path === USE_LINK && call.method === "POST") return "hold";
      if (call.path === ONE && call.method === "DELETE") return "hold";
      if (call.path === MEMBERS && call.method === "POST") return "hold";
      if (call.path.startsWith(`${MEMBERS}/`) && (call.method === "PUT" || call.method === "DELETE")) return "hold";
      return undefined;
    });
    const link = scenario.startsWith("link");
    const view = renderWithApp(
      <>
        <Route path={paths.leagues}>
          <LeaguesScreen />
        </Route>
        <Route path={paths.leagueById}>
          <LeagueScreen />
        </Route>
        <ModalHost />
      </>,
      link ? { path: "/leagues", search: `data=${LINK.data}&signature=${LINK.signature}` } : { path: `/leagues/${ID}` },
    );
    world.location = view.location;
    if (!link) await screen.findByRole("heading", { level: 1, name: NAME });
    return world;
  },

  act: {
    "league.join": ({ world }: Step<World>) => fireEvent.click(joinButton(world)),
    "league.request.cancel": () => fireEvent.click(button(`Cancel request: ${NAME}`)),
    "league.invite.accept": () => fireEvent.click(button(`Accept the invitation to ${NAME}`)),
    "league.invite.decline": () => fireEvent.click(button(`Decline the invitation to ${NAME}`)),
    "league.unfollow": () => fireEvent.click(button(`Unfollow ${NAME}`)),
    "league.leave": async () => fireEvent.click(await leaveButton()),
    "member.remove": ({ world }) => fireEvent.click(button(`Remove ${world.other!.name} from the league`)),
    "member.approve": ({ world }) => fireEvent.click(button(`Accept ${world.other!.name}'s request`)),
    "member.reject": ({ world }) => fireEvent.click(button(`Decline ${world.other!.name}'s request`)),
    "league.confirm": ({ step }) => {
      const yes: Record<string, string> = {
        declining: "Yes, decline",
        leaving: "Yes, leave",
        deleting: "Leave and remove",
        removing: "Yes, remove",
      };
      fireEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: yes[step.state] }));
    },
    "league.cancel": () => fireEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Cancel" })),
    // A newcomer joins: the league's live event makes the page read it again.
    "league.sync": async ({ world }) => {
      change(world, { membersCount: count(world) + 1 }, [...world.members, member("u5", "Newcomer Nico")]);
      await readAgain();
    },
    "league.error.clear": async ({ world }) => {
      // First a refused call leaves its message under the status buttons: the owner accepts a request its player
      // cancelled meanwhile. Then the owner closes the message.
      fireEvent.click(button(`Accept ${world.other!.name}'s request`));
      change(world, {}, withoutOther(world));
      await world.api.answer("PUT", `${MEMBERS}/${world.other!.id}`, refusal(404, "notFound", NOT_FOUND));
      await refusedWith(NOT_FOUND);
      fireEvent.click(button("Close"));
    },
    "link.retry": () => fireEvent.click(within(screen.getByRole("dialog")).getByRole("button", { name: "Try Again" })),

    "done join": async ({ world }) => {
      change(world, { memberStatus: "ACCEPTED", membersCount: count(world) + 1 }, [...world.members, me]);
      await world.api.answer("POST", MEMBERS, seatChange(world));
    },
    "done accept": async ({ world }) => {
      change(world, { memberStatus: "ACCEPTED", membersCount: count(world) + 1 }, [
        ...world.members.filter((m) => m.id !== ME),
        me,
      ]);
      await world.api.answer("PUT", `${MEMBERS}/${ME}`, seatChange(world));
    },
    "done decline": async ({ world }) => {
      change(
        world,
        { memberStatus: null },
        world.members.filter((m) => m.id !== ME),
      );
      await world.api.answer("DELETE", `${MEMBERS}/${ME}`, seatChange(world));
    },
    "done leave": async ({ world }) => {
      const wasMember = world.league!.memberStatus === "ACCEPTED";
      change(
        world,
        { memberStatus: null, membersCount: count(world) - (wasMember ? 1 : 0) },
        world.members.filter((m) => m.id !== ME),
      );
      await world.api.answer("DELETE", `${MEMBERS}/${ME}`, seatChange(world));
    },
    "done deleteLeague": async ({ world }) => {
      world.league = null;
      await world.api.answer("DELETE", ONE, ok({ ok: true }));
    },
    "done remove": async ({ world }) => {
      change(world, { membersCount: count(world) - 1 }, withoutOther(world));
      await world.api.answer(
        "DELETE",
        `${MEMBERS}/${world.other!.id}`,
        ok({ memberStatus: null, membersCount: count(world) }),
      );
    },
    "done approve": async ({ world }) => {
      change(
        world,
        { membersCount: count(world) + 1 },
        world.members.map((m) => (m.id === world.other!.id ? { ...m, status: "ACCEPTED" } : m)),
      );
      await world.api.answer(
        "PUT",
        `${MEMBERS}/${world.other!.id}`,
        ok({ memberStatus: "ACCEPTED", membersCount: count(world) }),
      );
    },
    "done reject": async ({ world }) => {
      change(world, {}, withoutOther(world));
      await world.api.answer(
        "DELETE",
        `${MEMBERS}/${world.other!.id}`,
        ok({ memberStatus: null, membersCount: count(world) }),
      );
    },
    "done useLink": ({ world }) => world.api.answer("POST", USE_LINK, ok({ leagueId: ID })),

    // The league filled meanwhile, or its owner removed it.
    "error join": ({ world, step }) =>
      world.api.answer("POST", MEMBERS, refusedOnServer(world, step.guard === "leagueFullError")),
    // The league filled meanwhile, or the owner took the invitation back.
    "error accept": ({ world, step }) =>
      world.api.answer("PUT", `${MEMBERS}/${ME}`, refusedOnServer(world, step.guard === "leagueFullError")),
    "error decline": ({ world }) => world.api.answer("DELETE", `${MEMBERS}/${ME}`, refusedOnServer(world, false)),
    "error leave": ({ world }) => world.api.answer("DELETE", `${MEMBERS}/${ME}`, refusedOnServer(world, false)),
    // A newcomer joined meanwhile, or the league was removed in another tab.
    "error deleteLeague": ({ world, step }) => {
      if (step.guard !== "ownerCannotLeaveError")
        return world.api.answer("DELETE", ONE, refusal(404, "notFound", NOT_FOUND));
      change(world, { membersCount: 2 }, [...world.members, member("u5", "Newcomer Nico")]);
      return world.api.answer("DELETE", ONE, refusal(409, "ownerCannotLeave", OWNER_CANNOT_LEAVE));
    },
    // The other player left meanwhile (or the league filled before the request was approved).
    "error remove": ({ world }) => otherLeft(world, "DELETE"),
    "error approve": ({ world, step }) => {
      if (step.guard !== "leagueFullError") return otherLeft(world, "PUT");
      change(world, { membersCount: SEAT_MAX });
      return world.api.answer("PUT", `${MEMBERS}/${world.other!.id}`, refusal(409, "leagueFull", FULL));
    },
    "error reject": ({ world }) => otherLeft(world, "DELETE"),
    // Already in the league: the quiet 509; otherwise a link whose signature the server does not accept.
    "error useLink": ({ world, step }) =>
      world.api.answer(
        "POST",
        USE_LINK,
        step.guard === "quietLinkError"
          ? refusal(509, "alreadyMember", "You are already in this league")
          : refusal(400, "invalidToken", "This link is invalid or has expired"),
      ),
  },

  shows: {
    start: null,
    // The invite-link panel says the link is being used (before and while its call runs).
    async unknown() {
      expect((await screen.findAllByText(USING_LINK)).length).toBeGreaterThan(0);
    },
    async usingLink({ world }) {
      expect((await screen.findAllByText(USING_LINK)).length).toBeGreaterThan(0);
      expect(dialog()).toBeNull();
      expect(world.api.held.filter((h) => h.call.path === USE_LINK).map((h) => h.call.body)).toEqual([LINK]);
    },
    async linkUsed({ world }) {
      await expect.poll(world.location).toBe(`/leagues/${ID}`);
      expect(await screen.findByRole("heading", { level: 1, name: NAME })).toBeTruthy();
      expect(await leaveButton()).toBeTruthy();
      expect(document.cookie).not.toContain("inviteData=");
    },
    async linkFailed() {
      expect(await screen.findByText("The invitation link could not be used")).toBeTruthy();
      const modal = await screen.findByRole("dialog");
      expect(await within(modal).findByText("This link is invalid or has expired")).toBeTruthy();
      expect(within(modal).getByRole("button", { name: "Try Again" })).toBeTruthy();
      // The page says why too.
      expect(screen.getAllByText("This link is invalid or has expired").length).toBe(2);
    },
    // Spec: status 509 shows no retry: no modal, only the message on the page.
    async linkRefused() {
      expect(await screen.findByText("The invitation link could not be used")).toBeTruthy();
      expect(screen.getByText("You are already in this league")).toBeTruthy();
      expect(dialog()).toBeNull();
      expect(screen.queryByRole("button", { name: "Try Again" })).toBeNull();
    },
    // Transient: the flow routes at once; after a call it is the path's end, so what the answer did is checked here.
    async "ready.route"({ world, step }) {
      switch (step.event) {
        case "always":
          return;
        case "league.sync":
          expect(await screen.findByText(membersText(count(world)))).toBeTruthy();
          expect(await screen.findByText("Newcomer Nico")).toBeTruthy();
          expect(await leaveButton()).toBeTruthy();
          return;
        case "done join":
        case "done accept":
          expect(await leaveButton()).toBeTruthy();
          expect(await screen.findByText(membersText(count(world)))).toBeTruthy();
          return;
        case "done decline":
        case "done leave":
          await expect.poll(() => joinButton(world)).toBeTruthy();
          expect(screen.queryByRole("alert")).toBeNull();
          return;
        case "done remove":
        case "done reject":
          await expect
            .poll(() => within(screen.getByRole("list", { name: "Members" })).queryByText(world.other!.name))
            .toBeNull();
          expect(await screen.findByText(membersText(count(world)))).toBeTruthy();
          expect(screen.queryByRole("alert")).toBeNull();
          return;
        case "done approve":
          await expect.poll(() => within(rowOf(world.other!.name)).queryByText("Member")).not.toBeNull();
          expect(screen.queryByRole("button", { name: `Accept ${world.other!.name}'s request` })).toBeNull();
          expect(await screen.findByText(membersText(count(world)))).toBeTruthy();
          return;
        case "error join":
        case "error accept":
        case "error approve":
          if (step.guard === "leagueFullError") return okOnlyModal(FULL);
          return refusedWith(NOT_FOUND);
        case "error deleteLeague":
          if (step.guard === "ownerCannotLeaveError") return okOnlyModal(OWNER_CANNOT_LEAVE);
          return refusedWith(NOT_FOUND);
        case "error remove":
        case "error reject":
        case "error decline":
        case "error leave":
          return refusedWith(NOT_FOUND);
        default:
          throw new Error(`no check after ${step.event}`);
      }
    },
    async "ready.outside"({ world, step }) {
      if (step.guard === "isFull") await okOnlyModal(FULL);
      expect(joinButton(world)).toBeTruthy();
      // Known full: nothing was asked of the server.
      if (step.guard === "isFull")
        expect(world.api.calls.filter((c) => c.method !== "GET").map((c) => c.path)).toEqual([]);
    },
    async "ready.requested"() {
      expect(await screen.findByRole("button", { name: `Cancel request: ${NAME}` })).toBeTruthy();
      expect(screen.getAllByText("Requested").length).toBeGreaterThan(0);
    },
    async "ready.invited"({ world, step }) {
      if (step.guard === "isFull") await okOnlyModal(FULL);
      await expect.poll(dialog).toBeNull();
      expect(await screen.findByRole("button", { name: `Accept the invitation to ${NAME}` })).toBeTruthy();
      expect(button(`Decline the invitation to ${NAME}`)).toBeTruthy();
      expect(world.api.calls.filter((c) => c.method !== "GET").map((c) => c.path)).toEqual([]);
    },
    async "ready.following"() {
      expect(await screen.findByRole("button", { name: `Unfollow ${NAME}` })).toBeTruthy();
      expect(screen.getAllByText("Following").length).toBeGreaterThan(0);
    },
    async "ready.member"({ world, step }) {
      if (step.guard === "ownerWithOthers") await okOnlyModal(OWNER_CANNOT_LEAVE);
      if (step.event === "league.error.clear") await expect.poll(() => screen.queryByRole("alert")).toBeNull();
      await expect.poll(dialog).toBeNull();
      expect(await leaveButton()).toBeTruthy();
      expect(screen.getAllByText("Joined").length).toBeGreaterThan(0);
      // Asked, cancelled or refused by the rules: nothing removed.
      if (step.event !== "league.error.clear")
        expect(world.api.calls.filter((c) => c.method === "DELETE").map((c) => c.path)).toEqual([]);
    },
    "ready.confirmDecline": ({ world, step }) =>
      asking(world, step, "Are you sure you want to decline this invitation?", "Yes, decline"),
    "ready.confirmLeave": ({ world, step }) =>
      asking(world, step, "Are you sure you want to leave this league?", "Yes, leave"),
    "ready.confirmOwnerLeave": ({ world, step }) =>
      asking(
        world,
        step,
        "You are the only member. If you leave, the league will be removed. Leave anyway?",
        "Leave and remove",
      ),
    "ready.confirmRemove": ({ world, step }) =>
      asking(world, step, `Remove ${world.other!.name} from the league?`, "Yes, remove"),
    joining: busy,
    accepting: busy,
    declining: busy,
    leaving: busy,
    deleting: busy,
    async removing({ world }) {
      await busy();
      expect(within(rowOf(world.other!.name)).getByRole<HTMLButtonElement>("button").getAttribute("aria-busy")).toBe(
        "true",
      );
    },
    async approving({ world }) {
      await busy();
      const accept = within(rowOf(world.other!.name)).getByRole<HTMLButtonElement>("button", {
        name: `Accept ${world.other!.name}'s request`,
      });
      expect(accept.getAttribute("aria-busy")).toBe("true");
    },
    async rejecting({ world }) {
      await busy();
      const decline = within(rowOf(world.other!.name)).getByRole<HTMLButtonElement>("button", {
        name: `Decline ${world.other!.name}'s request`,
      });
      expect(decline.disabled).toBe(true);
    },
    // The owner left alone: the league is gone and the app is back on the leagues screen.
    async removed({ world }) {
      await expect.poll(world.location).toBe("/leagues");
      expect(await screen.findByRole("region", { name: "My leagues" })).toBeTruthy();
      expect(screen.queryByRole("heading", { level: 1, name: NAME })).toBeNull();
    },
  },
};

/** The question stays open; fresh data that came meanwhile shows behind it. */
async function asking(world: World, step: Step<World>["step"], text: string, yes: string) {
  await confirmation(text, yes);
  if (step.event === "league.sync") {
    expect(await screen.findByText(membersText(count(world)))).toBeTruthy();
    expect(await screen.findByText("Newcomer Nico")).toBeTruthy();
  }
  // Nothing is called before the player confirms.
  expect(world.api.held).toEqual([]);
}

/** The server refuses: the league filled meanwhile (leagueFull), or it was removed (404). */
function refusedOnServer(world: World, full: boolean) {
  if (!full) return refusal(404, "notFound", NOT_FOUND);
  change(world, { membersCount: SEAT_MAX });
  return refusal(409, "leagueFull", FULL);
}

/** The other player left before the owner's answer reached the server. */
function otherLeft(world: World, method: "PUT" | "DELETE") {
  const other = world.other!;
  change(world, {}, withoutOther(world));
  return world.api.answer(method, `${MEMBERS}/${other.id}`, refusal(404, "notFound", NOT_FOUND));
}

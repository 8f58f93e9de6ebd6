// The leagueJoin machine's generated paths played on the league page (/leagues/{id}) and the invite-link
// panel (/leagues?data&signature) against the real server. Each path gets its own players and league, made through
// the public API as the path's guards need (public, private with a request, an invitation, a VIP league to follow,
// an owner alone or with others, a full league). A call the path waits in (`joining`, `removing`, …) is held in the
// browser until the next step; a refusal is made real meanwhile: the league fills, its owner removes it, the
// requester cancels, another player joins — then the held call goes on and the server itself answers.
import type { Browser, Page } from "playwright-core";
import { expect } from "vitest";
import { leagueJoinMachine } from "../../../machines/leagueJoin.machine";
import type { QaPath } from "../../../scripts/paths";
import { createPlayer, signInContext, type Player } from "../accounts";
import type { Step, UiDriver } from "./walkInBrowser";
import { api } from "../api";

export type Who = Player & { id: string };
export type LeagueType = "PUBLIC" | "PRIVATE" | "VIP";
export type MadeLeague = { id: string; name: string; type: LeagueType; owner: Who };

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

/** A request the browser keeps back until the path's next step lets it go. */
type Held = { release: () => void; seen: Promise<void> };

export type LeagueWorld = {
  url: string;
  /** The player whose page it is. */
  me: Who;
  league: MadeLeague;
  /** The member the owner removes, or the player whose request the owner answers. */
  other: Who | null;
  held: Held | null;
};

const SEAT_MAX = 100;
const WAIT = { timeout: 15_000 };

export async function newPlayer(url: string): Promise<Who> {
  const player = await createPlayer(url);
  const profile = await api<{ id: string }>(url, player, "GET", "/users/profile");
  return { ...player, id: profile.id };
}

export async function createLeague(url: string, owner: Who, type: LeagueType): Promise<MadeLeague> {
  const name = `${type === "PRIVATE" ? "Garage" : type === "VIP" ? "Guru" : "Paddock"}${owner.id.slice(0, 6)}`;
  const league = await api<{ id: string }>(url, owner, "POST", "/leagues", { name, type });
  return { id: league.id, name, type, owner };
}

const leaguePage = (league: MadeLeague) => `/leagues/${league.id}`;
const join = (url: string, who: Who, league: MadeLeague) =>
  api<{ memberStatus: string }>(url, who, "POST", `/leagues/${league.id}/members`);
/** The dev-only filling call takes the league to its maximum (other players, accepted). */
const fill = (url: string, league: MadeLeague) =>
  api<{ membersCount: number }>(url, null, "POST", `/dev/leagues/${league.id}/fill`, { count: SEAT_MAX });

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
      // Clearing a message needs one first: the owner's answer to a request that was just cancelled gets one.
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

/** The league (and the other player) the scenario needs, made through the API; returns where the page opens. */
async function arrangeServer(
  url: string,
  scenario: Scenario,
  vip: () => MadeLeague,
): Promise<{ world: Omit<LeagueWorld, "held">; open: string }> {
  const [me, owner] = await Promise.all([newPlayer(url), newPlayer(url)]);
  switch (scenario) {
    case "link":
    case "linkMember":
    case "linkBad": {
      const league = await createLeague(url, owner, "PUBLIC");
      const { link } = await api<{ link: string }>(url, owner, "GET", `/leagues/${league.id}/link`);
      const query = new URL(link).searchParams;
      if (scenario === "linkMember") await join(url, me, league);
      // A link whose signature was altered: the server refuses it (400), not quietly.
      if (scenario === "linkBad") query.set("signature", `${query.get("signature")!.slice(0, -4)}AAAA`);
      return { world: { url, me, league, other: null }, open: `/leagues?${query.toString()}` };
    }
    case "outside":
    case "outsideFull": {
      const league = await createLeague(url, owner, "PUBLIC");
      if (scenario === "outsideFull") await fill(url, league);
      return { world: { url, me, league, other: null }, open: leaguePage(league) };
    }
    case "requested": {
      const league = await createLeague(url, owner, "PRIVATE");
      await join(url, me, league);
      return { world: { url, me, league, other: null }, open: leaguePage(league) };
    }
    case "invited":
    case "invitedFull": {
      const league = await createLeague(url, owner, "PRIVATE");
      await api(url, owner, "POST", `/leagues/manage/${league.id}/invitations`, { emails: [me.email] });
      if (scenario === "invitedFull") await fill(url, league);
      return { world: { url, me, league, other: null }, open: leaguePage(league) };
    }
    case "following": {
      const league = vip();
      await join(url, me, league);
      return { world: { url, me, league, other: null }, open: leaguePage(league) };
    }
    case "member": {
      const league = await createLeague(url, owner, "PUBLIC");
      await join(url, me, league);
      return { world: { url, me, league, other: null }, open: leaguePage(league) };
    }
    case "ownerAlone": {
      const league = await createLeague(url, me, "PUBLIC");
      return { world: { url, me, league, other: null }, open: leaguePage(league) };
    }
    case "ownerWithMember":
    case "ownerWithRequest": {
      // `owner` plays the other player here: the page's player owns the league.
      const league = await createLeague(url, me, scenario === "ownerWithMember" ? "PUBLIC" : "PRIVATE");
      await join(url, owner, league);
      return { world: { url, me, league, other: owner }, open: leaguePage(league) };
    }
  }
}

/** Keeps the next `method` request to a path matching `pathname` back until `release()`; then the server answers it. */
async function holdNext(page: Page, method: string, pathname: RegExp): Promise<Held> {
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  let saw!: () => void;
  const seen = new Promise<void>((resolve) => (saw = resolve));
  let used = false;
  await page.route(
    (u) => pathname.test(u.pathname),
    async (route) => {
      if (used || route.request().method() !== method) return route.fallback();
      used = true;
      saw();
      await gate;
      // The page may be closed by then (a path that ends while the call waits).
      await route.continue().catch(() => {});
    },
  );
  return { release: open, seen };
}

const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
const membersPath = (w: LeagueWorld, userId?: string) =>
  new RegExp(`^/api/leagues/${w.league.id}/members${userId ? `/${esc(userId)}` : ""}$`);

async function hold(s: Step<LeagueWorld>, method: string, pathname: RegExp) {
  s.world.held = await holdNext(s.page, method, pathname);
}

/** Lets the held call go on (after `before` made the server's answer what the step needs). */
async function release(s: Step<LeagueWorld>, before?: () => Promise<unknown>) {
  const held = s.world.held;
  if (!held) throw new Error(`no call held for ${s.step.event}`);
  await held.seen;
  if (before) await before();
  s.world.held = null;
  held.release();
}

const count = (locator: { count(): Promise<number> }) => () => locator.count();
const dialog = (page: Page) => page.getByRole("dialog");

async function shown(locator: { count(): Promise<number> }, n = 1) {
  await expect.poll(count(locator), WAIT).toBe(n);
}

/** The OK-only modal with `text`, answered with OK. */
async function okOnlyModal(page: Page, text: string) {
  await shown(dialog(page).getByText(text, { exact: true }));
  expect(await dialog(page).getByRole("button").allTextContents()).toEqual(["OK"]);
  await dialog(page).getByRole("button", { name: "OK" }).click();
  await shown(dialog(page), 0);
}

const FULL = "The maximum number of participants in the league has already been reached";
const OWNER_CANNOT_LEAVE = "You cannot leave your league while there are other members in it.";
const USING_LINK = "Joining the league from your invitation…";
const joinLabel = { PUBLIC: "Join", PRIVATE: "Request to join", VIP: "Follow" } as const;

const button = (page: Page, name: string) => page.getByRole("button", { name, exact: true });
/** A league full from the start says so on its button (the rules refuse the seat); pressing it still asks to join. */
const fullFromStart = (s: Step<LeagueWorld>) =>
  s.path.steps.some((step) => step.event === "league.join" && step.guard === "isFull");
const joinButton = (s: Step<LeagueWorld>) =>
  button(
    s.page,
    fullFromStart(s)
      ? `League full: ${s.world.league.name}`
      : `${joinLabel[s.world.league.type]} ${s.world.league.name}`,
  );
const leaveButton = (s: Step<LeagueWorld>) => button(s.page, `Leave league: ${s.world.league.name}`);
const busy = (page: Page) => page.getByRole("button", { name: "Please wait…" });

/** A refused call's message under the status buttons (the league page), or the page saying the league is gone. */
async function refusedWith(s: Step<LeagueWorld>, message: string, orGone = false) {
  const alert = s.page.getByRole("alert").filter({ hasText: message });
  const gone = s.page.getByText("This league does not exist");
  await expect.poll(async () => (await alert.count()) + (orGone ? await gone.count() : 0), WAIT).toBeGreaterThan(0);
}

async function confirmation(s: Step<LeagueWorld>, text: string, yes: string) {
  await shown(dialog(s.page).getByText(text, { exact: true }));
  await shown(dialog(s.page).getByRole("button", { name: yes }));
  await shown(dialog(s.page).getByRole("button", { name: "Cancel" }));
}

/** The server's data about the league changes and the page learns it (a live event makes it refetch). */
async function freshData(s: Step<LeagueWorld>) {
  const { url, league, me } = s.world;
  if (s.path.steps[1]?.guard === "isInvited") {
    // An invitee hears only of invitations: the owner edits the league and invites again.
    await api(url, league.owner, "PUT", `/leagues/${league.id}`, {
      name: league.name,
      type: league.type,
      description: `Edited ${Date.now()}`,
    });
    await api(url, league.owner, "POST", `/leagues/manage/${league.id}/invitations`, { emails: [me.email] });
    await expect.poll(count(s.page.getByText(/^Edited \d+$/)), WAIT).toBe(1);
    return;
  }
  // A member hears of every seat change: another player joins.
  const before = await api<{ membersCount: number }>(url, me, "GET", `/leagues/${league.id}`);
  const newcomer = await newPlayer(url);
  await join(url, newcomer, league);
  await shown(s.page.getByText(`${before.membersCount + 1} / ${SEAT_MAX} members`, { exact: true }));
}

/** The arranged server and the page the machine starts on. `vip` is the suite's VIP league (a Guru's). */
export function leagueJoinDriver(env: { url: () => string; vip: () => MadeLeague }): UiDriver<LeagueWorld> {
  const self = (s: Step<LeagueWorld>) => membersPath(s.world, s.world.me.id);
  const ofOther = (s: Step<LeagueWorld>) => membersPath(s.world, s.world.other!.id);
  const leagueUrl = (s: Step<LeagueWorld>) => new RegExp(`^/api/leagues/${s.world.league.id}$`);
  const ownerRemovesLeague = (s: Step<LeagueWorld>) => () =>
    api(s.world.url, s.world.league.owner, "DELETE", `/leagues/${s.world.league.id}`);
  const otherLeaves = (s: Step<LeagueWorld>) => () =>
    api(s.world.url, s.world.other!, "DELETE", `/leagues/${s.world.league.id}/members/${s.world.other!.id}`);
  const newcomerJoins = (s: Step<LeagueWorld>) => async () =>
    join(s.world.url, await newPlayer(s.world.url), s.world.league);

  return {
    machine: leagueJoinMachine,

    async arrange(browser: Browser, path: QaPath) {
      const url = env.url();
      const { world, open } = await arrangeServer(url, scenarioOf(path), env.vip);
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      await signInContext(context, url, world.me);
      const page = await context.newPage();
      const full: LeagueWorld = { ...world, held: null };
      // The page uses the link as it loads: held so the `unknown` and `usingLink` steps can be seen.
      if (open.includes("signature=")) full.held = await holdNext(page, "POST", /^\/api\/leagues\/link\/use$/);
      // The page view goes out once the player's analytics choice is known: from then on the transitions the
      // path takes are sent when the page is hidden (before, they would wait for the reporter's timer).
      const consented = page.waitForRequest((r) => r.url().endsWith("/api/analytics/page-view"), { timeout: 30_000 });
      await page.goto(`${url}${open}`);
      await consented;
      return { page, world: full };
    },

    act: {
      // The page sends these itself (on load, or as the machine routes).
      always: undefined,
      "link.use": undefined,

      "league.join": async (s) => {
        await hold(s, "POST", membersPath(s.world));
        await joinButton(s).click();
      },
      "league.request.cancel": async (s) => {
        await hold(s, "DELETE", self(s));
        await button(s.page, `Cancel request: ${s.world.league.name}`).click();
      },
      "league.invite.accept": async (s) => {
        await hold(s, "PUT", self(s));
        await button(s.page, `Accept the invitation to ${s.world.league.name}`).click();
      },
      "league.invite.decline": (s) => button(s.page, `Decline the invitation to ${s.world.league.name}`).click(),
      "league.unfollow": async (s) => {
        await hold(s, "DELETE", self(s));
        await button(s.page, `Unfollow ${s.world.league.name}`).click();
      },
      "league.leave": (s) => leaveButton(s).click(),
      "member.remove": (s) => button(s.page, `Remove ${s.world.other!.name} from the league`).click(),
      "member.approve": async (s) => {
        await hold(s, "PUT", ofOther(s));
        await button(s.page, `Accept ${s.world.other!.name}'s request`).click();
      },
      "member.reject": async (s) => {
        await hold(s, "DELETE", ofOther(s));
        await button(s.page, `Decline ${s.world.other!.name}'s request`).click();
      },
      "league.confirm": async (s) => {
        const yes: Record<string, [string, string, RegExp]> = {
          declining: ["Yes, decline", "DELETE", self(s)],
          leaving: ["Yes, leave", "DELETE", self(s)],
          deleting: ["Leave and remove", "DELETE", leagueUrl(s)],
          removing: ["Yes, remove", "DELETE", s.world.other ? ofOther(s) : self(s)],
        };
        const [label, method, pathname] = yes[s.step.state]!;
        await hold(s, method, pathname);
        await dialog(s.page).getByRole("button", { name: label }).click();
      },
      "league.cancel": (s) => dialog(s.page).getByRole("button", { name: "Cancel" }).click(),
      "league.sync": freshData,
      "league.error.clear": async (s) => {
        // First a refused call leaves its message under the status buttons: the owner accepts a request its player
        // cancels meanwhile. Then the player closes the message.
        await hold(s, "PUT", ofOther(s));
        await button(s.page, `Accept ${s.world.other!.name}'s request`).click();
        await release(s, otherLeaves(s));
        await refusedWith(s, "Not found");
        await button(s.page, "Close").click();
      },
      "link.retry": async (s) => {
        await hold(s, "POST", /^\/api\/leagues\/link\/use$/);
        await dialog(s.page).getByRole("button", { name: "Try Again" }).click();
      },

      "done join": (s) => release(s),
      "done accept": (s) => release(s),
      "done decline": (s) => release(s),
      "done leave": (s) => release(s),
      "done deleteLeague": (s) => release(s),
      "done remove": (s) => release(s),
      "done approve": (s) => release(s),
      "done reject": (s) => release(s),
      "done useLink": (s) => release(s),
      // The league fills meanwhile, or its owner removes it.
      "error join": (s) =>
        release(
          s,
          s.step.guard === "leagueFullError" ? () => fill(s.world.url, s.world.league) : ownerRemovesLeague(s),
        ),
      // The league fills meanwhile, or the owner takes the invitation back.
      "error accept": (s) =>
        release(
          s,
          s.step.guard === "leagueFullError"
            ? () => fill(s.world.url, s.world.league)
            : () =>
                api(
                  s.world.url,
                  s.world.league.owner,
                  "DELETE",
                  `/leagues/${s.world.league.id}/members/${s.world.me.id}`,
                ),
        ),
      "error decline": (s) => release(s, ownerRemovesLeague(s)),
      "error leave": (s) => release(s, ownerRemovesLeague(s)),
      // Another player joins meanwhile, or the owner removed the league in another tab.
      "error deleteLeague": (s) =>
        release(
          s,
          s.step.guard === "ownerCannotLeaveError"
            ? newcomerJoins(s)
            : () => api(s.world.url, s.world.me, "DELETE", `/leagues/${s.world.league.id}`),
        ),
      "error remove": (s) => release(s, otherLeaves(s)),
      // The league fills meanwhile, or the player cancels their request.
      "error approve": (s) =>
        release(s, s.step.guard === "leagueFullError" ? () => fill(s.world.url, s.world.league) : otherLeaves(s)),
      "error reject": (s) => release(s, otherLeaves(s)),
      // The server refuses the link by itself (already a member: 509; an altered signature: 400).
      "error useLink": (s) => release(s),
    },

    shows: {
      // Transient: the machine routes at once; where it lands is the next step. After a call it is the path's end,
      // so what the answer did is checked here.
      "ready.route": async (s) => {
        const { page, world } = s;
        switch (s.step.event) {
          case "always":
            return;
          case "league.sync":
            return shown(leaveButton(s));
          case "done join":
          case "done accept":
            return shown(leaveButton(s));
          case "done decline":
          case "done leave":
            return shown(joinButton(s));
          case "done remove":
          case "done reject":
            return shown(page.getByRole("list", { name: "Members" }).getByText(world.other!.name, { exact: true }), 0);
          case "done approve": {
            const row = page.getByRole("listitem").filter({ hasText: world.other!.name });
            await shown(row.getByText("Member", { exact: true }));
            return shown(button(page, `Accept ${world.other!.name}'s request`), 0);
          }
          case "error join":
          case "error accept":
          case "error approve":
            if (s.step.guard === "leagueFullError") return okOnlyModal(page, FULL);
            return refusedWith(s, "Not found");
          case "error deleteLeague":
            if (s.step.guard === "ownerCannotLeaveError") return okOnlyModal(page, OWNER_CANNOT_LEAVE);
            return refusedWith(s, "Not found");
          case "error remove":
          case "error reject":
            return refusedWith(s, "Not found");
          case "error decline":
          case "error leave":
            // The removed league's live notice may reach the page first: then it says the league is gone.
            return refusedWith(s, "Not found", true);
          default:
            throw new Error(`no check after ${s.step.event}`);
        }
      },
      // The invite-link panel says the link is being used (before and while its call runs).
      unknown: (s) => expect.poll(count(s.page.getByText(USING_LINK, { exact: true })), WAIT).toBeGreaterThan(0),
      usingLink: (s) => expect.poll(count(s.page.getByText(USING_LINK, { exact: true })), WAIT).toBeGreaterThan(0),
      linkUsed: async (s) => {
        await expect.poll(() => new URL(s.page.url()).pathname, WAIT).toBe(`/leagues/${s.world.league.id}`);
        await shown(s.page.getByRole("heading", { level: 1, name: s.world.league.name }));
      },
      linkFailed: async (s) => {
        await shown(s.page.getByText("The invitation link could not be used", { exact: true }));
        await shown(dialog(s.page).getByText("This invite link is not valid", { exact: true }));
        await shown(dialog(s.page).getByRole("button", { name: "Try Again" }));
      },
      // Spec: status 509 shows no retry: no modal, only the message on the page.
      linkRefused: async (s) => {
        await shown(s.page.getByText("The invitation link could not be used", { exact: true }));
        await shown(s.page.getByText("You are already in this league", { exact: true }));
        await shown(dialog(s.page), 0);
        await shown(s.page.getByRole("button", { name: "Try Again" }), 0);
      },
      "ready.outside": async (s) => {
        if (s.step.guard === "isFull") await okOnlyModal(s.page, FULL);
        await shown(joinButton(s));
      },
      "ready.requested": (s) => shown(button(s.page, `Cancel request: ${s.world.league.name}`)),
      "ready.invited": async (s) => {
        if (s.step.guard === "isFull") await okOnlyModal(s.page, FULL);
        await shown(button(s.page, `Accept the invitation to ${s.world.league.name}`));
        await shown(button(s.page, `Decline the invitation to ${s.world.league.name}`));
      },
      "ready.following": (s) => shown(button(s.page, `Unfollow ${s.world.league.name}`)),
      "ready.member": async (s) => {
        if (s.step.guard === "ownerWithOthers") await okOnlyModal(s.page, OWNER_CANNOT_LEAVE);
        if (s.step.event === "league.error.clear")
          await shown(s.page.getByRole("alert").filter({ hasText: "Not found" }), 0);
        await shown(leaveButton(s));
      },
      "ready.confirmDecline": (s) =>
        confirmation(s, "Are you sure you want to decline this invitation?", "Yes, decline"),
      "ready.confirmLeave": (s) => confirmation(s, "Are you sure you want to leave this league?", "Yes, leave"),
      "ready.confirmOwnerLeave": (s) =>
        confirmation(
          s,
          "You are the only member. If you leave, the league will be removed. Leave anyway?",
          "Leave and remove",
        ),
      "ready.confirmRemove": (s) => confirmation(s, `Remove ${s.world.other!.name} from the league?`, "Yes, remove"),
      // A call runs: the status buttons make way for one busy button.
      joining: (s) => shown(busy(s.page)),
      accepting: (s) => shown(busy(s.page)),
      declining: (s) => shown(busy(s.page)),
      leaving: (s) => shown(busy(s.page)),
      deleting: (s) => shown(busy(s.page)),
      removing: (s) => expect.poll(count(busy(s.page)), WAIT).toBeGreaterThan(0),
      approving: (s) => expect.poll(count(busy(s.page)), WAIT).toBeGreaterThan(0),
      rejecting: (s) => expect.poll(count(busy(s.page)), WAIT).toBeGreaterThan(0),
      removed: (s) => expect.poll(() => new URL(s.page.url()).pathname, WAIT).toBe("/leagues"),
    },
  };
}

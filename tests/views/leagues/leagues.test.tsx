import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { ModalHost } from "../../../src/app/ModalHost";
import LeaguesScreen from "../../../src/screens/leagues/LeaguesScreen";
import { LeaguesTabs } from "../../../src/features/leagues/LeaguesTabs";
import { readInviteLink, storeInviteLink } from "../../../src/features/leagues/inviteCookies";
import { json } from "../fixtures";
import { renderWithApp, resetApp, signInForTest } from "../renderWithApp";
import { stubRoutes, type Call } from "../screens/stubRoutes";
import { countries, league, ME, ok, paged } from "./leagueFixtures";

afterEach(resetApp);

const vip = league({ id: "V1", name: "Guru Cup", type: "VIP", guru: { id: "g1", name: "Sofia Guru", img: null } });
const mine = league({ id: "M1", name: "Garage 46", memberStatus: "ACCEPTED" });
const open1 = league({ id: "P1", name: "Jerez Jets" });
const open2 = league({ id: "P2", name: "Assen Aces", type: "PRIVATE" });

const section = (name: string) => screen.findByRole("region", { name });

function base(extra: (call: Call) => Response | undefined = () => undefined) {
  return stubRoutes((call) => {
    const answer = extra(call);
    if (answer) return answer;
    if (call.path === "/api/system/countries") return ok(countries);
    if (call.path === `/api/leagues/users/${ME}`) return ok([mine]);
    if (call.path === "/api/leagues/vip") return ok([vip]);
    if (call.path === "/api/leagues") return json(200, paged([mine, vip, open1, open2]));
    return undefined;
  });
}

describe("the join tab: my leagues, VIP leagues and leagues to join", () => {
  it("shows each section with its leagues and the right join button per type", async () => {
    await signInForTest();
    base();
    renderWithApp(<LeaguesScreen />, { path: "/leagues" });
    const mineSection = await section("My leagues");
    expect(await within(mineSection).findByText("Garage 46")).toBeTruthy();
    expect(within(mineSection).getByText("Joined")).toBeTruthy();
    const vipSection = await section("VIP leagues");
    expect(await within(vipSection).findByRole("button", { name: "Follow Guru Cup" })).toBeTruthy();
    const openSection = await section("Leagues to join");
    expect(await within(openSection).findByRole("button", { name: "Join Jerez Jets" })).toBeTruthy();
    expect(within(openSection).getByRole("button", { name: "Request to join Assen Aces" })).toBeTruthy();
    // Leagues shown above are not repeated.
    expect(within(openSection).queryByText("Guru Cup")).toBeNull();
    expect(within(openSection).getByRole("link", { name: "See all leagues" }).getAttribute("href")).toBe(
      "/leagues/all-leagues",
    );
  });

  it("offers to create a league when the player is in none, and says when loading failed", async () => {
    await signInForTest();
    base((call) => {
      if (call.path === `/api/leagues/users/${ME}`) return ok([]);
      if (call.path === "/api/leagues/vip")
        return json(500, { statusCode: 500, code: "somethingWentWrong", message: "Something went wrong." });
      return undefined;
    });
    renderWithApp(<LeaguesScreen />, { path: "/leagues" });
    expect(await screen.findByText("You are not in a league yet")).toBeTruthy();
    expect(await screen.findByText("The leagues could not be loaded.")).toBeTruthy();
  });
});

describe("the tabs: join, create, manage (manage only with a ready profile)", () => {
  it("hides manage for a guest and marks the current tab", async () => {
    stubRoutes(() => undefined);
    const guest = renderWithApp(<LeaguesTabs />, { path: "/leagues/create" });
    expect(screen.getAllByRole("link").map((l) => l.textContent)).toEqual(["Join league", "Create league"]);
    expect(screen.getByRole("link", { name: "Create league" }).getAttribute("aria-current")).toBe("page");
    guest.unmount();
    await signInForTest();
    renderWithApp(<LeaguesTabs />, { path: "/leagues" });
    expect(screen.getAllByRole("link").map((l) => l.getAttribute("href"))).toEqual([
      "/leagues",
      "/leagues/create",
      "/leagues/manage",
    ]);
  });
});

describe("the invite link: data + signature → POST /leagues/link/use → the league", () => {
  it("uses the link from the query, deletes the invite cookies and goes to the league", async () => {
    await signInForTest();
    storeInviteLink({ data: "old", signature: "old" });
    const calls = base((call) => (call.path === "/api/leagues/link/use" ? ok({ leagueId: "L7" }) : undefined));
    const { location } = renderWithApp(<LeaguesScreen />, { path: "/leagues", search: "data=abc&signature=def" });
    await waitFor(() => expect(location()).toBe("/leagues/L7"));
    expect(calls.find((c) => c.path === "/api/leagues/link/use")?.body).toEqual({ data: "abc", signature: "def" });
    expect(readInviteLink()).toBeNull();
  });

  it("uses a link kept in cookies through sign-in", async () => {
    await signInForTest();
    storeInviteLink({ data: "kept", signature: "sig" });
    const calls = base((call) => (call.path === "/api/leagues/link/use" ? ok({ leagueId: "L8" }) : undefined));
    const { location } = renderWithApp(<LeaguesScreen />, { path: "/leagues" });
    await waitFor(() => expect(location()).toBe("/leagues/L8"));
    expect(calls.find((c) => c.path === "/api/leagues/link/use")?.body).toEqual({ data: "kept", signature: "sig" });
  });

  it("a failure shows the server's message in a Retry modal; Try Again uses the link again", async () => {
    await signInForTest();
    let attempts = 0;
    base((call) => {
      if (call.path !== "/api/leagues/link/use") return undefined;
      attempts += 1;
      return attempts === 1
        ? json(400, { statusCode: 400, code: "invalidToken", message: "This link is invalid or has expired" })
        : ok({ leagueId: "L7" });
    });
    const { location } = renderWithApp(
      <>
        <LeaguesScreen />
        <ModalHost />
      </>,
      { path: "/leagues", search: "data=abc&signature=def" },
    );
    const modal = await screen.findByRole("dialog");
    expect(await within(modal).findAllByText("This link is invalid or has expired")).not.toHaveLength(0);
    expect(readInviteLink()).toBeNull();
    fireEvent.click(within(modal).getByRole("button", { name: "Try Again" }));
    await waitFor(() => expect(location()).toBe("/leagues/L7"));
    expect(attempts).toBe(2);
  });

  it("a 509 answer shows no modal, only the message on the page, and deletes the cookies", async () => {
    await signInForTest();
    storeInviteLink({ data: "abc", signature: "def" });
    base((call) =>
      call.path === "/api/leagues/link/use"
        ? json(509, { statusCode: 509, code: "alreadyMember", message: "You are already in this league" })
        : undefined,
    );
    renderWithApp(
      <>
        <LeaguesScreen />
        <ModalHost />
      </>,
      { path: "/leagues" },
    );
    expect(await screen.findByText("You are already in this league")).toBeTruthy();
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(screen.queryByRole("button", { name: "Try Again" })).toBeNull();
    expect(readInviteLink()).toBeNull();
  });
});

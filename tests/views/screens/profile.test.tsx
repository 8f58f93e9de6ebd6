import { fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { PublicProfile } from "../../../contract/users";
import ProfileScreen from "../../../src/screens/profile/ProfileScreen";
import { json, profileFixture } from "../fixtures";
import { renderWithApp, resetApp, signInForTest } from "../renderWithApp";
import { stubRoutes } from "./stubRoutes";

afterEach(resetApp);

const countries = [
  { code: "IT", name: "Italy", sign: "🇮🇹" },
  { code: "ES", name: "Spain", sign: "🇪🇸" },
];
const other: PublicProfile = {
  id: "p9",
  img: null,
  name: "Ana Carrasco",
  stat: { points: 412, average: 18.75, wins: 5, podiums: 11, poles: 2 },
  country: "ES",
  bio: "Sprint specialist.",
  favourites: { rider: "Pedro Acosta", manufacturer: "KTM", circuit: "Jerez" },
  twitter: "@anacarrasco",
  instagram: "ana.races",
  isGuru: true,
  isFavorite: false,
  createdAt: "2025-03-01T00:00:00.000Z",
};

function answer({ method, path }: { method: string; path: string }) {
  if (path === "/api/system/countries") return json(200, { result: countries });
  if (path === "/api/users/p9/profile") return json(200, { result: other });
  if (path === "/api/users/p9/favorite" && method === "POST") return json(200, { result: { isFavorite: true } });
  return undefined;
}

describe("the profile shows points, average, wins, podiums, poles, country, bio, favourites and social links", () => {
  it("shows another player's public profile from GET /users/{id}/profile", async () => {
    stubRoutes(answer);
    renderWithApp(<ProfileScreen />, { path: "/profile", search: "userId=p9" });
    expect((await screen.findByRole("heading", { level: 1 })).textContent).toBe("Ana Carrasco");
    const stats = screen.getByRole("region", { name: "Season statistics" });
    for (const [label, value] of [
      ["Points", "412"],
      ["Average", "18.75"],
      ["Wins", "5"],
      ["Podiums", "11"],
      ["Poles", "2"],
    ]) {
      expect(within(stats).getByText(label).nextElementSibling?.textContent).toBe(value);
    }
    expect(await screen.findByText(/Spain/)).toBeTruthy();
    expect(screen.getByText("Sprint specialist.")).toBeTruthy();
    expect(screen.getByText("Pedro Acosta")).toBeTruthy();
    expect(screen.getByText("KTM")).toBeTruthy();
    expect(screen.getByText("Jerez")).toBeTruthy();
    const twitter = screen.getByRole("link", { name: "@anacarrasco on Twitter (opens in a new tab)" });
    expect(twitter.getAttribute("href")).toBe("https://twitter.com/anacarrasco");
    expect(twitter.getAttribute("rel")).toContain("noopener");
    expect(
      screen.getByRole("link", { name: "@ana.races on Instagram (opens in a new tab)" }).getAttribute("href"),
    ).toBe("https://www.instagram.com/ana.races/");
  });
});

describe("my own profile links to edit profile", () => {
  it("shows the signed-in profile with an 'Edit profile' link and no follow button", async () => {
    await signInForTest();
    stubRoutes(answer);
    renderWithApp(<ProfileScreen />, { path: "/profile" });
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe(profileFixture.name);
    expect(screen.getByRole("link", { name: "Edit profile" }).getAttribute("href")).toBe("/edit-profile");
    expect(screen.queryByRole("button", { name: "Follow" })).toBeNull();
  });
});

describe("another player's profile can be followed when signed in", () => {
  it("follows with POST /users/{id}/favorite and then offers Unfollow", async () => {
    await signInForTest();
    const calls = stubRoutes(answer);
    renderWithApp(<ProfileScreen />, { path: "/profile", search: "userId=p9" });
    fireEvent.click(await screen.findByRole("button", { name: "Follow" }));
    expect(await screen.findByRole("button", { name: "Unfollow" })).toBeTruthy();
    expect(calls.some((c) => c.method === "POST" && c.path === "/api/users/p9/favorite")).toBe(true);
  });

  it("shows no follow button to a guest", async () => {
    stubRoutes(answer);
    renderWithApp(<ProfileScreen />, { path: "/profile", search: "userId=p9" });
    await screen.findByRole("heading", { level: 1 });
    expect(screen.queryByRole("button", { name: "Follow" })).toBeNull();
  });
});

describe("loading, error and not-found states", () => {
  it("says the player does not exist on 404", async () => {
    stubRoutes(() => undefined);
    renderWithApp(<ProfileScreen />, { path: "/profile", search: "userId=gone" });
    expect(await screen.findByText("Player not found")).toBeTruthy();
  });

  it("offers a retry when the load fails", async () => {
    let fail = true;
    stubRoutes((call) => {
      if (call.path !== "/api/users/p9/profile") return answer(call);
      return fail
        ? json(500, { statusCode: 500, code: "somethingWentWrong", message: "Something went wrong." })
        : answer(call);
    });
    renderWithApp(<ProfileScreen />, { path: "/profile", search: "userId=p9" });
    expect(await screen.findByText("The profile could not be loaded.")).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect((await screen.findByRole("heading", { level: 1 })).textContent).toBe("Ana Carrasco");
  });
});

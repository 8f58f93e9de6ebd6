import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { Player } from "../../../contract/users";
import FavoritesScreen from "../../../src/screens/favorites/FavoritesScreen";
import { json } from "../fixtures";
import { renderWithApp, resetApp, signInForTest } from "../renderWithApp";
import { stubRoutes } from "./stubRoutes";

afterEach(resetApp);

const guru: Player = {
  id: "g1",
  name: "Sofia Guru",
  img: null,
  country: "ES",
  points: 310,
  isGuru: true,
  isFavorite: true,
};
const friend: Player = {
  id: "p2",
  name: "Luca Moretti",
  img: null,
  country: null,
  points: 95,
  isGuru: false,
  isFavorite: true,
};
const page = (data: Player[]) => ({ result: { data, page: 1, pages: data.length ? 1 : 0, count: data.length } });

describe("favorites lists the players and Gurus I follow (GET /users?type=follow, paged)", () => {
  it("asks for the follow list and shows each player with a link to their profile", async () => {
    await signInForTest();
    const calls = stubRoutes(({ path }) => (path === "/api/users" ? json(200, page([guru, friend])) : undefined));
    renderWithApp(<FavoritesScreen />, { path: "/favorites" });
    const link = await screen.findByRole("link", { name: /Sofia Guru/ });
    expect(link.getAttribute("href")).toBe("/profile?userId=g1");
    expect(screen.getByText("Guru")).toBeTruthy();
    const query = new URLSearchParams(calls.find((c) => c.path === "/api/users")!.search);
    expect(query.get("type")).toBe("follow");
    expect(query.get("page")).toBe("1");
  });
});

describe("the empty follow list says 'The list is empty...'", () => {
  it("shows the spec's empty message", async () => {
    await signInForTest();
    stubRoutes(({ path }) => (path === "/api/users" ? json(200, page([])) : undefined));
    renderWithApp(<FavoritesScreen />, { path: "/favorites" });
    expect(await screen.findByText("The list is empty...")).toBeTruthy();
  });
});

describe("unfollow removes a player from the list", () => {
  it("calls DELETE /users/{id}/favorite and shows the list read again", async () => {
    await signInForTest();
    let following = [guru, friend];
    const calls = stubRoutes(({ method, path }) => {
      if (path === "/api/users") return json(200, page(following));
      if (path === "/api/users/p2/favorite" && method === "DELETE") {
        following = [guru];
        return json(200, { result: { isFavorite: false } });
      }
      return undefined;
    });
    renderWithApp(<FavoritesScreen />, { path: "/favorites" });
    const row = (await screen.findByRole("link", { name: /Luca Moretti/ })).closest("li")!;
    fireEvent.click(within(row).getByRole("button", { name: "Unfollow Luca Moretti" }));
    await waitFor(() => expect(screen.queryByText("Luca Moretti")).toBeNull());
    expect(screen.getByText("Sofia Guru")).toBeTruthy();
    expect(calls.some((c) => c.method === "DELETE" && c.path === "/api/users/p2/favorite")).toBe(true);
  });
});

describe("a failed load can be retried", () => {
  it("shows the error and loads again on 'Try again'", async () => {
    await signInForTest();
    let fail = true;
    stubRoutes(({ path }) => {
      if (path !== "/api/users") return undefined;
      return fail
        ? json(500, { statusCode: 500, code: "somethingWentWrong", message: "Something went wrong." })
        : json(200, page([friend]));
    });
    renderWithApp(<FavoritesScreen />, { path: "/favorites" });
    expect(await screen.findByText("Your favorites could not be loaded.")).toBeTruthy();
    fail = false;
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByText("Luca Moretti")).toBeTruthy();
  });
});

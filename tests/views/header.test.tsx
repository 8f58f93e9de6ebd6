import { act, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { authActor, modalActor } from "../../src/runtime/appActor";
import { Header } from "../../src/app/layout/Header";
import { json, profileFixture } from "./fixtures";
import { renderWithApp, resetApp, signInForTest, stubApi } from "./renderWithApp";

afterEach(resetApp);

function setWidth(width: number) {
  Object.defineProperty(window, "innerWidth", { configurable: true, value: width });
  act(() => {
    window.dispatchEvent(new Event("resize"));
  });
}

const navLabels = [
  "Predictions",
  "Bets",
  "Leagues",
  "Leaderboards",
  "Results",
  "Riders And Teams",
  "Bonus questions",
  "Store",
];

describe("header navigation order and labels (spec section 2)", () => {
  it("lists predictions, bets, leagues, leaderboards, results, riders and teams, bonus, shop with the spec's labels", () => {
    stubApi();
    renderWithApp(<Header />, { path: "/faq" });
    const nav = screen.getAllByRole("navigation", { name: "Main navigation" })[0]!;
    const links = within(nav).getAllByRole("link");
    expect(links.map((a) => a.textContent)).toEqual(navLabels);
    expect(links.map((a) => a.getAttribute("href"))).toEqual([
      "/predictions",
      "/bets",
      "/leagues",
      "/leaderboards",
      "/results",
      "/riders-and-teams",
      "/bonus-questions",
      "/shop",
    ]);
  });

  it("the logo leads to predictions", () => {
    stubApi();
    renderWithApp(<Header />);
    expect(screen.getByRole("link", { name: "Paddock Predictor, go to predictions" }).getAttribute("href")).toBe(
      "/predictions",
    );
  });
});

describe("guests see a Log in button and no profile menu", () => {
  it("shows Log in, opens the SignIn modal with it, and has no account menu, points or favorites", () => {
    stubApi();
    renderWithApp(<Header />);
    expect(screen.queryByRole("button", { name: /Account menu/ })).toBeNull();
    expect(screen.queryByText("Earned points")).toBeNull();
    expect(screen.queryByRole("link", { name: "Favorites" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Log in" }));
    expect(modalActor.getSnapshot().context.stack.at(-1)?.kind).toBe("SignIn");
  });
});

describe("a session being restored holds the avatar's place instead of offering Log in", () => {
  it("shows neither Log in nor the account menu until the profile is in, then the account menu", async () => {
    const pending: { answer?: (response: Response) => void } = {};
    const profileCall = new Promise<Response>((resolve) => (pending.answer = resolve));
    vi.stubGlobal(
      "fetch",
      vi.fn(async (input: RequestInfo | URL) =>
        String(input instanceof Request ? input.url : input).endsWith("/api/users/profile")
          ? profileCall
          : new Response(null, { status: 404 }),
      ),
    );
    authActor.send({ type: "auth.social", accessToken: "access", refreshToken: "refresh", isNew: false });
    renderWithApp(<Header />);
    expect(screen.getByTestId("session-pending")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Log in" })).toBeNull();
    await act(async () => pending.answer?.(json(200, { result: profileFixture })));
    expect(await screen.findByRole("button", { name: "Account menu for Marco Rossi" })).toBeTruthy();
    expect(screen.queryByTestId("session-pending")).toBeNull();
  });
});

describe("signed-in header: earned points, favorites, bell, avatar menu", () => {
  it("shows the profile's stat points, the favorites heart, the notifications bell and the account menu instead of Log in", async () => {
    await signInForTest();
    renderWithApp(<Header />);
    expect(screen.queryByRole("button", { name: "Log in" })).toBeNull();
    expect(screen.getAllByText("Earned points")[0]!.parentElement?.textContent).toContain("128");
    expect(screen.getByRole("link", { name: "Favorites" }).getAttribute("href")).toBe("/favorites");
    expect(screen.getByRole("button", { name: /^Notifications/ }).getAttribute("aria-expanded")).toBe("false");
    const menuButton = screen.getByRole("button", { name: "Account menu for Marco Rossi" });
    fireEvent.click(menuButton);
    expect(menuButton.getAttribute("aria-expanded")).toBe("true");
    expect(screen.getByRole("link", { name: "Profile" }).getAttribute("href")).toBe("/profile");
  });

  it("Sign Out asks 'Are you sure you want to sign out?' with a 'Yes I'm sure' button", async () => {
    await signInForTest();
    renderWithApp(<Header />);
    fireEvent.click(screen.getByRole("button", { name: "Account menu for Marco Rossi" }));
    fireEvent.click(screen.getByRole("button", { name: "Sign Out" }));
    const top = modalActor.getSnapshot().context.stack.at(-1);
    expect(top?.kind).toBe("Confirmation");
    expect(top?.props).toMatchObject({
      text: "Are you sure you want to sign out?",
      confirmLabel: "Yes I'm sure",
      cancel: true,
    });
  });
});

describe("the burger menu closes when the window is wider than 991px", () => {
  it("opens at 800px and closes on resize to 1200px", () => {
    stubApi();
    setWidth(800);
    renderWithApp(<Header />);
    const burger = screen.getByRole("button", { name: "Open menu" });
    fireEvent.click(burger);
    expect(burger.getAttribute("aria-expanded")).toBe("true");
    expect(document.getElementById("header-drawer")).not.toBeNull();
    setWidth(1200);
    expect(document.getElementById("header-drawer")).toBeNull();
    expect(burger.getAttribute("aria-expanded")).toBe("false");
  });

  it("stays open while the window stays at 991px or less", () => {
    stubApi();
    setWidth(700);
    renderWithApp(<Header />);
    fireEvent.click(screen.getByRole("button", { name: "Open menu" }));
    setWidth(991);
    expect(document.getElementById("header-drawer")).not.toBeNull();
  });
});

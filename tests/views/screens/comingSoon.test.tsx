import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import ComingSoonScreen from "../../../src/screens/comingSoon/ComingSoonScreen";
import { renderWithApp, resetApp, signInForTest } from "../renderWithApp";
import { stubRoutes } from "./stubRoutes";

afterEach(resetApp);

describe("screens of later issues show an honest coming-soon page", () => {
  it("names the screen, says what it will offer and that it opens soon, without any data", () => {
    const calls = stubRoutes(() => undefined);
    renderWithApp(<ComingSoonScreen screen="bets" />, { path: "/bets" });
    expect(screen.getByText("Coming soon")).toBeTruthy();
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Bets");
    expect(screen.getByText(/Stake 30 to 150 diamonds/)).toBeTruthy();
    expect(screen.getByText(/opens soon/)).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it("speaks the player's language", async () => {
    stubRoutes(() => undefined);
    const { i18n } = await import("../../../src/i18n/i18n");
    await i18n.changeLanguage("es");
    try {
      renderWithApp(<ComingSoonScreen screen="leaderboards" />, { path: "/leaderboards" });
      expect(screen.getByText("Próximamente")).toBeTruthy();
      expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Clasificaciones");
    } finally {
      await i18n.changeLanguage("en");
    }
  });

  it("offers a guest the way home and a signed-in player their profile", async () => {
    stubRoutes(() => undefined);
    const guest = renderWithApp(<ComingSoonScreen screen="predictions" />, { path: "/predictions" });
    expect(screen.getByRole("link", { name: "Back to the home page" }).getAttribute("href")).toBe("/");
    guest.unmount();
    await signInForTest();
    renderWithApp(<ComingSoonScreen screen="predictions" />, { path: "/predictions" });
    expect(screen.getByRole("link", { name: "Go to my profile" }).getAttribute("href")).toBe("/profile");
  });
});

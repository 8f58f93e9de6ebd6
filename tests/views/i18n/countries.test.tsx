import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { Route } from "wouter";
import { paths } from "../../../src/config/paths";
import { i18n } from "../../../src/i18n/i18n";
import { countryName, localizeCountries } from "../../../src/i18n/countries";
import LeaderboardsScreen from "../../../src/screens/leaderboards/LeaderboardsScreen";
import { json, profileFixture } from "../fixtures";
import { renderWithApp, resetApp, signInForTest } from "../renderWithApp";
import { stubRoutes, type Call } from "../screens/stubRoutes";

afterEach(async () => {
  resetApp();
  await i18n.changeLanguage("en");
});

const english = [
  { code: "IT", name: "Italy", sign: "🇮🇹" },
  { code: "DE", name: "Germany", sign: "🇩🇪" },
  { code: "JP", name: "Japan", sign: "🇯🇵" },
];

describe("country names are in the player's language, from Intl.DisplayNames", () => {
  it("names a country in Japanese, German and Thai, and keeps the English name for an unknown code", () => {
    expect(countryName("ja", "IT")).toBe("イタリア");
    expect(countryName("de", "JP")).toBe("Japan");
    expect(countryName("de", "IT")).toBe("Italien");
    expect(countryName("th", "DE")).toBe("เยอรมนี");
    expect(countryName("ja", "QQ", "Nowhere")).toBe("Nowhere");
  });

  it("sorts a country list in the language's own order", () => {
    expect(localizeCountries("de", english).map((c) => c.name)).toEqual(["Deutschland", "Italien", "Japan"]);
  });

  it("the leaderboard shows a player's country in Japanese, not the server's English", async () => {
    await signInForTest();
    const entry = {
      rank: 1,
      user: { id: "u2", name: "Bez Fan", img: null, country: "IT" },
      points: 10,
      accurate: 1,
      races: 1,
    };
    stubRoutes((call: Call) => {
      if (call.path === "/api/system/countries") return json(200, { result: english });
      if (call.path === "/api/v2/races/dropdown") return json(200, { result: [] });
      if (call.path === "/api/leaderboards/season")
        return json(200, { result: { data: [entry], page: 1, pages: 1, count: 1, me: null } });
      return undefined;
    });
    await i18n.changeLanguage("ja");
    renderWithApp(
      <Route path={paths.leaderboards}>
        <LeaderboardsScreen />
      </Route>,
      { path: "/leaderboards" },
    );
    expect((await screen.findAllByText(/イタリア/)).length).toBeGreaterThan(0);
    expect(screen.queryByText(/Italy/)).toBeNull();
    void profileFixture;
  });
});

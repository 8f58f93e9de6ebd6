import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { Route } from "wouter";
import type { Notification } from "../../../contract/notifications";
import type { RaceOption } from "../../../contract/races";
import { circuits } from "../../../server/db/seed/circuits";
import { describeNotification } from "../../../src/app/layout/notifications/notificationText";
import { paths } from "../../../src/config/paths";
import { i18n } from "../../../src/i18n/i18n";
import englishRaceNames from "../../../src/i18n/locales/en/raceNames.json";
import { raceNameKey } from "../../../src/i18n/raceNames";
import ResultsScreen from "../../../src/screens/results/ResultsScreen";
import { json } from "../fixtures";
import { renderWithApp, resetApp, signInForTest } from "../renderWithApp";
import { stubRoutes, type Call } from "../screens/stubRoutes";

afterEach(async () => {
  resetApp();
  await i18n.changeLanguage("en");
});

const option = (id: string, round: number, name: string): RaceOption => ({
  id,
  name,
  season: 2026,
  round,
  startsAt: "2026-03-01T10:00:00.000Z",
  status: "STARTED",
  finished: true,
});
// The last one is a race an operator named themselves: no translation knows it.
const races = [
  option("R1", 1, "Thai Grand Prix"),
  option("R2", 2, "Grand Prix of the Americas"),
  option("R3", 3, "Paddock Night Cup"),
];

async function openResults(language: string) {
  await signInForTest();
  stubRoutes((call: Call) => {
    if (call.path === "/api/v2/races/dropdown") return json(200, { result: races });
    const mine = call.path.match(/^\/api\/predictions\/races\/(\w+)\/results$/);
    if (mine) return json(200, { result: { raceId: mine[1], version: 1, data: [], total: 0, settled: false } });
    const classification = call.path.match(/^\/api\/results\/races\/(\w+)$/);
    if (classification)
      return json(200, {
        result: { raceId: classification[1], classifications: [], confirmedAt: null, provisional: true },
      });
    const riders = call.path.match(/^\/api\/v2\/races\/(\w+)\/riders$/);
    if (riders) return json(200, { result: { raceId: riders[1], version: 1, riders: [] } });
    return undefined;
  });
  await i18n.changeLanguage(language);
  renderWithApp(
    <Route path={paths.results}>
      <ResultsScreen />
    </Route>,
    { path: "/results" },
  );
  const picker = (await screen.findByRole("combobox")) as HTMLSelectElement;
  return { picker, options: [...picker.options].map((o) => o.textContent ?? "") };
}

describe("a known Grand Prix is called by its name in the player's language; an operator's own race stays as typed", () => {
  it("the results' race picker names the Grand Prix in Japanese", async () => {
    const { options } = await openResults("ja");
    expect(options[0]).toContain("タイグランプリ");
    expect(options[1]).toContain("アメリカズグランプリ");
    expect(options[2]).toContain("Paddock Night Cup");
    expect(options.join(" ")).not.toContain("Thai Grand Prix");
  });

  it("the results' race picker and the chosen race's text name the Grand Prix in German", async () => {
    const { picker, options } = await openResults("de");
    expect(options[0]).toContain("Großer Preis von Thailand");
    expect(options[1]).toContain("Großer Preis von Amerika");
    expect(options[2]).toContain("Paddock Night Cup");
    const german: Record<string, string> = {
      R1: "Großer Preis von Thailand",
      R2: "Großer Preis von Amerika",
      R3: "Paddock Night Cup",
    };
    const chosen = german[picker.value]!;
    expect(
      await screen.findByText((_, el) => el?.tagName === "P" && (el.textContent ?? "").includes(chosen)),
    ).toBeTruthy();
  });

  it("a results notice names the Grand Prix in the player's language", () => {
    const notice = {
      id: "n1",
      type: "RESULTS_PUBLISHED",
      value: { raceId: "R1", raceName: "Thai Grand Prix" },
      read: false,
      createdAt: "2026-03-01T12:00:00.000Z",
    } as unknown as Notification;
    expect(describeNotification(notice, i18n.getFixedT("ja", "notifications")).text).toContain("タイグランプリ");
    expect(describeNotification(notice, i18n.getFixedT("de", "notifications")).text).toContain(
      "Großer Preis von Thailand",
    );
  });

  // The contract's i18n test keeps every language's raceNames.json to the English keys.
  it("every Grand Prix of the demo season has a translation key", () => {
    const keys = Object.keys(englishRaceNames);
    for (const { race } of circuits) expect(keys, race).toContain(raceNameKey(race));
  });
});

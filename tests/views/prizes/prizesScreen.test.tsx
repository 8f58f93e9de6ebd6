import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { Prizes } from "../../../contract/prizes";
import PrizesScreen from "../../../src/screens/prizes/PrizesScreen";
import { json } from "../fixtures";
import { renderWithApp, resetApp, signInForTest } from "../renderWithApp";
import { stubRoutes } from "../screens/stubRoutes";

afterEach(resetApp);

const prizes: Prizes = {
  season: 2026,
  prizes: [
    { kind: "FACTORY_MOTORCYCLE", places: 1, amountsUsd: [] },
    { kind: "PADDOCK_EXPERIENCE", places: 3, amountsUsd: [] },
    { kind: "MERCH_CREDIT", places: 3, amountsUsd: [300, 200, 100] },
  ],
  myTickets: 0,
  draw: {
    season: 2026,
    status: "NOT_COMMITTED",
    commitment: null,
    committedAt: null,
    seed: null,
    drawnAt: null,
    ticketCount: 0,
    ticketsDigest: null,
    winningIndex: null,
    winner: null,
  },
  paddock: [],
};

describe("/prizes: who may win", () => {
  it("says that gurus win no prize, as the server enforces", async () => {
    await signInForTest();
    stubRoutes((c) => (c.path === "/api/prizes" ? json(200, { result: prizes }) : undefined));
    renderWithApp(<PrizesScreen />, { path: "/prizes" });
    expect((await screen.findByTestId("prizes-gurus")).textContent).toBe(
      "Gurus are the house's expert voices: they score and rank on every leaderboard but win no prize. Their weekends give no draw tickets, and a guru in a weekend's top three is skipped for its paddock experiences.",
    );
  });
});

// game-rules.md "Sessions move", the client: an operator delays FP1 while the player's Predictions screen is open.
// The live `session-moved` event moves the countdown at once and keeps FP1 open past its old start (no reload), and
// the query cache's races, weekend and bets take the new times (src/api/sessionMoves.ts).
import { QueryClient } from "@tanstack/react-query";
import { configure, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Route } from "wouter";
import type { SessionMovedPayload } from "../../../contract/live";
import { betKeys } from "../../../src/api/bets";
import { predictionKeys } from "../../../src/api/predictions";
import { serverClock } from "../../../src/api/serverClock";
import { raceKeys } from "../../../src/api/races";
import { applySessionMove } from "../../../src/api/sessionMoves";
import { describeNotification } from "../../../src/app/layout/notifications/notificationText";
import { ModalHost } from "../../../src/app/ModalHost";
import { paths } from "../../../src/config/paths";
import { weekendActor } from "../../../src/features/predictions/weekendActor";
import PredictionsScreen from "../../../src/screens/predictions/PredictionsScreen";
import { raceBetsView, betsWorld } from "../bets/betsFixtures";
import { push } from "../liveMock";
import { renderWithApp, resetApp, signInForTest } from "../renderWithApp";
import { stubRoutes } from "../screens/stubRoutes";
import { race, RACE_ID, routes, sessions, startOf, view as raceView, world } from "./predictionFixtures";

vi.mock("../../../src/api/live", () => import("../liveMock").then((m) => m.liveModule));

configure({ asyncUtilTimeout: 4000 });
vi.setConfig({ testTimeout: 60_000 });

afterEach(() => {
  resetApp();
  weekendActor.send({ type: "weekend.open", session: { userId: "", raceId: "" } });
  weekendActor.send({ type: "weekend.close" });
});

const MIN = 60_000;
/** The race's schedule after `type` moved by `ms`, as the server sends it. */
function moveOf(type: string, ms: number): SessionMovedPayload {
  return {
    raceId: RACE_ID,
    session: type,
    sessions: sessions.map((s) =>
      s.type === type
        ? {
            type: s.type,
            startsAt: new Date(Date.parse(s.startsAt) + ms).toISOString(),
            endsAt: new Date(Date.parse(s.endsAt) + ms).toISOString(),
          }
        : s,
    ),
    at: new Date().toISOString(),
  };
}

describe("an open Predictions screen follows a session move", () => {
  it("FP1 delayed by 30 minutes: the countdown moves at once, and FP1 still takes a pick after its old start", async () => {
    await signInForTest();
    // Some seconds ahead of FP1: the screen loads before it starts, even on a busy machine.
    const w = world({ now: startOf("FP1") - 15_000 });
    stubRoutes(routes(w));
    renderWithApp(
      <>
        <Route path={paths.predictions}>
          <PredictionsScreen />
        </Route>
        <ModalHost />
      </>,
      { path: "/predictions" },
    );
    await screen.findByText(/^Predictions made:/);
    expect(screen.getByText("FP1 starts in")).toBeTruthy();
    expect(screen.getByRole("timer").textContent).toMatch(/^00:00:[01]\d$/);

    push("session-moved", moveOf("FP1", 30 * MIN));
    await waitFor(() => expect(screen.getByRole("timer").textContent).toMatch(/^00:(29:5\d|30:[01]\d)$/));

    // Past the old start on the tab's server-aligned clock: FP1 is still open.
    await waitFor(() => expect(serverClock.now()).toBeGreaterThan(startOf("FP1") + 500), {
      timeout: 20_000,
      interval: 250,
    });
    const fp1 = within(screen.getByRole("listitem", { name: "Fastest in FP1" }));
    expect(fp1.queryByText("The time to make the prediction has expired")).toBeNull();
    fireEvent.click(fp1.getByRole("button", { name: "Choose rider (Fastest in FP1)" }));
    fireEvent.click(await within(await screen.findByRole("dialog")).findByRole("button", { name: /Marco Bellini/ }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    fireEvent.click(screen.getByRole("button", { name: "Save predictions" }));
    expect(await screen.findByText("Predictions saved")).toBeTruthy();
  });
});

describe("applySessionMove", () => {
  it("moves the race in the calendar's answers, the weekend's slots and the bet close, and leaves other races alone", () => {
    const client = new QueryClient();
    const other = { ...race, id: "R2" };
    client.setQueryData(raceKeys.list(1, 30), { data: [race, other], page: 1, pages: 1, count: 2 });
    client.setQueryData(raceKeys.dropdown, [
      {
        id: RACE_ID,
        name: race.name,
        season: 2026,
        round: 12,
        startsAt: race.startsAt,
        status: "PENDING",
        finished: false,
      },
    ]);
    client.setQueryData(predictionKeys.race("u1", RACE_ID), raceView(world()));
    client.setQueryData(betKeys.race("u1", RACE_ID), raceBetsView(betsWorld()));
    applySessionMove(client, moveOf("FP1", -30 * MIN));
    applySessionMove(client, moveOf("START", 60 * MIN));

    const list = client.getQueryData<{ data: (typeof race)[] }>(raceKeys.list(1, 30))!;
    expect(list.data[0]!.sessions.find((s) => s.type === "START")!.startsAt).toBe(
      new Date(startOf("START") + 60 * MIN).toISOString(),
    );
    expect(list.data[1]).toBe(other);
    const dropdown = client.getQueryData<{ startsAt: string }[]>(raceKeys.dropdown)!;
    expect(dropdown[0]!.startsAt).toBe(sessions[0]!.startsAt);
    const slots = client.getQueryData<ReturnType<typeof raceView>>(predictionKeys.race("u1", RACE_ID))!.slots;
    expect(slots.find((s) => s.category === "RACE_FIRST")!.startsAt).toBe(
      new Date(startOf("START") + 60 * MIN).toISOString(),
    );
    expect(client.getQueryData<{ closesAt: string }>(betKeys.race("u1", RACE_ID))!.closesAt).toBe(
      new Date(startOf("START") + 60 * MIN).toISOString(),
    );
    expect(client.getQueryState(predictionKeys.race("u1", RACE_ID))!.isInvalidated).toBe(true);
  });
});

describe("a SESSION_MOVED notice in the bell", () => {
  it("names the race, the session and its new start in the player's language, and leads to the predictions", async () => {
    const { i18n } = await import("../../../src/i18n/i18n");
    await i18n.loadNamespaces("notifications");
    const to = "2026-06-02T08:30:00.000Z";
    const notice = {
      id: "n1",
      type: "SESSION_MOVED",
      value: { raceId: RACE_ID, raceName: "Czech Grand Prix", name: "Q1", from: "2026-06-02T08:00:00.000Z", to },
      createdAt: to,
      isRead: false,
    };
    const when = new Intl.DateTimeFormat(i18n.language, {
      weekday: "short",
      day: "numeric",
      month: "short",
      hour: "2-digit",
      minute: "2-digit",
    }).format(new Date(to));
    expect(describeNotification(notice, i18n.getFixedT("en", "notifications"))).toEqual({
      text: `Czech Grand Prix, Qualifying 1 has moved: it now starts ${when}`,
      href: "/predictions",
    });
  });
});

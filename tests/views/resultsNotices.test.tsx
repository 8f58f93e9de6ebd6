import { QueryClient, useQuery } from "@tanstack/react-query";
import { act, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { Notification } from "../../contract/notifications";
import { riderKeys } from "../../src/api/races";
import { leaderboardKeys, refreshAfterResults } from "../../src/api/results";
import { authActor, notificationsActor, runtimeArrived } from "../../src/runtime/appActor";
import { json, profileFixture } from "./fixtures";
import { push } from "./liveMock";
import { renderWithApp, resetApp, stubApi } from "./renderWithApp";

// The socket is replaced by an in-memory one: the test plays the server's pushes.
vi.mock("../../src/api/live", () => import("./liveMock").then((m) => m.liveModule));
const pushNotifications = (list: Notification[]) => push("notifications", list);

// The app machine follows the notices once the runtime has arrived (src/app/AppRuntime.tsx); what it found before
// that still counts (tests/machines/app.machine.test.ts).
beforeAll(runtimeArrived);
afterEach(resetApp);

const note = (id: string, type = "RESULTS_PUBLISHED"): Notification => ({
  id,
  type,
  value: { raceName: "Portuguese Grand Prix", name: "SPRINT" },
  createdAt: "2026-03-14T15:00:00.000Z",
  isRead: false,
});

/** Stands for any screen reading a board: counts how often it is read. */
function BoardProbe({ reads }: { reads: () => number }) {
  const board = useQuery({ queryKey: leaderboardKeys.season("u1", undefined, 1, 20), queryFn: async () => reads() });
  return <output>{`reads:${board.data ?? 0}`}</output>;
}

/**
 * A signed-in player whose stored notifications are `server.stored` and whose profile answers `server.profile()`;
 * the app's notifications list has loaded and a board is on screen.
 */
async function setUp(stored: Notification[] = []) {
  const server = {
    stored,
    profile: (): Response => json(200, { result: profileFixture }),
  };
  stubApi((path, request) => {
    if (path === "/api/notifications" && request.method === "GET") return json(200, { result: server.stored });
    if (path === "/api/users/profile") return server.profile();
    return undefined;
  });
  authActor.send({ type: "auth.social", accessToken: "access", refreshToken: "refresh", isNew: false });
  await waitFor(() => expect(notificationsActor.getSnapshot().matches({ active: "ready" })).toBe(true));
  let reads = 0;
  renderWithApp(<BoardProbe reads={() => ++reads} />);
  await screen.findByText("reads:1");
  return server;
}

const withPoints = (points: number) =>
  json(200, { result: { ...profileFixture, stat: { ...profileFixture.stat, points } } });
const points = () => authActor.getSnapshot().context.profile?.stat.points;
const settle = () => act(() => new Promise((r) => setTimeout(r, 50)));

describe("new results refresh the boards and the header's points, on any screen", () => {
  it("a RESULTS_PUBLISHED pushed live reads the boards again and puts the profile's new points in the header", async () => {
    const server = await setUp();
    server.profile = () => withPoints(153);
    pushNotifications([note("n1")]);
    await screen.findByText("reads:2");
    await waitFor(() => expect(points()).toBe(153));
    expect(authActor.getSnapshot().matches("signedIn")).toBe(true);
  });

  it("one that came while the socket was down is caught by the reload after the reconnect", async () => {
    const server = await setUp([note("n1")]);
    server.stored = [note("n2"), note("n1")];
    server.profile = () => withPoints(140);
    act(() => notificationsActor.send({ type: "notifications.reload" }));
    await screen.findByText("reads:2");
    await waitFor(() => expect(points()).toBe(140));
  });

  it("ignores other notifications, results already listed at sign-in, and a push it has seen", async () => {
    const server = await setUp([note("n1")]);
    server.profile = () => withPoints(999);
    pushNotifications([note("n3", "LEAGUE_INVITATION"), note("n1")]);
    act(() => notificationsActor.send({ type: "notifications.reload" }));
    await settle();
    expect(screen.getByText("reads:1")).toBeTruthy();
    expect(points()).toBe(profileFixture.stat.points);
  });

  it("a failed profile read keeps the player signed in with the points they had", async () => {
    const server = await setUp();
    server.profile = () => json(500, { statusCode: 500, code: "somethingWentWrong", message: "Something went wrong." });
    pushNotifications([note("n1")]);
    await screen.findByText("reads:2");
    await settle();
    expect(authActor.getSnapshot().matches("signedIn")).toBe(true);
    expect(points()).toBe(profileFixture.stat.points);
  });
});

describe("a rider's page shows the round's result once it is entered: new results read the riders again", () => {
  it("the riders' lists, pages and performances are marked stale, so an open rider page reads round 12's result", async () => {
    const client = new QueryClient();
    client.setQueryData(riderKeys.performances("rider-1", undefined), { starts: 11 });
    client.setQueryData(riderKeys.one("rider-1"), { id: "rider-1" });
    await refreshAfterResults(client);
    expect(client.getQueryState(riderKeys.performances("rider-1", undefined))?.isInvalidated).toBe(true);
    expect(client.getQueryState(riderKeys.one("rider-1"))?.isInvalidated).toBe(true);
  });
});

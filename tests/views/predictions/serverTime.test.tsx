// Locks and countdowns follow the server's clock, not the phone's: the predictions answer carries the server's `now`
// (src/api/serverClock.ts), so a phone 10 minutes fast still sees FP1's cards open and the countdown to their lock.
import { configure, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Route } from "wouter";
import { formatZoned, deviceTimeZone } from "../../../contract/timeDisplay";
import { serverClock } from "../../../src/api/serverClock";
import { paths } from "../../../src/config/paths";
import { weekendActor } from "../../../src/features/predictions/weekendActor";
import PredictionsScreen from "../../../src/screens/predictions/PredictionsScreen";
import { renderWithApp, resetApp, signInForTest } from "../renderWithApp";
import { stubRoutes } from "../screens/stubRoutes";
import { routes, sessions, startOf, world } from "./predictionFixtures";

configure({ asyncUtilTimeout: 4000 });
vi.setConfig({ testTimeout: 30_000 });

const MIN = 60_000;

afterEach(() => {
  vi.useRealTimers();
  resetApp();
  weekendActor.send({ type: "weekend.open", session: { userId: "", raceId: "" } });
  weekendActor.send({ type: "weekend.close" });
});

describe("countdowns and locks count from the server's time", () => {
  it("a phone 10 minutes fast: FP1 is 5 minutes away by the server, so its cards are open and count down 00:05:00", async () => {
    const serverNow = startOf("FP1") - 5 * MIN;
    // Only Date is faked: the phone reads FP1 as started 5 minutes ago; timers and the app's promises run as usual.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(serverNow + 10 * MIN);
    await signInForTest();
    stubRoutes(routes(world({ now: serverNow })));
    renderWithApp(
      <Route path={paths.predictions}>
        <PredictionsScreen />
      </Route>,
      { path: "/predictions" },
    );
    await screen.findByText(/^Predictions made:/);

    // The offset was measured from the server's answer (less the moments the faked Date moves while the app loads).
    expect(Math.abs(serverClock.offset() + 10 * MIN)).toBeLessThan(5000);
    expect(screen.getByText("FP1 starts in")).toBeTruthy();
    // By the phone's own clock it would read 00:00:00 (FP1 started 5 minutes ago).
    expect(screen.getByRole("timer").textContent).toMatch(/^00:0(5:00|4:5\d)$/);

    // An FP1 card still offers its lock time, in the player's zone with the zone named, not "Session started".
    const fp1 = sessions.find((s) => s.type === "FP1")!.startsAt;
    const lock = formatZoned(fp1, "en", deviceTimeZone());
    const card = screen.getByRole("listitem", { name: "Fastest in FP1" });
    expect(within(card).queryByText("Session started")).toBeNull();
    expect(within(card).getByRole("button", { name: `${lock} (show circuit time and UTC)` })).toBeTruthy();
  });
});

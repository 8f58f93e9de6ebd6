import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { Notification } from "../../contract/notifications";
import { ModalHost } from "../../src/app/ModalHost";
import { authActor, notificationsActor, runtimeArrived } from "../../src/runtime/appActor";
import { json, profileFixture } from "./fixtures";
import { push } from "./liveMock";
import { renderWithApp, resetApp, stubApi } from "./renderWithApp";

// The socket is replaced by an in-memory one: the test plays the server's pushes.
vi.mock("../../src/api/live", () => import("./liveMock").then((m) => m.liveModule));

// The app machine opens the notices' modals once the runtime has arrived (src/app/AppRuntime.tsx).
beforeAll(runtimeArrived);
afterEach(resetApp);
// The modal waits on its lazy chunk and Radix: a busy machine needs more than the default 5 s.
vi.setConfig({ testTimeout: 20_000 });

const injury = (id: string, type: string, refunded: number): Notification => ({
  id,
  type,
  value: { riderName: "Luca Ferri", riderId: "r4", raceName: "Czech Grand Prix", refunded },
  createdAt: "2026-06-01T09:00:00.000Z",
  isRead: false,
});

describe("an injured rider: the NotificationWithImage notice on any screen", () => {
  it("kind both: the rider's picture, what was given back, and buttons to choose again", async () => {
    stubApi((path, request) =>
      path === "/api/notifications" && request.method === "GET"
        ? json(200, { result: [] })
        : path === "/api/users/profile"
          ? json(200, { result: profileFixture })
          : undefined,
    );
    authActor.send({ type: "auth.social", accessToken: "access", refreshToken: "refresh", isNew: false });
    await waitFor(() => expect(notificationsActor.getSnapshot().matches({ active: "ready" })).toBe(true));
    const { location } = renderWithApp(<ModalHost />, { path: "/leagues" });
    push("notifications", [injury("n1", "INJURED_RIDER_BOTH", 70)]);
    const modal = await screen.findByRole("dialog", { name: "Rider has been Injured" });
    expect(within(modal).getByRole("img", { name: "Luca Ferri" }).getAttribute("src")).toBe(
      "/api/pictures/riders/r4.svg",
    );
    expect(
      within(modal).getByText(/Czech Grand Prix: Luca Ferri is out. Your predictions and bets on them are void/),
    ).toBeTruthy();
    expect(within(modal).getByText(/70 diamonds given back/)).toBeTruthy();
    expect(within(modal).getByRole("button", { name: "Choose another rider" })).toBeTruthy();
    fireEvent.click(within(modal).getByRole("button", { name: "Bet on another rider" }));
    await waitFor(() => expect(location()).toBe("/bets"));
    expect(screen.queryByRole("dialog")).toBeNull();
    push("notifications", [injury("n2", "INJURED_RIDER_BETS", 30)]);
    const bets = await screen.findByRole("dialog", { name: "Rider has been Injured" });
    expect(within(bets).queryByRole("button", { name: "Choose another rider" })).toBeNull();
    await act(async () => undefined);
  });
});

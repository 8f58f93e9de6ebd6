import { screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { RecordedActor, StoredReport } from "../../../contract/diagnostics";
import { ReplayPage } from "../../../src/screens/staff/ReplayPage";
import { json } from "../fixtures";
import { renderWithApp, resetApp, signInForTest } from "../renderWithApp";
import { stubRoutes } from "../screens/stubRoutes";

afterEach(resetApp);

const actor = (id: string, machine: string, systemId?: string): RecordedActor => ({
  id,
  ...(systemId ? { systemId } : {}),
  machine,
  initial: { value: "idle", context: {} },
  steps: [],
  // Not replayed here: only the names are under test.
  complete: false,
  current: { value: "idle", context: {}, status: "active" },
});

const report: StoredReport = {
  id: "ABCD1234",
  createdAt: "2026-05-01T10:00:00.000Z",
  bundle: {
    appVersion: "1.0.0",
    route: "/shop",
    createdAt: "2026-05-01T10:00:00.000Z",
    // The app's root and the feature actors get XState's own ids; the app's children are registered by name.
    actors: [
      actor("x:0", "app"),
      actor("auth", "auth", "auth"),
      actor("x:7", "store"),
      actor("x:9", "store"),
      actor("answer-q1", "bonusAnswer"),
    ],
    apiErrors: [],
  },
};

describe("the staff replay page names each recorded actor", () => {
  it("by its system name, its given id or its machine, never XState's x:N", async () => {
    await signInForTest();
    stubRoutes((c) => (c.path === "/api/staff/reports/ABCD1234" ? json(200, { result: report }) : undefined));
    const view = renderWithApp(<ReplayPage id="ABCD1234" />, { path: "/staff/replay/ABCD1234" });
    const select = await screen.findByRole("combobox", { name: "Flow" });
    expect(
      within(select)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["app", "auth", "store", "store #2 (store)", "answer-q1 (bonusAnswer)"]);
    // The page is for a signed-in staff member: gone before the test signs out.
    view.unmount();
  });
});

// Every QA path of the analytics machine (docs/qa/analytics.md) played on a fresh app's header and privacy choice,
// against the page views the network receives.
import { configure } from "@testing-library/react";
import { vi } from "vitest";
import { analyticsDriver } from "./analytics.driver";
import { walkEveryPathInJsdom } from "./walkInJsdom";

// A signed-in player's live channel opens on an in-memory socket (no pushes are played).
vi.mock("../../../src/api/live", () => import("../liveMock").then((m) => m.liveModule));
// Each path loads the app's modules anew, as a new page does.
vi.setConfig({ testTimeout: 20_000 });
configure({ asyncUtilTimeout: 4000 });

walkEveryPathInJsdom(analyticsDriver, { stepTimeout: 6000 });

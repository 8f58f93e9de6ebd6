// Every QA path of the betPlacement machine (docs/qa/betPlacement.md) played in the BetOnRider modal of the Bets
// screen, on the flow its real owner spawns.
import { configure } from "@testing-library/react";
import { vi } from "vitest";
import { betPlacementDriver } from "./betPlacement.driver";
import { walkEveryPathInJsdom } from "./walkInJsdom";

// The socket is replaced by an in-memory one (no pushes are played: the race is read again instead).
vi.mock("../../../src/api/live", () => import("../liveMock").then((m) => m.liveModule));
// The modal waits on lazy chunks and Radix: a busy machine needs more than the default 5 s.
vi.setConfig({ testTimeout: 20_000 });
configure({ asyncUtilTimeout: 5000 });

walkEveryPathInJsdom(betPlacementDriver, { stepTimeout: 6000 });

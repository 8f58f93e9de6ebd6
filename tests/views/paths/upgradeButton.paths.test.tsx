// Every QA path of the upgradeButton machine (docs/qa/upgradeButton.md) played on the Predictions screen, on the
// buttons its real owner (the weekend) spawns.
import { configure } from "@testing-library/react";
import { vi } from "vitest";
import { upgradeButtonDriver } from "./upgradeButton.driver";
import { walkEveryPathInJsdom } from "./walkInJsdom";

// The socket is replaced by an in-memory one (no pushes are played: the balance is pushed into the cache instead).
vi.mock("../../../src/api/live", () => import("../liveMock").then((m) => m.liveModule));
// The board joins in a transition once its data is in, and the Upgrade modal goes through the modal host.
vi.setConfig({ testTimeout: 20_000 });
configure({ asyncUtilTimeout: 4000 });

walkEveryPathInJsdom(upgradeButtonDriver, { stepTimeout: 6000 });

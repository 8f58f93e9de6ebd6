// Every QA path of the predictionForm machine (docs/qa/predictionForm.md) played on the Predictions screen's cards
// and save bar, on the form the weekend spawns.
import { configure } from "@testing-library/react";
import { vi } from "vitest";
import { predictionFormDriver } from "./predictionForm.driver";
import { walkEveryPathInJsdom } from "./walkInJsdom";

// The socket is replaced by an in-memory one: race events and notices are the server's pushes.
vi.mock("../../../src/api/live", () => import("../liveMock").then((m) => m.liveModule));
// The board joins in a transition once its data is in, and the chooser goes through the modal host.
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 4000 });

walkEveryPathInJsdom(predictionFormDriver, { stepTimeout: 8000 });

// Every QA path of the predictionWeekend machine (docs/qa/predictionWeekend.md) played on the Predictions screen, on
// the app's weekend actor: opened and closed by the screen, its cards pressed, its modals answered.
import { configure } from "@testing-library/react";
import { vi } from "vitest";
import { predictionWeekendDriver } from "./predictionWeekend.driver";
import { walkEveryPathInJsdom } from "./walkInJsdom";

// The socket is replaced by an in-memory one: a race event is the server's push.
vi.mock("../../../src/api/live", () => import("../liveMock").then((m) => m.liveModule));
// The board joins in a transition once its data is in, and the modals go through the modal host.
vi.setConfig({ testTimeout: 30_000 });
configure({ asyncUtilTimeout: 4000 });

walkEveryPathInJsdom(predictionWeekendDriver, { stepTimeout: 8000 });

// Every QA path of the bonusAnswer machine (docs/qa/bonusAnswer.md) played in the ChooseAnswer modal of the Bonus
// questions screen, on the flow its real owner spawns.
import { configure } from "@testing-library/react";
import { vi } from "vitest";
import { bonusAnswerDriver } from "./bonusAnswer.driver";
import { walkEveryPathInJsdom } from "./walkInJsdom";

// The socket is replaced by an in-memory one (no pushes are played).
vi.mock("../../../src/api/live", () => import("../liveMock").then((m) => m.liveModule));
// The modal waits on lazy chunks and the modal host; a path waits for the question's deadline, two seconds away.
vi.setConfig({ testTimeout: 20_000 });
configure({ asyncUtilTimeout: 5000 });

walkEveryPathInJsdom(bonusAnswerDriver, { stepTimeout: 6000 });

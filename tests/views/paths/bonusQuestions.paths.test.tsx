// Every QA path of the bonusQuestions machine (docs/qa/bonusQuestions.md) played on the Bonus questions screen and
// the ChooseAnswer modal its real owner opens.
import { configure } from "@testing-library/react";
import { vi } from "vitest";
import { bonusQuestionsDriver } from "./bonusQuestions.driver";
import { walkEveryPathInJsdom } from "./walkInJsdom";

// The socket is replaced by an in-memory one (no pushes are played).
vi.mock("../../../src/api/live", () => import("../liveMock").then((m) => m.liveModule));
// The modal waits on lazy chunks and the modal host.
vi.setConfig({ testTimeout: 20_000 });
configure({ asyncUtilTimeout: 5000 });

walkEveryPathInJsdom(bonusQuestionsDriver, { stepTimeout: 6000 });

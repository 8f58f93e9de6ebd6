// Every QA path of the sessionMove machine (docs/qa/sessionMove.md) played in the Move panel of the race-control page,
// on the flow its real owner spawns from the timeline's "Move Race".
import { configure } from "@testing-library/react";
import { vi } from "vitest";
import { sessionMoveDriver } from "./sessionMove.driver";
import { walkEveryPathInJsdom } from "./walkInJsdom";

vi.setConfig({ testTimeout: 20_000 });
configure({ asyncUtilTimeout: 4000 });

walkEveryPathInJsdom(sessionMoveDriver, { stepTimeout: 6000 });

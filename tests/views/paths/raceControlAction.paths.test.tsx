// Every QA path of the raceControlAction machine (docs/qa/raceControlAction.md) played in the Action panel of the
// race-control page, on the flow its real owner spawns from the page's buttons.
import { configure } from "@testing-library/react";
import { vi } from "vitest";
import { raceControlActionDriver } from "./raceControlAction.driver";
import { walkEveryPathInJsdom } from "./walkInJsdom";

vi.setConfig({ testTimeout: 20_000 });
configure({ asyncUtilTimeout: 4000 });

walkEveryPathInJsdom(raceControlActionDriver, { stepTimeout: 6000 });

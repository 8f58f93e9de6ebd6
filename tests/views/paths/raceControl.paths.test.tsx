// Every QA path of the raceControl machine (docs/qa/raceControl.md) played on the staff's race-control page and its
// real owner, the weekend's timeline read through the held network.
import { configure } from "@testing-library/react";
import { vi } from "vitest";
import { raceControlDriver } from "./raceControl.driver";
import { walkEveryPathInJsdom } from "./walkInJsdom";

vi.setConfig({ testTimeout: 20_000 });
configure({ asyncUtilTimeout: 4000 });

walkEveryPathInJsdom(raceControlDriver, { stepTimeout: 6000 });

// Every QA path of the classificationEntry machine (docs/qa/classificationEntry.md) played in the Entry panel of the
// race-control page, on the flow its real owner spawns from a timeline button.
import { configure } from "@testing-library/react";
import { vi } from "vitest";
import { classificationEntryDriver } from "./classificationEntry.driver";
import { walkEveryPathInJsdom } from "./walkInJsdom";

vi.setConfig({ testTimeout: 20_000 });
configure({ asyncUtilTimeout: 4000 });

walkEveryPathInJsdom(classificationEntryDriver, { stepTimeout: 6000 });

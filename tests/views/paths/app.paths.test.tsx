// Every QA path of the app machine (docs/qa/app.md) played on a fresh app's header, runtime and modal host.
import { configure } from "@testing-library/react";
import { vi } from "vitest";
import { appDriver } from "./app.driver";
import { walkEveryPathInJsdom } from "./walkInJsdom";

// The socket is replaced by an in-memory one, the same for every fresh app, so the driver plays the server's pushes.
const live = await vi.hoisted(() => import("../liveMock"));
vi.mock("../../../src/api/live", () => live.liveModule);
// Each path loads the app's modules anew, as a new page does.
vi.setConfig({ testTimeout: 20_000 });
configure({ asyncUtilTimeout: 4000 });

walkEveryPathInJsdom(appDriver, { stepTimeout: 6000 });

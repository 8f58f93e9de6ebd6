// Every QA path of the modal machine (docs/qa/modal.md) played on the app's modal host, under the header.
import { vi } from "vitest";
import { modalDriver } from "./modal.driver";
import { walkEveryPathInJsdom } from "./walkInJsdom";

// The socket is replaced by an in-memory one: a signed-in header opens it.
vi.mock("../../../src/api/live", () => import("../liveMock").then((m) => m.liveModule));
// A modal's code is lazy-loaded on its first opening.
vi.setConfig({ testTimeout: 20_000 });

walkEveryPathInJsdom(modalDriver, { stepTimeout: 6000 });

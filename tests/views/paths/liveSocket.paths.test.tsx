// Every QA path of the liveSocket machine (docs/qa/liveSocket.md) played on the app's live channel, under the header.
import { vi } from "vitest";
import { liveSocketDriver } from "./liveSocket.driver";
import { walkEveryPathInJsdom } from "./walkInJsdom";

// The app's live module talks to an in-memory socket.io server that the driver plays.
vi.mock("socket.io-client", () => import("./shellSupport").then((m) => m.socketIoModule));
vi.setConfig({ testTimeout: 20_000 });

walkEveryPathInJsdom(liveSocketDriver, { stepTimeout: 6000 });

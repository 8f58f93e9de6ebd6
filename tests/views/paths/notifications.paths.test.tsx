// Every QA path of the notifications machine (docs/qa/notifications.md) played on the header's bell and its panel.
import { vi } from "vitest";
import { notificationsDriver } from "./notifications.driver";
import { walkEveryPathInJsdom } from "./walkInJsdom";

// The app's live module talks to an in-memory socket.io server that the driver plays.
vi.mock("socket.io-client", () => import("./shellSupport").then((m) => m.socketIoModule));
// A reconnect waits for the app's backoff (up to 1.5 s) before the list is read again.
vi.setConfig({ testTimeout: 20_000 });

walkEveryPathInJsdom(notificationsDriver, { stepTimeout: 6000 });

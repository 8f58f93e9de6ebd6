// Every QA path of the tokenRefresh machine (docs/qa/tokenRefresh.md) played on the real API client under the header
// and the Store screen.
import { vi } from "vitest";
import { tokenRefreshDriver } from "./tokenRefresh.driver";
import { walkEveryPathInJsdom } from "./walkInJsdom";

// A retried refresh waits its backoffs on the fake clock, with the screen's calls answered between them.
vi.setConfig({ testTimeout: 20_000 });

walkEveryPathInJsdom(tokenRefreshDriver, { stepTimeout: 8000 });

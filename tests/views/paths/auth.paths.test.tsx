// Every QA path of the auth machine (docs/qa/auth.md) played on the header, the account section and the auth modals of
// an app loaded afresh for each path.
import { vi } from "vitest";
import { authDriver } from "./auth.driver";
import { walkEveryPathInJsdom } from "./walkInJsdom";

// Each path loads the app's modules anew before its first screen.
vi.setConfig({ testTimeout: 30_000 });

walkEveryPathInJsdom(authDriver, { stepTimeout: 8000 });

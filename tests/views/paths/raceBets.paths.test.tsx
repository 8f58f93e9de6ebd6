// Every QA path of the raceBets machine (docs/qa/raceBets.md) played on the Bets screen and the BetOnRider modal its
// real owner opens.
import { configure } from "@testing-library/react";
import { vi } from "vitest";
import { raceBetsDriver } from "./raceBets.driver";
import { walkEveryPathInJsdom } from "./walkInJsdom";

// The socket is replaced by an in-memory one: the balance's push is played through it.
vi.mock("../../../src/api/live", () => import("../liveMock").then((m) => m.liveModule));
// The modal waits on lazy chunks and Radix; a path waits for bets to close, two seconds away.
vi.setConfig({ testTimeout: 20_000 });
configure({ asyncUtilTimeout: 5000 });

walkEveryPathInJsdom(raceBetsDriver, { stepTimeout: 6000 });

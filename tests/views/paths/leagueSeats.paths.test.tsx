// Every QA path of the leagueSeats machine (docs/qa/leagueSeats.md) played on the league page and the invite-link
// panel, through the app's owner of the league flows.
import { configure } from "@testing-library/react";
import { vi } from "vitest";
import { leagueSeatsDriver } from "./leagueSeats.driver";
import { walkEveryPathInJsdom } from "./walkInJsdom";

// The league screens wait on lazy chunks and several lists.
vi.setConfig({ testTimeout: 20_000 });
configure({ asyncUtilTimeout: 5000 });

walkEveryPathInJsdom(leagueSeatsDriver, { stepTimeout: 6000 });

// What the race-control drivers share: the weekend the staff's race-control page (src/screens/staff/RaceControlPage.tsx)
// shows, its stubbed network, and the page rendered on its route, so that leaving the route unmounts it as the
// operator leaving the page does. The weekend's verdicts (machines/raceControl.machine.ts) offer each action once:
// FP1 ended and not entered (enter, cancel), the qualifying entered (correct), the race upcoming (move, cancel),
// riders 93 and 41 racing (injure) and 36 out with nobody in their place (substitute); nothing confirmed (confirm,
// wildcard).
import { act, fireEvent, screen, within } from "@testing-library/react";
import { Route } from "wouter";
import type { RaceControl } from "../../../contract/operations";
import type { RaceOption, RiderOption } from "../../../contract/races";
import { staffPaths } from "../../../src/screens/staff/staffPaths";
import RaceControlPage from "../../../src/screens/staff/RaceControlPage";
import { renderWithApp, signInForTest } from "../renderWithApp";
import type { Call } from "../screens/stubRoutes";
import { heldApi, ok, type Answer, type HeldApi } from "./heldApi";

export const RACE = "0a000000-0000-4000-8000-000000000012";
export const OTHER_RACE = "0a000000-0000-4000-8000-000000000013";
export const CONTROL = `/api/admin/races/${RACE}/control`;
export const id = (n: number) => `0a000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
const at = (h: number) => `2026-06-26T${String(h).padStart(2, "0")}:00:00.000Z`;

const races: RaceOption[] = [
  { id: RACE, name: "Dutch TT", season: 2026, round: 12, startsAt: at(9), status: "STARTED", finished: false },
  {
    id: OTHER_RACE,
    name: "German Grand Prix",
    season: 2026,
    round: 13,
    startsAt: "2026-07-10T09:00:00.000Z",
    status: "PENDING",
    finished: false,
  },
];

const result = (key: RaceControl["sessions"][number]["results"][number]["key"], riderIds: string[] = []) => ({
  key,
  entered: riderIds.length > 0,
  canceled: false,
  corrected: false,
  riderIds,
});

export const weekend = (raceId = RACE): RaceControl => ({
  raceId,
  name: raceId === RACE ? "Dutch TT" : "German Grand Prix",
  round: raceId === RACE ? 12 : 13,
  season: 2026,
  timeZone: "Europe/Amsterdam",
  now: at(10),
  canceled: false,
  confirmedAt: null,
  confirmsAt: null,
  sessions: [
    { type: "FP1", startsAt: at(6), endsAt: at(7), state: "ENDED", results: [result("FP1")] },
    { type: "Q2", startsAt: at(8), endsAt: at(9), state: "ENDED", results: [result("Q2", [id(93), id(41)])] },
    { type: "START", startsAt: at(13), endsAt: at(14), state: "UPCOMING", results: [result("START")] },
  ],
  riders: [
    { id: id(93), number: 93, name: "Marc Marquez", role: "MAIN", out: false, replaces: null },
    { id: id(41), number: 41, name: "Aleix Espargaro", role: "MAIN", out: false, replaces: null },
    { id: id(36), number: 36, name: "Joan Mir", role: "MAIN", out: true, replaces: null },
  ],
});

/** Riders of the class on no list of the weekend: the substitute and wildcard pickers offer them. */
export const pool: RiderOption[] = [
  { id: id(32), number: 32, name: "Lorenzo Savadori", raceClass: "MOTOGP", teamName: "Aprilia", status: "ACTIVE" },
  { id: id(6), number: 6, name: "Stefan Bradl", raceClass: "MOTOGP", teamName: "HRC Test Team", status: "ACTIVE" },
];

/** The calls every race-control page makes besides its writes, answered at once unless `route` answers first. */
export function raceControlApi(route: (call: Call) => Answer = () => undefined): HeldApi {
  return heldApi((call) => {
    const routed = route(call);
    if (routed !== undefined) return routed;
    if (call.path === "/api/v2/races/dropdown") return ok(races);
    // No next race (404): the page opens on the calendar's first race, the weekend under way.
    if (call.path === "/api/riders/dropdown") return ok(pool);
    if (call.method === "GET" && call.path.endsWith("/control")) return ok(weekend(call.path.split("/")[4]));
    return undefined;
  });
}

/** Signs the operator in (the staff gate in front of the page is not what these walks play). */
export const signInOperator = () => signInForTest();

/** The race-control page on its route, at /staff/race-control. */
export function renderRaceControl() {
  return renderWithApp(
    <Route path={staffPaths.raceControl}>
      <RaceControlPage />
    </Route>,
    { path: staffPaths.raceControl },
  );
}

/** The page with the weekend's timeline shown. */
export async function raceControlShown() {
  await screen.findByRole("heading", { name: "Timeline" }, { timeout: 8000 });
}

export const panel = (testId: "entry-panel" | "move-panel" | "action-panel") => within(screen.getByTestId(testId));
export const click = (name: string | RegExp) => fireEvent.click(screen.getByRole("button", { name }));
export const clickIn = (testId: Parameters<typeof panel>[0], name: string | RegExp) =>
  fireEvent.click(panel(testId).getByRole("button", { name }));

/** The operator leaves the page (the browser back to the staff area): the page unmounts and closes the weekend. */
export const leave = (view: ReturnType<typeof renderRaceControl>) => act(() => view.memory.navigate(staffPaths.home));

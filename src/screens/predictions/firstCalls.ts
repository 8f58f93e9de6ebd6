import { API_PREFIX } from "../../../contract/calls";
import { racesCalls } from "../../../contract/calls.races";

/** The whole calendar fits one page (22 rounds; the contract allows 100). */
export const CALENDAR_PAGE = { page: 1, take: 100 } as const;

/**
 * The GET calls /predictions makes before it has any answer (the calendar, and the next race the
 * picker opens on), spelled as the API client sends them. The page the server sends for /predictions
 * preloads them beside the screen's code (scripts/build/routePreloads.ts, server/http/spa.ts), so they are
 * on the wire while the code downloads instead of after the screen has rendered.
 */
export const predictionsFirstCalls = [
  `${API_PREFIX}${racesCalls.list.path}?page=${CALENDAR_PAGE.page}&take=${CALENDAR_PAGE.take}`,
  `${API_PREFIX}${racesCalls.next.path}?take=1`,
];

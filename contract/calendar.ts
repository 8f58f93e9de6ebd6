import * as z from "zod";
import type { PredictionCategory, SessionType } from "./enums";
import { categoriesOf } from "./weekendRules/structure";
import { isOpen, type SessionWindow } from "./weekendRules/time";

// A player's private calendar feed (docs/calendar.md): every session of the season, and an alarm before each lock
// where that player's picks are still missing. The feed's address is its only secret: anyone who holds it reads it,
// so the player can replace it (the old address then answers 404).

/** The feed's address, as a calendar app subscribes to it (`webcal://`) and as a plain `https://` link. */
export const CalendarLink = z.object({
  webcal: z.string(),
  url: z.string(),
  /** When this address was made (first asked for, or the last revoke). */
  createdAt: z.iso.datetime({ offset: true }),
});
export type CalendarLink = z.infer<typeof CalendarLink>;

/**
 * The categories a session decides that the player has not picked yet, while a first save is still possible: the
 * feed rings an alarm before that session's lock only then. A session that has locked (or was canceled) asks for
 * nothing, since nothing can be picked there any more.
 */
export function missingPicks(
  now: number,
  session: SessionWindow & { type: SessionType },
  saved: ReadonlySet<PredictionCategory>,
): PredictionCategory[] {
  if (!isOpen(now, session)) return [];
  return categoriesOf([session.type]).filter((category) => !saved.has(category));
}

import type { InjuredNoticeKind } from "../../contract/enums";
import type { Notification } from "../../contract/notifications";
import type * as z from "zod";
import { modals } from "../runtime/hooks";
import { useNewNotices } from "../runtime/newNotices";

const KINDS: Record<string, z.infer<typeof InjuredNoticeKind>> = {
  INJURED_RIDER_PREDICTIONS: "predictions",
  INJURED_RIDER_BETS: "bets",
  INJURED_RIDER_BOTH: "both",
};
const INJURED = Object.keys(KINDS);

/** The NotificationWithImage modal for an injured-rider notice, on any screen. */
function showInjuryNotice(n: Notification) {
  const kind = KINDS[n.type];
  if (!kind || !n.value.riderId) return;
  modals.open("NotificationWithImage", { kind, riderId: n.value.riderId, riderName: n.value.riderName ?? "", raceName: n.value.raceName ?? "", refunded: n.value.refunded ?? 0 });
}

/** Mounted once in the app: a new injured-rider notice (predictions, bets or both) opens 'Rider has been Injured'. */
export function InjuryEffects() {
  useNewNotices(INJURED, (fresh) => {
    // The newest one (several at once: one injury per rider; each gets its own modal, newest on top).
    for (const n of fresh.toReversed()) showInjuryNotice(n);
  }, { sinceFirstLoad: true });
  return null;
}

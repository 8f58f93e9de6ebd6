import type { TFunction } from "i18next";
import type { Notification } from "../../../../contract/notifications";
import { dateFormat } from "../../../i18n/formats";
import { i18n } from "../../../i18n/i18n";
import { translateRaceName } from "../../../i18n/raceNames";
import { paths } from "../../../config/paths";

const leaguePath = (id?: string) =>
  id ? paths.leagueById.replace(":leagueId", encodeURIComponent(id)) : paths.leagues;

/** Each notification type's translated text and the place it links to. */
export function describeNotification(n: Notification, t: TFunction<"notifications">): { text: string; href: string } {
  const v = n.value;
  const league = v.league?.name ?? "";
  const user = v.user?.name ?? "";
  const race = translateRaceName(t, v.raceName ?? v.name ?? "");
  const rider = v.riderName ?? "";
  switch (n.type) {
    case "LEAGUE_INVITATION":
      return {
        text: user ? t("types.leagueInvitationFrom", { user, league }) : t("types.leagueInvitation", { league }),
        href: leaguePath(v.league?.id),
      };
    case "MEMBER_STATUS_CHANGED": {
      const status = v.status ? t(`statuses.${v.status}`, { defaultValue: v.status }) : "";
      return { text: t("types.memberStatusChanged", { league, status }), href: leaguePath(v.league?.id) };
    }
    case "MEMBER_DELETED":
      return { text: t("types.memberDeleted", { league }), href: paths.leagues };
    case "MEMBERSHIP_REQUESTED":
      return { text: t("types.membershipRequested", { user, league }), href: paths.manageLeague };
    case "INJURED_RIDER_PREDICTIONS":
      return { text: t("types.injuredPredictions", { rider, race }), href: paths.predictions };
    case "INJURED_RIDER_BETS":
      return { text: t("types.injuredBets", { rider, race }), href: paths.bets };
    case "INJURED_RIDER_BOTH":
      return { text: t("types.injuredBoth", { rider, race }), href: paths.predictions };
    case "RACE_STARTING_SOON":
      return { text: t("types.raceStartingSoon", { race }), href: paths.predictions };
    case "RACE_STARTED":
      return { text: t("types.raceStarted", { race }), href: paths.predictions };
    case "RACE_ENDED":
      return { text: t("types.raceEnded", { race }), href: paths.results };
    case "RACE_CANCELED":
      return { text: t("types.raceCanceled", { race }), href: paths.predictions };
    case "RESULTS_PUBLISHED": {
      // `name` is the result key here ("FP1", "SPRINT"…), not the race; notices stored before points came say only the race.
      const session = v.name ? t(`sessions.${v.name}`, { defaultValue: v.name }) : "";
      const raceName = translateRaceName(t, v.raceName ?? "");
      if (v.canceled) return { text: t("types.resultsCanceled", { race: raceName, session }), href: paths.results };
      if (v.points === undefined || !session)
        return { text: t("types.resultsPublished", { race: raceName }), href: paths.results };
      return { text: t("types.resultsOfSession", { race: raceName, session, points: v.points }), href: paths.results };
    }
    case "SESSION_MOVED": {
      // An operator moved a session (`name` its type): its new start, in the player's zone and language.
      const session = v.name ? t(`sessions.${v.name}`, { defaultValue: v.name }) : "";
      const when = v.to
        ? dateFormat(i18n.language, {
            weekday: "short",
            day: "numeric",
            month: "short",
            hour: "2-digit",
            minute: "2-digit",
          }).format(new Date(v.to))
        : "";
      return { text: t("types.sessionMoved", { race, session, when }), href: paths.predictions };
    }
    case "RESULTS_CORRECTED": {
      // A correction's changed picks (and bonus questions), before and after: the player's points from them, then and now.
      const session = v.name ? t(`sessions.${v.name}`, { defaultValue: v.name }) : "";
      const sum = (side: "before" | "after") =>
        (v.changes ?? []).reduce((total, c) => total + Math.round(c[side].points * 100), 0) / 100;
      return {
        text: t("types.resultsCorrected", {
          race: translateRaceName(t, v.raceName ?? ""),
          session,
          before: sum("before"),
          after: sum("after"),
        }),
        href: paths.results,
      };
    }
    case "BET_RESULTS":
      // A canceled race gives every stake back; otherwise how many bets won and what they paid.
      return {
        text:
          (v.refunded ?? 0) > 0 && (v.payout ?? 0) === 0
            ? t("types.betRefunds", { race, refunded: v.refunded ?? 0 })
            : t("types.betResults", { race, won: v.won ?? 0, bets: v.bets ?? 0, payout: v.payout ?? 0 }),
        href: paths.bets,
      };
    case "DIAMONDS_RECEIVED":
      return { text: t("types.diamondsReceived", { user, amount: v.amount ?? 0 }), href: paths.shop };
    case "PRIZE_WON":
      return { text: t("types.prizeWon", { race }), href: paths.prizes };
    case "USER_BALANCE_UPDATE":
      return { text: t("types.balanceUpdate", { balance: v.balance ?? "" }), href: paths.shop };
    default:
      return { text: t("types.other"), href: paths.predictions };
  }
}

/** One line of the bell: a notice, or a race weekend's session results under one heading (two or more of them). */
export type BellEntry =
  | { kind: "one"; notice: Notification }
  | { kind: "results"; key: string; raceName: string; notices: Notification[]; points: number };

/** The weekend a session's results belong to (older notices name only the race). */
const weekendOf = (n: Notification) =>
  n.type === "RESULTS_PUBLISHED" ? (n.value.raceId ?? n.value.raceName ?? null) : null;

/**
 * The bell's lines in the list's order (newest first): a weekend's RESULTS_PUBLISHED notices gathered under one
 * heading where the newest of them stands, with the points they add up to; a lone one stays a plain notice.
 */
export function bellEntries(items: readonly Notification[]): BellEntry[] {
  const groups = new Map<string, Notification[]>();
  for (const n of items) {
    const key = weekendOf(n);
    if (key !== null) groups.set(key, [...(groups.get(key) ?? []), n]);
  }
  const entries: BellEntry[] = [];
  const placed = new Set<string>();
  for (const n of items) {
    const key = weekendOf(n);
    const group = key === null ? undefined : groups.get(key);
    if (key === null || !group || group.length < 2) entries.push({ kind: "one", notice: n });
    else if (!placed.has(key)) {
      placed.add(key);
      const hundredths = group.reduce((sum, g) => sum + Math.round((g.value.points ?? 0) * 100), 0);
      entries.push({
        kind: "results",
        key,
        raceName: group[0]!.value.raceName ?? "",
        notices: group,
        points: hundredths / 100,
      });
    }
  }
  return entries;
}

import type { Query } from "@tanstack/react-query";
import { useSelector } from "@xstate/react";
import { createActor, fromCallback, fromPromise } from "xstate";
import type { League } from "../../../contract/leagues";
import {
  leagueJoinMachine,
  type ConfirmationKind,
  type InviteLink,
  type LeagueSeat,
  type SeatChange,
} from "../../../machines/leagueJoin.machine";
import { leagueSeatsMachine, type LeagueSeatsEvent } from "../../../machines/leagueSeats.machine";
import * as leaguesApi from "../../api/leagues";
import { queryClient } from "../../api/queryClient";
import { authActor } from "../../runtime/appActor";
import { modals } from "../../runtime/hooks";
import { navigateTo } from "../../runtime/navigation";
import { paths } from "../../config/paths";
import { i18n } from "../../i18n/i18n";
import { deleteInviteLink } from "./inviteCookies";
import { observeFlows } from "../../runtime/flowReporter";

// The player's league flows with the real services: the API, the modals, the invite cookies, navigation, and the
// query cache they follow. Created once, at module level; components take a league's flow from it.

export function seatOf(league: League): LeagueSeat {
  return {
    id: league.id,
    type: league.type,
    ownerId: league.owner.id,
    membersCount: league.membersCount,
    max: league.max,
    memberStatus: league.memberStatus === "LEAVED" ? null : league.memberStatus,
  };
}

const isLeague = (value: unknown): value is League =>
  typeof value === "object" &&
  value !== null &&
  "id" in value &&
  "memberStatus" in value &&
  "membersCount" in value &&
  "owner" in value &&
  "type" in value;

/** The leagues a league query holds: one league, a list, a page of them, or the pages of an infinite list. */
function leaguesIn(data: unknown): League[] {
  if (isLeague(data)) return [data];
  if (Array.isArray(data)) return data.flatMap(leaguesIn);
  if (typeof data === "object" && data !== null) {
    if ("pages" in data && Array.isArray(data.pages)) return data.pages.flatMap(leaguesIn);
    if ("data" in data && Array.isArray(data.data)) return data.data.filter(isLeague);
  }
  return [];
}

const isLeagueQuery = (query: Query) => query.queryKey[0] === leaguesApi.leagueKeys.all[0];
const me = () => authActor.getSnapshot().context.profile?.id ?? null;

/** Every fresh answer about leagues (and every change of player) reaches the flows. */
const watchLeagues = fromCallback<LeagueSeatsEvent>(({ sendBack }) => {
  const cache = queryClient.getQueryCache();
  // The player signed in when the flows start (this module loads with the league screens, after sign-in): without
  // it the first league answer counted as a change of player and stopped a flow spawned before it (an invite link
  // opened on a fresh load was used but never led to its league).
  sendBack({ type: "leagues.data", me: me(), leagues: [] });
  for (const query of cache.findAll({ queryKey: leaguesApi.leagueKeys.all }))
    sendBack({ type: "leagues.data", me: me(), leagues: leaguesIn(query.state.data).map(seatOf) });
  // Only new answers count: a refetch that brings the same data (structurally shared, the same object) is no news.
  const lastSeen = new Map<string, unknown>();
  const stopCache = cache.subscribe((event) => {
    if (event.type !== "updated" || event.action.type !== "success" || !isLeagueQuery(event.query)) return;
    const data = event.query.state.data;
    if (lastSeen.get(event.query.queryHash) === data) return;
    lastSeen.set(event.query.queryHash, data);
    sendBack({ type: "leagues.data", me: me(), leagues: leaguesIn(data).map(seatOf) });
  });
  let player = me();
  const stopAuth = authActor.subscribe(() => {
    if (me() === player) return;
    player = me();
    sendBack({ type: "leagues.data", me: player, leagues: [] });
  });
  return () => {
    stopCache();
    stopAuth.unsubscribe();
  };
});

const confirmLabels: Record<ConfirmationKind, string> = {
  leave: "leagues:confirm.leaveYes",
  ownerLeave: "leagues:confirm.ownerLeaveYes",
  remove: "leagues:confirm.removeYes",
  decline: "leagues:confirm.declineYes",
};

const leagueJoin = leagueJoinMachine.provide({
  actors: {
    join: fromPromise<SeatChange, { leagueId: string }>(({ input }) => leaguesApi.joinLeague(input.leagueId)),
    accept: fromPromise<SeatChange, { leagueId: string; userId: string }>(({ input }) =>
      leaguesApi.acceptMembership(input.leagueId, input.userId),
    ),
    removeMember: fromPromise<SeatChange, { leagueId: string; userId: string }>(({ input }) =>
      leaguesApi.removeMember(input.leagueId, input.userId),
    ),
    approve: fromPromise<SeatChange, { leagueId: string; userId: string }>(({ input }) =>
      leaguesApi.acceptMembership(input.leagueId, input.userId),
    ),
    deleteLeague: fromPromise<unknown, { leagueId: string }>(({ input }) => leaguesApi.deleteLeague(input.leagueId)),
    useLink: fromPromise<{ leagueId: string }, InviteLink>(({ input }) => leaguesApi.spendInviteLink(input)),
  },
  actions: {
    // Spec: "Joining a full league shows a confirmation modal with only OK."
    showFull: () => void modals.open("Confirmation", { text: i18n.t("errors:leagueFull") }, { showClose: false }),
    showOwnerCannotLeave: () =>
      void modals.open("Confirmation", { text: i18n.t("errors:ownerCannotLeave") }, { showClose: false }),
    askConfirmation: ({ self }, { kind, name }) =>
      void modals.open(
        "Confirmation",
        { text: i18n.t(`leagues:confirm.${kind}`, { name }), confirmLabel: i18n.t(confirmLabels[kind]), cancel: true },
        // The player must choose: an outside click would leave the flow waiting.
        {
          closeOnOutside: false,
          showClose: false,
          reply: { to: self, confirm: { type: "league.confirm" }, cancel: { type: "league.cancel" } },
        },
      ),
    showRetry: ({ self }, { message }) =>
      void modals.open(
        "Retry",
        { text: message },
        { closeOnOutside: false, reply: { to: self, retry: { type: "link.retry" } } },
      ),
    forgetInviteLink: () => deleteInviteLink(),
    announceChanged: () => void queryClient.invalidateQueries({ queryKey: leaguesApi.leagueKeys.all }),
    announceRemoved: () => {
      void queryClient.invalidateQueries({ queryKey: leaguesApi.leagueKeys.all });
      navigateTo(paths.leagues);
    },
    announceLinkUsed: (_, { leagueId }) => {
      void queryClient.invalidateQueries({ queryKey: leaguesApi.leagueKeys.all });
      navigateTo(paths.leagueById.replace(":leagueId", encodeURIComponent(leagueId)), { replace: true });
    },
  },
});

export const seatsActor = createActor(leagueSeatsMachine.provide({ actors: { leagueJoin, watchLeagues } }), {
  inspect: observeFlows,
});
seatsActor.start();

/** A league's join flow, once the app has the league's data. */
export const useLeagueFlow = (leagueId: string) => useSelector(seatsActor, (s) => s.context.seats[leagueId]);
/** The flow of the invite link being used, if any. */
export const useLinkFlow = () => useSelector(seatsActor, (s) => s.context.link);
/** Uses an invite link (its flow appears as `useLinkFlow`). */
export const startInviteLink = (link: InviteLink) =>
  seatsActor.send({ type: "leagues.link.use", data: link.data, signature: link.signature });

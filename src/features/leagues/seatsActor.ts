import { useQueryClient } from "@tanstack/react-query";
import { useActorRef, useSelector } from "@xstate/react";
import { useEffect } from "react";
import { useLocation } from "wouter";
import { fromPromise, type ActorRefFrom, type SnapshotFrom } from "xstate";
import type { League } from "../../../contract/leagues";
import {
  busyStates,
  leagueJoinMachine,
  leagueJoinStatus,
  type ConfirmationKind,
  type InviteLink,
  type LeagueSeat,
  type SeatChange,
} from "../../../machines/leagueJoin.machine";
import * as leaguesApi from "../../api/leagues";
import { leagueKeys } from "../../api/queryKeys";
import { modals, useProfile } from "../../app/hooks";
import { paths } from "../../app/paths";
import { i18n } from "../../i18n/i18n";
import { deleteInviteLink } from "./inviteCookies";

export type LeagueJoinActor = ActorRefFrom<typeof leagueJoinMachine>;
type Snapshot = SnapshotFrom<typeof leagueJoinMachine>;

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

const confirmLabels: Record<ConfirmationKind, string> = {
  leave: "leagues:confirm.leaveYes",
  ownerLeave: "leagues:confirm.ownerLeaveYes",
  remove: "leagues:confirm.removeYes",
  decline: "leagues:confirm.declineYes",
};

/** The machine with the real API, the modal stack and the invite cookies. */
export const liveLeagueJoin = leagueJoinMachine.provide({
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
    useLink: fromPromise<{ leagueId: string }, InviteLink>(({ input }) => leaguesApi.useInviteLink(input)),
  },
  actions: {
    // Spec: "Joining a full league shows a confirmation modal with only OK."
    showFull: () => void modals.open("Confirmation", { text: i18n.t("errors:leagueFull") }, { showClose: false }),
    showOwnerCannotLeave: () => void modals.open("Confirmation", { text: i18n.t("errors:ownerCannotLeave") }, { showClose: false }),
    askConfirmation: ({ self }, { kind, name }) =>
      void modals.open(
        "Confirmation",
        {
          text: i18n.t(`leagues:confirm.${kind}`, { name }),
          confirmLabel: i18n.t(confirmLabels[kind]),
          cancel: true,
          onConfirm: () => self.send({ type: "league.confirm" }),
          onCancel: () => self.send({ type: "league.cancel" }),
        },
        // The player must choose: an outside click would leave the flow waiting.
        { closeOnOutside: false, showClose: false },
      ),
    showRetry: ({ self }, { message }) =>
      void modals.open("Retry", { text: message, onRetry: () => self.send({ type: "link.retry" }) }, { closeOnOutside: false }),
    forgetInviteLink: () => deleteInviteLink(),
  },
});

const selectStatus = (s: Snapshot) => leagueJoinStatus(s.value);
const selectBusy = (s: Snapshot) => busyStates.some((state) => s.matches(state));
const selectError = (s: Snapshot) => s.context.error;
const selectTarget = (s: Snapshot) => s.context.target;

/** A league's join flow for the signed-in player, kept in step with the league's latest data. */
export function useLeagueJoin(league: League | null | undefined) {
  const me = useProfile()?.id ?? null;
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const actor = useActorRef(liveLeagueJoin, { input: { league: league ? seatOf(league) : null, me } });

  useEffect(() => {
    if (league) actor.send({ type: "league.sync", league: seatOf(league), me });
  }, [actor, league, me]);

  useEffect(() => {
    const subs = [
      actor.on("league.changed", () => void queryClient.invalidateQueries({ queryKey: leagueKeys.all })),
      actor.on("league.removed", () => {
        void queryClient.invalidateQueries({ queryKey: leagueKeys.all });
        navigate(paths.leagues);
      }),
      actor.on("league.linkUsed", ({ leagueId }) => {
        void queryClient.invalidateQueries({ queryKey: leagueKeys.all });
        navigate(paths.leagueById.replace(":leagueId", encodeURIComponent(leagueId)), { replace: true });
      }),
    ];
    return () => subs.forEach((s) => s.unsubscribe());
  }, [actor, queryClient, navigate]);

  const status = useSelector(actor, selectStatus);
  const busy = useSelector(actor, selectBusy);
  const error = useSelector(actor, selectError);
  const target = useSelector(actor, selectTarget);
  return { actor, status, busy, error, target, send: actor.send };
}

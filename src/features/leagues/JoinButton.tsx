import { useSelector } from "@xstate/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { planJoin, statusOnJoin } from "../../../contract/leagueRules";
import type { League } from "../../../contract/leagues";
import type { LeagueJoinRef } from "../../../machines/leagueSeats.machine";
import { Button } from "../../ui/Button";
import { useErrorText } from "../../ui/fieldErrors";
import { useLeagueFlow } from "./seatsActor";
import styles from "./leagues.module.css";

/** The join label by what joining does: join (PUBLIC), request (PRIVATE), follow (VIP). */
const joinLabel = { ACCEPTED: "join", PENDING: "request", FOLLOWING: "follow" } as const;

export type StatusTone = keyof typeof toneClass;

const seatFacts = (league: League) => ({
  type: league.type,
  ownerId: league.owner.id,
  membersCount: league.membersCount,
  max: league.max,
});

const toneClass = {
  joined: styles.chipJoined,
  pending: styles.chipPending,
  invited: styles.chipInvited,
  following: styles.chipFollowing,
} as const;

/** A member's or the player's place in a league (joined, requested, invited, following); without a tone, plain. */
export function StatusChip({ tone, children }: { tone?: StatusTone; children: ReactNode }) {
  return <span className={`${styles.chip} ${tone ? toneClass[tone] : ""}`}>{children}</span>;
}

/** The spec's status buttons: join (by type), requested, invited (accept / decline), following, joined. */
export function SeatActions({
  league,
  flow,
  compact = false,
}: {
  league: League;
  flow: LeagueJoinRef;
  compact?: boolean;
}) {
  const { t } = useTranslation("leagues");
  const errorText = useErrorText();
  const snapshot = useSelector(flow, (s) => s);
  const size = compact ? "sm" : "md";
  const name = league.name;
  const send = flow.send;
  let body: ReactNode;
  if (snapshot.hasTag("busy") || snapshot.hasTag("loading")) {
    body = (
      <Button size={size} loading>
        {t("seat.working")}
      </Button>
    );
  } else if (snapshot.hasTag("requested")) {
    body = (
      <>
        <StatusChip tone="pending">{t("status.requested")}</StatusChip>
        <Button
          size={size}
          variant="ghost"
          onClick={() => send({ type: "league.request.cancel" })}
          aria-label={t("seat.cancelRequestOf", { name })}
        >
          {t("seat.cancelRequest")}
        </Button>
      </>
    );
  } else if (snapshot.hasTag("invited")) {
    body = (
      <>
        <StatusChip tone="invited">{t("status.invited")}</StatusChip>
        <Button
          size={size}
          onClick={() => send({ type: "league.invite.accept" })}
          aria-label={t("seat.acceptOf", { name })}
        >
          {t("seat.accept")}
        </Button>
        <Button
          size={size}
          variant="secondary"
          onClick={() => send({ type: "league.invite.decline" })}
          aria-label={t("seat.declineOf", { name })}
        >
          {t("seat.decline")}
        </Button>
      </>
    );
  } else if (snapshot.hasTag("following")) {
    body = (
      <>
        <StatusChip tone="following">{t("status.following")}</StatusChip>
        <Button
          size={size}
          variant="ghost"
          onClick={() => send({ type: "league.unfollow" })}
          aria-label={t("seat.unfollowOf", { name })}
        >
          {t("seat.unfollow")}
        </Button>
      </>
    );
  } else if (snapshot.hasTag("member")) {
    body = (
      <>
        <StatusChip tone="joined">{t("status.joined")}</StatusChip>
        {compact ? null : (
          <Button
            size={size}
            variant="secondary"
            onClick={() => send({ type: "league.leave" })}
            aria-label={t("seat.leaveOf", { name })}
          >
            {t("seat.leave")}
          </Button>
        )}
      </>
    );
  } else if (snapshot.hasTag("removed")) {
    body = null;
  } else if (!planJoin(snapshot.context.league ?? seatFacts(league), null).ok) {
    // The rules refuse a seat in a full league: the button says so, and pressing it gives the spec's OK-only modal.
    body = (
      <Button
        size={size}
        variant="secondary"
        onClick={() => send({ type: "league.join" })}
        aria-label={t("seat.fullOf", { name })}
      >
        {t("seat.full")}
      </Button>
    );
  } else {
    const label = joinLabel[statusOnJoin[league.type]];
    body = (
      <Button size={size} onClick={() => send({ type: "league.join" })} aria-label={t(`seat.${label}Of`, { name })}>
        {t(`seat.${label}`)}
      </Button>
    );
  }
  const error = snapshot.context.error;
  return (
    <div className={styles.seat}>
      <div className={styles.seatButtons}>{body}</div>
      {error ? (
        <div className={styles.seatErrorRow}>
          <p role="alert" className={styles.seatError}>
            {errorText(error)}
          </p>
          <Button size="sm" variant="ghost" onClick={() => send({ type: "league.error.clear" })}>
            {t("common:close")}
          </Button>
        </div>
      ) : null}
    </div>
  );
}

/** A league's status buttons, on the league's own flow (shared by its list row and its page). */
export function JoinButton({ league, compact }: { league: League; compact?: boolean }) {
  const { t } = useTranslation("leagues");
  const flow = useLeagueFlow(league.id);
  if (!flow) {
    return (
      <Button size={compact ? "sm" : "md"} loading>
        {t("seat.working")}
      </Button>
    );
  }
  return <SeatActions league={league} flow={flow} compact={compact} />;
}

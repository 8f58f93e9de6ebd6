import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { League } from "../../../contract/leagues";
import { Button } from "../../ui/Button";
import { useErrorText } from "../../ui/fieldErrors";
import { useLeagueJoin, type LeagueJoinActor } from "./useLeagueJoin";
import styles from "./leagues.module.css";

type Flow = ReturnType<typeof useLeagueJoin>;

/** The spec's status buttons: join (by type), requested, invited (accept / decline), following, joined. */
export function SeatActions({ league, flow, compact = false }: { league: League; flow: Flow; compact?: boolean }) {
  const { t } = useTranslation("leagues");
  const errorText = useErrorText();
  const { status, busy, error } = flow;
  const send: LeagueJoinActor["send"] = flow.send;
  const size = compact ? "sm" : "md";
  const name = league.name;
  let body: ReactNode;
  if (busy || status === "start" || status === "unknown") {
    body = <Button size={size} loading>{t("seat.working")}</Button>;
  } else if (status === "ready.requested") {
    body = (
      <>
        <span className={`${styles.chip} ${styles.chipPending}`}>{t("status.requested")}</span>
        <Button size={size} variant="ghost" onClick={() => send({ type: "league.request.cancel" })} aria-label={t("seat.cancelRequestOf", { name })}>
          {t("seat.cancelRequest")}
        </Button>
      </>
    );
  } else if (status === "ready.invited" || status === "ready.confirmDecline") {
    body = (
      <>
        <span className={`${styles.chip} ${styles.chipInvited}`}>{t("status.invited")}</span>
        <Button size={size} onClick={() => send({ type: "league.invite.accept" })} aria-label={t("seat.acceptOf", { name })}>
          {t("seat.accept")}
        </Button>
        <Button size={size} variant="secondary" onClick={() => send({ type: "league.invite.decline" })} aria-label={t("seat.declineOf", { name })}>
          {t("seat.decline")}
        </Button>
      </>
    );
  } else if (status === "ready.following") {
    body = (
      <>
        <span className={`${styles.chip} ${styles.chipFollowing}`}>{t("status.following")}</span>
        <Button size={size} variant="ghost" onClick={() => send({ type: "league.unfollow" })} aria-label={t("seat.unfollowOf", { name })}>
          {t("seat.unfollow")}
        </Button>
      </>
    );
  } else if (status.startsWith("ready.member") || status.startsWith("ready.confirm")) {
    body = (
      <>
        <span className={`${styles.chip} ${styles.chipJoined}`}>{t("status.joined")}</span>
        {compact ? null : (
          <Button size={size} variant="secondary" onClick={() => send({ type: "league.leave" })} aria-label={t("seat.leaveOf", { name })}>
            {t("seat.leave")}
          </Button>
        )}
      </>
    );
  } else if (status === "removed") {
    body = null;
  } else {
    const label = league.type === "PUBLIC" ? "join" : league.type === "PRIVATE" ? "request" : "follow";
    body = (
      <Button size={size} onClick={() => send({ type: "league.join" })} aria-label={t(`seat.${label}Of`, { name })}>
        {t(`seat.${label}`)}
      </Button>
    );
  }
  return (
    <div className={styles.seat}>
      <div className={styles.seatButtons}>{body}</div>
      {error ? (
        <p role="alert" className={styles.seatError}>
          {errorText(error)}
        </p>
      ) : null}
    </div>
  );
}

/** A list row's own join flow (a short-lived actor per league shown). */
export function JoinButton({ league, compact }: { league: League; compact?: boolean }) {
  const flow = useLeagueJoin(league);
  return <SeatActions league={league} flow={flow} compact={compact} />;
}

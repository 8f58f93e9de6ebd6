import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import type { League } from "../../../contract/leagues";
import { type LeagueMember, useLeagueMembers } from "../../api/leagues";
import { useProfile } from "../../runtime/hooks";
import { paths, queryKeys } from "../../config/paths";
import { Avatar } from "../../ui/Avatar";
import { Button } from "../../ui/Button";
import { EmptyState } from "../../ui/EmptyState";
import { Spinner } from "../../ui/Spinner";
import { useSelector } from "@xstate/react";
import { memberActions } from "../../../contract/leagueRules";
import type { LeagueJoinRef } from "../../../machines/leagueSeats.machine";
import { StatusChip, type StatusTone } from "../../features/leagues/JoinButton";
import { seatOf, useLeagueFlow } from "../../features/leagues/seatsActor";
import styles from "./LeagueScreen.module.css";

/** Spec: "Buttons show member, following, requested, invited or joined." */
const chip: Record<LeagueMember["status"], { key: string; tone: StatusTone | undefined }> = {
  ACCEPTED: { key: "status.member", tone: "joined" },
  FOLLOWING: { key: "status.following", tone: "following" },
  PENDING: { key: "status.requested", tone: "pending" },
  INVITED: { key: "status.invited", tone: "invited" },
  LEAVED: { key: "status.left", tone: undefined },
};

function MemberRow({ member, league, flow }: { member: LeagueMember; league: League; flow: LeagueJoinRef }) {
  const { t } = useTranslation("leagues");
  const me = useProfile();
  const isMe = member.id === me?.id;
  const may = memberActions(
    seatOf(league),
    { id: me?.id ?? "", status: league.memberStatus },
    { id: member.id, status: member.status },
  );
  const status =
    isMe && member.status === "ACCEPTED" ? { key: "status.joined", tone: "joined" as const } : chip[member.status];
  const busy = useSelector(flow, (s) => s.hasTag("busy"));
  const target = useSelector(flow, (s) => s.context.target);
  const busyHere = busy && target?.userId === member.id;
  const who = { userId: member.id, name: member.name };
  return (
    <li className={styles.member}>
      <Avatar name={member.name} src={member.img} size={40} />
      <div className={styles.memberName}>
        <Link
          href={`${paths.profile}?${queryKeys.userId}=${encodeURIComponent(member.id)}`}
          className={styles.memberLink}
        >
          {member.name}
        </Link>
        {member.id === league.owner.id ? <span className={styles.ownerTag}>{t("members.owner")}</span> : null}
      </div>
      <StatusChip tone={status.tone}>{t(status.key)}</StatusChip>
      <div className={styles.memberActions}>
        {may.approve ? (
          <>
            <Button
              size="sm"
              loading={busyHere}
              disabled={busy}
              onClick={() => flow.send({ type: "member.approve", ...who })}
              aria-label={t("members.approveOf", { name: member.name })}
            >
              {t("members.approve")}
            </Button>
            <Button
              size="sm"
              variant="ghost"
              disabled={busy}
              onClick={() => flow.send({ type: "member.reject", ...who })}
              aria-label={t("members.rejectOf", { name: member.name })}
            >
              {t("members.reject")}
            </Button>
          </>
        ) : null}
        {may.remove ? (
          <Button
            size="sm"
            variant="danger"
            loading={busyHere}
            disabled={busy}
            onClick={() => flow.send({ type: "member.remove", ...who })}
            aria-label={t("members.removeOf", { name: member.name })}
          >
            {t("members.remove")}
          </Button>
        ) : null}
      </div>
    </li>
  );
}

/** GET /leagues/{id}/members, 50 at a time, with each member's status and the actions the player may take. */
export function MembersList({ league }: { league: League }) {
  const { t } = useTranslation("leagues");
  const flow = useLeagueFlow(league.id);
  const members = useLeagueMembers(league.id);
  if (members.isPending || !flow) return <Spinner label={t("loading")} />;
  if (members.isError)
    return (
      <EmptyState
        title={t("loadError")}
        action={<Button onClick={() => void members.refetch()}>{t("retry")}</Button>}
      />
    );
  const list = members.data.pages.flatMap((p) => p.data);
  if (list.length === 0) return <EmptyState title={t("errors:listEmpty")} />;
  return (
    <>
      <ul className={styles.members} aria-label={t("page.members")}>
        {list.map((member) => (
          <MemberRow key={member.id} member={member} league={league} flow={flow} />
        ))}
      </ul>
      {members.hasNextPage ? (
        <div className={styles.more}>
          <Button variant="secondary" loading={members.isFetchingNextPage} onClick={() => void members.fetchNextPage()}>
            {t("all.loadMore")}
          </Button>
        </div>
      ) : null}
    </>
  );
}

import { useInfiniteQuery } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { MEMBERS_PAGE_SIZE, type League } from "../../../contract/leagues";
import { getMembers, type LeagueMember } from "../../api/leagues";
import { leagueKeys } from "../../api/queryKeys";
import { useProfile } from "../../app/hooks";
import { paths, queryKeys } from "../../app/paths";
import { Avatar } from "../../ui/Avatar";
import { Button } from "../../ui/Button";
import { EmptyState } from "../../ui/EmptyState";
import { Spinner } from "../../ui/Spinner";
import type { useLeagueJoin } from "../leagues/useLeagueJoin";
import shared from "../leagues/leagues.module.css";
import styles from "./LeagueScreen.module.css";

type Flow = ReturnType<typeof useLeagueJoin>;

/** Spec: "Buttons show member, following, requested, invited or joined." */
const chip: Record<LeagueMember["status"], { key: string; className: string | undefined }> = {
  ACCEPTED: { key: "status.member", className: shared.chipJoined },
  FOLLOWING: { key: "status.following", className: shared.chipFollowing },
  PENDING: { key: "status.requested", className: shared.chipPending },
  INVITED: { key: "status.invited", className: shared.chipInvited },
  LEAVED: { key: "status.left", className: undefined },
};

function MemberRow({ member, league, flow }: { member: LeagueMember; league: League; flow: Flow }) {
  const { t } = useTranslation("leagues");
  const me = useProfile();
  const isMe = member.id === me?.id;
  const iAmOwner = league.owner.id === me?.id;
  const iAmMember = league.memberStatus === "ACCEPTED";
  const status = isMe && member.status === "ACCEPTED" ? { key: "status.joined", className: shared.chipJoined } : chip[member.status];
  const busyHere = flow.busy && flow.target?.userId === member.id;
  const who = { userId: member.id, name: member.name };
  return (
    <li className={styles.member}>
      <Avatar name={member.name} src={member.img} size={40} />
      <div className={styles.memberName}>
        <Link href={`${paths.profile}?${queryKeys.userId}=${encodeURIComponent(member.id)}`} className={styles.memberLink}>
          {member.name}
        </Link>
        {member.id === league.owner.id ? <span className={styles.ownerTag}>{t("members.owner")}</span> : null}
      </div>
      <span className={`${shared.chip} ${status.className ?? ""}`}>{t(status.key)}</span>
      <div className={styles.memberActions}>
        {member.status === "PENDING" && iAmMember ? (
          <>
            <Button size="sm" loading={busyHere} disabled={flow.busy} onClick={() => flow.send({ type: "member.approve", ...who })} aria-label={t("members.approveOf", { name: member.name })}>
              {t("members.approve")}
            </Button>
            <Button size="sm" variant="ghost" disabled={flow.busy} onClick={() => flow.send({ type: "member.reject", ...who })} aria-label={t("members.rejectOf", { name: member.name })}>
              {t("members.reject")}
            </Button>
          </>
        ) : null}
        {iAmOwner && !isMe && member.status !== "PENDING" ? (
          <Button size="sm" variant="danger" loading={busyHere} disabled={flow.busy} onClick={() => flow.send({ type: "member.remove", ...who })} aria-label={t("members.removeOf", { name: member.name })}>
            {t("members.remove")}
          </Button>
        ) : null}
      </div>
    </li>
  );
}

/** GET /leagues/{id}/members, 50 at a time, with each member's status and the actions the player may take. */
export function MembersList({ league, flow }: { league: League; flow: Flow }) {
  const { t } = useTranslation("leagues");
  const members = useInfiniteQuery({
    queryKey: leagueKeys.members(league.id),
    queryFn: ({ pageParam, signal }) => getMembers(league.id, { page: pageParam, take: MEMBERS_PAGE_SIZE }, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page < last.pages ? last.page + 1 : undefined),
  });
  if (members.isPending) return <Spinner label={t("loading")} />;
  if (members.isError) return <EmptyState title={t("loadError")} action={<Button onClick={() => void members.refetch()}>{t("retry")}</Button>} />;
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
        <div className={shared.more}>
          <Button variant="secondary" loading={members.isFetchingNextPage} onClick={() => void members.fetchNextPage()}>
            {t("all.loadMore")}
          </Button>
        </div>
      ) : null}
    </>
  );
}

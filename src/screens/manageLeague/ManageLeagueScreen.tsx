import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import type { League } from "../../../contract/leagues";
import { useManagedLeagues } from "../../api/leagues";
import { modals, useProfile } from "../../runtime/hooks";
import { paths } from "../../config/paths";
import { Button, buttonClass } from "../../ui/Button";
import { EmptyState } from "../../ui/EmptyState";
import { Spinner } from "../../ui/Spinner";
import { JoinButton } from "../../features/leagues/JoinButton";
import { LeagueImage, leaguePath, TypeBadge } from "../../features/leagues/LeagueCard";
import { LeaguesHeader } from "../../features/leagues/LeaguesTabs";
import { useLeagueLive } from "../../features/leagues/useLeagueLive";
import { LeaguesPage } from "../../features/leagues/LeaguesLayout";
import styles from "./ManageLeagueScreen.module.css";

function ManagedRow({ league }: { league: League }) {
  const { t } = useTranslation("leagues");
  const me = useProfile();
  const isOwner = league.owner.id === me?.id;
  return (
    <li className={styles.row}>
      <LeagueImage league={league} className={styles.thumb} />
      <div className={styles.info}>
        <div className={styles.top}>
          <TypeBadge type={league.type} />
          {isOwner ? <span className={styles.owner}>{t("manage.youOwn")}</span> : null}
        </div>
        <Link href={leaguePath(league.id)} className={styles.name}>
          {league.name}
        </Link>
        <span className={styles.meta}>{t("card.members", { members: league.membersCount, max: league.max })}</span>
      </div>
      <div className={styles.actions}>
        <JoinButton league={league} />
        {isOwner ? (
          <Button
            size="md"
            variant="secondary"
            onClick={() =>
              modals.open("Invite", { leagueId: league.id, leagueName: league.name }, { title: t("invite.title") })
            }
          >
            {t("page.invite")}
          </Button>
        ) : null}
      </div>
    </li>
  );
}

/** /leagues/manage: the leagues I own, belong to, follow, asked to join or am invited to, each with its actions. */
export default function ManageLeagueScreen() {
  const { t } = useTranslation("leagues");
  useLeagueLive();
  const list = useManagedLeagues();
  return (
    <LeaguesPage>
      <LeaguesHeader title={t("manage.title")} lead={t("manage.lead")} />
      {list.isPending ? <Spinner size="lg" label={t("loading")} /> : null}
      {list.isError ? (
        <EmptyState title={t("loadError")} action={<Button onClick={() => void list.refetch()}>{t("retry")}</Button>} />
      ) : null}
      {list.data && list.data.length === 0 ? (
        <EmptyState
          title={t("manage.empty")}
          text={t("manage.emptyText")}
          action={
            <Link href={paths.allLeagues} className={buttonClass({ variant: "secondary" })}>
              {t("join.seeAll")}
            </Link>
          }
        />
      ) : null}
      {list.data && list.data.length > 0 ? (
        <ul className={styles.list}>
          {list.data.map((league) => (
            <ManagedRow key={league.id} league={league} />
          ))}
        </ul>
      ) : null}
    </LeaguesPage>
  );
}

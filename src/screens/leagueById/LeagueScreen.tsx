import dayjs from "dayjs";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useParams } from "wouter";
import { isFull, planOwnerAction } from "../../../contract/leagueRules";
import type { League } from "../../../contract/leagues";
import { ApiError } from "../../api/client";
import { useLeague } from "../../api/leagues";
import { modals, useProfile } from "../../runtime/hooks";
import { paths, queryKeys } from "../../config/paths";
import { Button, buttonClass } from "../../ui/Button";
import { EmptyState } from "../../ui/EmptyState";
import { Spinner } from "../../ui/Spinner";
import { TabPanel, Tabs } from "../../ui/Tabs";
import { JoinButton } from "../../features/leagues/JoinButton";
import { CountryName, LeagueImage, TypeBadge } from "../../features/leagues/LeagueCard";
import { LeaguesPage } from "../../features/leagues/LeaguesLayout";
import { useLeagueLive } from "../../features/leagues/useLeagueLive";
import { LeagueLeaderboard } from "../../features/leagues/LeagueLeaderboard";
import { LeagueRewards } from "./LeagueRewards";
import { MembersList } from "./MembersList";
import styles from "./LeagueScreen.module.css";

type Tab = "members" | "leaderboard" | "rewards";

function LeagueView({ league }: { league: League }) {
  const { t } = useTranslation("leagues");
  const me = useProfile();
  const [tab, setTab] = useState<Tab>("members");
  const owner = planOwnerAction({ ownerId: league.owner.id }, me?.id ?? "").ok;
  const statistic = paths.leagueStatistic.replace(":leagueId", encodeURIComponent(league.id));
  const tabs: readonly { key: Tab; label: string }[] = [
    { key: "members", label: t("page.members") },
    { key: "leaderboard", label: t("page.leaderboard") },
    { key: "rewards", label: t("page.rewards") },
  ];

  return (
    <LeaguesPage>
      <Link href={paths.leagues} className={styles.back}>
        {t("page.back")}
      </Link>
      <section className={styles.hero} aria-labelledby="league-name">
        <LeagueImage league={league} className={styles.heroImage} />
        <div className={styles.heroBody}>
          <div className={styles.badges}>
            <TypeBadge type={league.type} />
            {isFull(league) ? <span className={styles.full}>{t("page.full")}</span> : null}
          </div>
          <h1 id="league-name" className={styles.name}>
            {league.name}
          </h1>
          {league.description ? <p className={styles.description}>{league.description}</p> : null}
          <dl className={styles.facts}>
            <div>
              <dt>{t("page.owner")}</dt>
              <dd>{league.owner.name}</dd>
            </div>
            <div>
              <dt>{t("page.membersCount")}</dt>
              <dd>{t("card.members", { members: league.membersCount, max: league.max })}</dd>
            </div>
            {league.country ? (
              <div>
                <dt>{t("page.country")}</dt>
                <dd>
                  <CountryName code={league.country} />
                </dd>
              </div>
            ) : null}
            {league.endDate ? (
              <div>
                <dt>{t("page.endDate")}</dt>
                <dd>{dayjs(league.endDate).format("D MMM YYYY")}</dd>
              </div>
            ) : null}
          </dl>
          <div className={styles.heroActions}>
            <JoinButton league={league} />
            {owner ? (
              <Link
                href={`${paths.createLeague}?${queryKeys.isEdit}=true&${queryKeys.league}=${encodeURIComponent(league.id)}`}
                className={buttonClass({ variant: "secondary" })}
              >
                {t("page.edit")}
              </Link>
            ) : null}
            {owner ? (
              <Button
                variant="secondary"
                onClick={() =>
                  modals.open("Invite", { leagueId: league.id, leagueName: league.name }, { title: t("invite.title") })
                }
              >
                {t("page.invite")}
              </Button>
            ) : null}
          </div>
        </div>
      </section>
      <div className={styles.tabsBlock}>
        <div className={styles.tabsRow}>
          <Tabs<Tab> items={tabs} value={tab} onChange={setTab} label={t("page.sections")} idPrefix="league" />
          <Link href={statistic} className={styles.statsLink}>
            {t("page.statistics")}
          </Link>
        </div>
        <TabPanel idPrefix="league" tabKey={tab} className={styles.panel}>
          {tab === "members" ? <MembersList league={league} /> : null}
          {tab === "leaderboard" ? <LeagueLeaderboard league={league} /> : null}
          {tab === "rewards" ? <LeagueRewards league={league} /> : null}
        </TabPanel>
      </div>
    </LeaguesPage>
  );
}

/** /leagues/{leagueId}: the league, the player's status buttons, members, leaderboard and rewards. */
export default function LeagueScreen() {
  const { t } = useTranslation("leagues");
  const { leagueId = "" } = useParams<{ leagueId: string }>();
  const league = useLeague(leagueId);
  useLeagueLive();

  if (league.isPending) return <Spinner size="lg" label={t("loading")} />;
  if (league.isError) {
    const missing = league.error instanceof ApiError && league.error.status === 404;
    return (
      <LeaguesPage>
        <EmptyState
          title={missing ? t("page.notFound") : t("loadError")}
          text={missing ? t("page.notFoundText") : undefined}
          action={
            missing ? (
              <Link href={paths.leagues} className={buttonClass({ variant: "secondary" })}>
                {t("page.back")}
              </Link>
            ) : (
              <Button onClick={() => void league.refetch()}>{t("retry")}</Button>
            )
          }
        />
      </LeaguesPage>
    );
  }
  return <LeagueView league={league.data} />;
}

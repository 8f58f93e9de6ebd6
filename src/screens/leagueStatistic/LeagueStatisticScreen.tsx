import { useTranslation } from "react-i18next";
import { Link, useParams } from "wouter";
import { ApiError } from "../../api/client";
import { useLeague } from "../../api/leagues";
import { paths } from "../../config/paths";
import { Button, buttonClass } from "../../ui/Button";
import { EmptyState } from "../../ui/EmptyState";
import { Spinner } from "../../ui/Spinner";
import { LeagueLeaderboard } from "../../features/leagues/LeagueLeaderboard";
import { LeaguePickSpread } from "./LeaguePickSpread";
import { leaguePath, TypeBadge } from "../../features/leagues/LeagueCard";
import { LeaguesHeading, LeaguesPage, LeaguesSection } from "../../features/leagues/LeaguesLayout";
import styles from "./LeagueStatisticScreen.module.css";

/** /leagues/statistic/{leagueId}: how the league's members score and how they picked. */
export default function LeagueStatisticScreen() {
  const { t } = useTranslation("leagues");
  const { leagueId = "" } = useParams<{ leagueId: string }>();
  const league = useLeague(leagueId);
  if (league.isPending) return <Spinner size="lg" label={t("loading")} />;
  if (league.isError) {
    // A league that does not exist (a bad or removed id) is said so, as on the league's page; retrying would not help.
    const missing = league.error instanceof ApiError && league.error.status === 404;
    return (
      <LeaguesPage>
        {missing ? (
          <EmptyState
            title={t("page.notFound")}
            text={t("page.notFoundText")}
            action={
              <Link href={paths.leagues} className={buttonClass({ variant: "secondary" })}>
                {t("page.back")}
              </Link>
            }
          />
        ) : (
          <EmptyState
            title={t("loadError")}
            action={<Button onClick={() => void league.refetch()}>{t("retry")}</Button>}
          />
        )}
      </LeaguesPage>
    );
  }
  return (
    <LeaguesPage>
      <LeaguesHeading
        title={t("stats.title", { name: league.data.name })}
        lead={t("stats.lead")}
        above={
          <>
            <Link href={leaguePath(leagueId)} className={styles.back}>
              {t("stats.back", { name: league.data.name })}
            </Link>
            <TypeBadge type={league.data.type} />
          </>
        }
      />
      <LeaguesSection id="stats-points" title={t("stats.points")}>
        <LeagueLeaderboard league={league.data} />
      </LeaguesSection>
      <LeaguesSection id="stats-spread" title={t("stats.spread")}>
        <LeaguePickSpread leagueId={leagueId} />
      </LeaguesSection>
    </LeaguesPage>
  );
}

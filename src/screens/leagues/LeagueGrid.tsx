import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { League } from "../../../contract/leagues";
import { Button } from "../../ui/Button";
import { EmptyState } from "../../ui/EmptyState";
import { Spinner } from "../../ui/Spinner";
import { LeagueCard } from "../../features/leagues/LeagueCard";
import styles from "../../features/leagues/leagues.module.css";

/** A titled grid of league cards with its loading, error and empty states. */
export function LeagueSection({
  title,
  query,
  leagues,
  empty,
  action,
  id,
}: {
  title: string;
  query: Pick<UseQueryResult, "isPending" | "isError" | "refetch">;
  leagues: readonly League[] | undefined;
  empty: ReactNode;
  action?: ReactNode;
  id: string;
}) {
  const { t } = useTranslation("leagues");
  return (
    <section className={styles.section} aria-labelledby={id}>
      <div className={styles.sectionHead}>
        <h2 id={id} className={styles.sectionTitle}>
          {title}
        </h2>
        {action}
      </div>
      {query.isPending ? <Spinner label={t("loading")} /> : null}
      {query.isError ? (
        <EmptyState
          title={t("loadError")}
          action={<Button onClick={() => void query.refetch()}>{t("retry")}</Button>}
        />
      ) : null}
      {leagues && leagues.length === 0 ? empty : null}
      {leagues && leagues.length > 0 ? (
        <ul className={styles.grid}>
          {leagues.map((league) => (
            <LeagueCard key={league.id} league={league} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}

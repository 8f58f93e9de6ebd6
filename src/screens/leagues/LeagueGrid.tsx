import type { UseQueryResult } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { League } from "../../../contract/leagues";
import { Button } from "../../ui/Button";
import { EmptyState } from "../../ui/EmptyState";
import { Spinner } from "../../ui/Spinner";
import { LeagueCards } from "../../features/leagues/LeagueCard";
import { LeaguesSection } from "../../features/leagues/LeaguesLayout";

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
    <LeaguesSection id={id} title={title} action={action}>
      {query.isPending ? <Spinner label={t("loading")} /> : null}
      {query.isError ? (
        <EmptyState
          title={t("loadError")}
          action={<Button onClick={() => void query.refetch()}>{t("retry")}</Button>}
        />
      ) : null}
      {leagues && leagues.length === 0 ? empty : null}
      {leagues && leagues.length > 0 ? <LeagueCards leagues={leagues} /> : null}
    </LeaguesSection>
  );
}

import type { UseQueryResult } from "@tanstack/react-query";
import { useTranslation } from "react-i18next";
import type { Leaderboard } from "../../../contract/results";
import { modals, useIsSignedIn } from "../../runtime/hooks";
import { Button } from "../../ui/Button";
import { EmptyState } from "../../ui/EmptyState";
import { Spinner } from "../../ui/Spinner";
import { ProvisionalBadge } from "../../ui/ProvisionalBadge";
import { BoardTable } from "./BoardTable";
import { Pager } from "./Pager";
import styles from "./leaderboards.module.css";

export type BoardViewProps = {
  query: UseQueryResult<Leaderboard>;
  onPage(page: number): void;
  /** The table's accessible name. */
  caption: string;
  /** The empty board's explanation. */
  empty: string;
  showRaces: boolean;
};

/** A board's loading, error and empty states, its table, pages, and where the caller stands. */
export function BoardView({ query, onPage, caption, empty, showRaces }: BoardViewProps) {
  const { t } = useTranslation("leaderboards");
  const signedIn = useIsSignedIn();
  if (query.isPending) return <Spinner size="lg" label={t("loading")} />;
  if (query.isError)
    return (
      <EmptyState
        title={t("loadError")}
        action={<Button onClick={() => void query.refetch()}>{t("errors:tryAgain")}</Button>}
      />
    );
  const board = query.data;
  if (board.count === 0) return <EmptyState title={t("errors:listEmpty")} text={empty} />;
  return (
    <div className={styles.board} aria-busy={query.isFetching || undefined}>
      {board.provisional ? <ProvisionalBadge label={t("provisional.badge")} hint={t("provisional.hint")} /> : null}
      <BoardTable board={board} caption={caption} showRaces={showRaces} />
      <Pager page={board.page} pages={board.pages} onPage={onPage} busy={query.isPlaceholderData} />
      {!signedIn ? (
        <p className={styles.note}>
          {t("me.signIn")}{" "}
          <Button size="sm" variant="secondary" onClick={() => modals.open("SignIn")}>
            {t("common:logIn")}
          </Button>
        </p>
      ) : board.me === null ? (
        <p className={styles.note}>{t("me.notRanked")}</p>
      ) : null}
    </div>
  );
}

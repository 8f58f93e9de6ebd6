import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "wouter";
import { useFollowList } from "../../api/users";
import { paths } from "../../config/paths";
import { Button, buttonClass } from "../../ui/Button";
import { EmptyState } from "../../ui/EmptyState";
import { Spinner } from "../../ui/Spinner";
import page from "../../ui/Page.module.css";
import { FavoriteRow } from "./FavoriteRow";
import styles from "./FavoritesScreen.module.css";

/** The players and Gurus I follow: GET /users?type=follow, paged, with unfollow. */
export default function FavoritesScreen() {
  const { t } = useTranslation("pages");
  const [pageNumber, setPageNumber] = useState(1);
  const list = useFollowList(pageNumber);
  const data = list.data;
  // Unfollowing the last player of a later page leaves it empty: step back to a page that has players.
  if (data && data.data.length === 0 && pageNumber > 1 && !list.isFetching) setPageNumber(Math.max(1, data.pages));

  return (
    <div className={page.page}>
      <h1 className={page.title}>{t("favorites.title")}</h1>
      <p className={page.lead}>{t("favorites.lead")}</p>
      <div className={styles.body}>
        {list.isPending ? <Spinner size="lg" label={t("favorites.loading")} /> : null}
        {list.isError ? (
          <EmptyState
            title={t("favorites.error")}
            action={<Button onClick={() => void list.refetch()}>{t("favorites.retry")}</Button>}
          />
        ) : null}
        {data && data.data.length === 0 ? (
          <EmptyState
            title={t("errors:listEmpty")}
            action={
              <Link href={paths.leaderboards} className={buttonClass({ variant: "secondary" })}>
                {t("favorites.findPlayers")}
              </Link>
            }
          />
        ) : null}
        {data && data.data.length > 0 ? (
          <>
            <ul className={styles.list} aria-busy={list.isFetching || undefined}>
              {data.data.map((player) => (
                <FavoriteRow key={player.id} player={player} />
              ))}
            </ul>
            {data.pages > 1 ? (
              <nav className={styles.pager} aria-label={t("favorites.pageOf", { page: data.page, pages: data.pages })}>
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={pageNumber <= 1}
                  onClick={() => setPageNumber(pageNumber - 1)}
                >
                  {t("favorites.previous")}
                </Button>
                <span className={styles.pageOf}>{t("favorites.pageOf", { page: data.page, pages: data.pages })}</span>
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={pageNumber >= data.pages}
                  onClick={() => setPageNumber(pageNumber + 1)}
                >
                  {t("favorites.next")}
                </Button>
              </nav>
            ) : null}
          </>
        ) : null}
      </div>
    </div>
  );
}

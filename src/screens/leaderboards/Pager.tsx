import { useTranslation } from "react-i18next";
import { Button } from "../../ui/Button";
import styles from "./leaderboards.module.css";

/** Previous / next and "page x of y"; hidden when the board fits one page. */
export function Pager({
  page,
  pages,
  onPage,
  busy,
}: {
  page: number;
  pages: number;
  onPage(page: number): void;
  busy: boolean;
}) {
  const { t } = useTranslation("leaderboards");
  if (pages <= 1) return null;
  return (
    <nav className={styles.pager} aria-label={t("pager.label")}>
      <Button variant="secondary" size="sm" disabled={page <= 1 || busy} onClick={() => onPage(page - 1)}>
        {t("pager.previous")}
      </Button>
      <span className={styles.pageOf} aria-live="polite">
        {t("pager.pageOf", { page, pages })}
      </span>
      <Button variant="secondary" size="sm" disabled={page >= pages || busy} onClick={() => onPage(page + 1)}>
        {t("pager.next")}
      </Button>
    </nav>
  );
}

import { useTranslation } from "react-i18next";
import { pageViewsCsv } from "../../../contract/analytics";
import { usePageViews } from "../../api/staff";
import { useProfile } from "../../app/hooks";
import { Button } from "../../ui/Button";
import { EmptyState } from "../../ui/EmptyState";
import page from "../../ui/Page.module.css";
import { Spinner } from "../../ui/Spinner";
import { DateRangeFields, useDateRange } from "./DateRange";
import { download } from "./download";
import styles from "./staff.module.css";

/** /staff/pages (analysts, operators): the spec's page views per page and per day over a range, refreshing, as CSV. */
export default function PagesPage() {
  const { t, i18n } = useTranslation("staff");
  const userId = useProfile()!.id;
  const [range, setRange] = useDateRange();
  const views = usePageViews(userId, range);
  const number = new Intl.NumberFormat(i18n.language);
  const pages = views.data?.pages ?? [];
  const days = views.data?.days ?? [];
  const total = days.reduce((s, d) => s + d.views, 0);

  return (
    <div className={`${page.page} ${styles.page}`}>
      <div>
        <h1 className={page.title}>{t("pages.title")}</h1>
        <p className={page.lead}>{t("pages.lead")}</p>
      </div>
      <form className={styles.controls} onSubmit={(e) => e.preventDefault()}>
        <DateRangeFields range={range} onChange={setRange} />
      </form>
      <div className={styles.actions}>
        <Button variant="secondary" disabled={pages.length === 0} onClick={() => download(`page-views-${range.from}-${range.to}.csv`, "text/csv", pageViewsCsv(pages))}>
          {t("flows.exportCsv")}
        </Button>
      </div>

      <section aria-labelledby="pages-summary" aria-busy={views.isFetching} className={styles.section}>
        <h2 id="pages-summary" className={styles.heading}>
          {t("pages.summaryTitle")}
        </h2>
        {views.isPending ? (
          <Spinner label={t("pages.loading")} />
        ) : views.isError ? (
          <div role="alert" className={styles.error}>
            <p>{t("pages.error")}</p>
            <Button variant="secondary" onClick={() => void views.refetch()}>
              {t("retry")}
            </Button>
          </div>
        ) : (
          <p data-testid="pages-total">{t("pages.total", { total: number.format(total) })}</p>
        )}
      </section>

      {!views.isPending && !views.isError && pages.length === 0 ? <EmptyState title={t("pages.emptyTitle")} text={t("pages.emptyText")} /> : null}

      {pages.length > 0 ? (
        <>
          <section aria-labelledby="pages-by-page" className={styles.section}>
            <h2 id="pages-by-page" className={styles.heading}>
              {t("pages.byPageTitle")}
            </h2>
            <div className={styles.tableScroll} tabIndex={0} role="region" aria-labelledby="pages-by-page">
              <table className={styles.table} data-testid="pages-by-page">
                <thead>
                  <tr>
                    <th scope="col">{t("pages.columns.page")}</th>
                    <th scope="col">{t("pages.columns.views")}</th>
                    <th scope="col">{t("pages.columns.players")}</th>
                    <th scope="col">{t("pages.columns.guestViews")}</th>
                  </tr>
                </thead>
                <tbody>
                  {pages.map((p) => (
                    <tr key={p.page}>
                      <td>{p.page}</td>
                      <td>{number.format(p.views)}</td>
                      <td>{number.format(p.players)}</td>
                      <td>{number.format(p.guestViews)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>

          <section aria-labelledby="pages-by-day" className={styles.section}>
            <h2 id="pages-by-day" className={styles.heading}>
              {t("pages.byDayTitle")}
            </h2>
            <div className={styles.tableScroll} tabIndex={0} role="region" aria-labelledby="pages-by-day">
              <table className={styles.table}>
                <thead>
                  <tr>
                    <th scope="col">{t("pages.columns.day")}</th>
                    <th scope="col">{t("pages.columns.views")}</th>
                  </tr>
                </thead>
                <tbody>
                  {days.map((d) => (
                    <tr key={d.day}>
                      <td>{new Date(`${d.day}T00:00:00Z`).toLocaleDateString(i18n.language, { timeZone: "UTC", dateStyle: "medium" })}</td>
                      <td>{number.format(d.views)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>
        </>
      ) : null}
    </div>
  );
}

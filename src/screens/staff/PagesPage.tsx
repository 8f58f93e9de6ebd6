import { useTranslation } from "react-i18next";
import { pageViewsCsv } from "../../../contract/analytics";
import { usePageViews } from "../../api/staff";
import { useProfile } from "../../runtime/hooks";
import { Button } from "../../ui/Button";
import { EmptyState } from "../../ui/EmptyState";
import page from "../../ui/Page.module.css";
import { DateRangeFields, useDateRange } from "./DateRange";
import { download } from "./download";
import { QuerySummary } from "./QuerySummary";
import { StaffTable } from "./StaffTable";
import styles from "./staff.module.css";
import { dateFormat, numberFormat } from "../../i18n/formats";

/** /staff/pages (analysts, operators): the spec's page views per page and per day over a range, refreshing, as CSV. */
export default function PagesPage() {
  const { t, i18n } = useTranslation("staff");
  const userId = useProfile()!.id;
  const [range, setRange] = useDateRange();
  const views = usePageViews(userId, range);
  const number = numberFormat(i18n.language);
  const dayFormat = dateFormat(i18n.language, { timeZone: "UTC", dateStyle: "medium" });
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
        <Button
          variant="secondary"
          disabled={pages.length === 0}
          onClick={() => download(`page-views-${range.from}-${range.to}.csv`, "text/csv", pageViewsCsv(pages))}
        >
          {t("flows.exportCsv")}
        </Button>
      </div>

      <QuerySummary
        id="pages-summary"
        title={t("pages.summaryTitle")}
        query={views}
        loading={t("pages.loading")}
        error={t("pages.error")}
      >
        <p data-testid="pages-total">{t("pages.total", { total: number.format(total) })}</p>
      </QuerySummary>

      {!views.isPending && !views.isError && pages.length === 0 ? (
        <EmptyState title={t("pages.emptyTitle")} text={t("pages.emptyText")} />
      ) : null}

      {pages.length > 0 ? (
        <>
          <StaffTable
            id="pages-by-page"
            testId="pages-by-page"
            title={t("pages.byPageTitle")}
            columns={[
              t("pages.columns.page"),
              t("pages.columns.views"),
              t("pages.columns.players"),
              t("pages.columns.guestViews"),
            ]}
            rows={pages.map((p) => ({
              key: p.page,
              cells: [p.page, number.format(p.views), number.format(p.players), number.format(p.guestViews)],
            }))}
          />
          <StaffTable
            id="pages-by-day"
            title={t("pages.byDayTitle")}
            columns={[t("pages.columns.day"), t("pages.columns.views")]}
            rows={days.map((d) => ({
              key: d.day,
              cells: [dayFormat.format(new Date(`${d.day}T00:00:00Z`)), number.format(d.views)],
            }))}
          />
        </>
      ) : null}
    </div>
  );
}

import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import type { AuditEntry } from "../../../contract/audit";
import { auditChanges } from "../../../contract/auditRules";
import { useAudit } from "../../api/audit";
import { useRacesDropdown } from "../../api/races";
import { useProfile } from "../../runtime/hooks";
import { dateFormat, numberFormat } from "../../i18n/formats";
import { useRaceName } from "../../i18n/raceNames";
import { Button } from "../../ui/Button";
import { EmptyState } from "../../ui/EmptyState";
import page from "../../ui/Page.module.css";
import { QuerySummary } from "./QuerySummary";
import styles from "./staff.module.css";

const TIME: Intl.DateTimeFormatOptions = {
  year: "numeric",
  month: "short",
  day: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  timeZoneName: "short",
};

/** One line's "before → after", a change per line (the values are the operator's data, shown as stored). */
function Changes({ entry }: { entry: AuditEntry }) {
  const { t } = useTranslation("staff");
  const changes = auditChanges(entry.before, entry.after);
  return (
    <ul className={styles.changes}>
      {changes.map((c, i) => (
        <li key={c.key ?? i}>
          {c.key === null
            ? t("audit.change", { before: c.before, after: c.after })
            : t("audit.keyChange", { key: c.key, before: c.before, after: c.after })}
        </li>
      ))}
    </ul>
  );
}

/** /staff/audit (operators): every operator action on the record, newest first, a race at a time if wanted. */
export default function AuditPage() {
  const { t, i18n } = useTranslation("staff");
  const userId = useProfile()!.id;
  const raceName = useRaceName();
  const [raceId, setRaceId] = useState("");
  const [pageNumber, setPage] = useState(1);
  const races = useRacesDropdown();
  const audit = useAudit(userId, { raceId: raceId || undefined, page: pageNumber });
  const time = dateFormat(i18n.language, TIME);
  const number = numberFormat(i18n.language);
  const captionId = useId();
  const result = audit.data;
  const entries = (result?.data ?? []) as AuditEntry[];
  const pages = Math.max(result?.pages ?? 1, 1);
  const raceOf = new Map((races.data ?? []).map((r) => [r.id, r]));
  const raceText = (id: string | null) => {
    if (!id) return null;
    const race = raceOf.get(id);
    return race ? t("audit.raceOption", { round: race.round, name: raceName(race.name) }) : null;
  };

  return (
    <div className={`${page.page} ${styles.page}`}>
      <div>
        <h1 className={page.title}>{t("audit.title")}</h1>
        <p className={page.lead}>{t("audit.lead")}</p>
      </div>
      <form className={styles.controls} onSubmit={(e) => e.preventDefault()}>
        <label className={styles.field}>
          <span>{t("audit.race")}</span>
          <select
            value={raceId}
            onChange={(e) => {
              setRaceId(e.target.value);
              setPage(1);
            }}
          >
            <option value="">{t("audit.allRaces")}</option>
            {(races.data ?? []).map((r) => (
              <option key={r.id} value={r.id}>
                {t("audit.raceOption", { round: r.round, name: raceName(r.name) })}
              </option>
            ))}
          </select>
        </label>
      </form>

      <QuerySummary
        id="audit-summary"
        title={t("audit.summaryTitle")}
        query={audit}
        loading={t("audit.loading")}
        error={t("audit.error")}
      >
        <p data-testid="audit-total">
          {t("audit.total", { count: result?.count ?? 0, total: number.format(result?.count ?? 0) })}
        </p>
      </QuerySummary>

      {result && !audit.isError && entries.length === 0 ? (
        <EmptyState title={t("audit.emptyTitle")} text={t(raceId ? "audit.emptyRaceText" : "audit.emptyText")} />
      ) : null}

      {entries.length > 0 && !audit.isError ? (
        <div className={styles.section}>
          <div className={styles.tableScroll} tabIndex={0} role="region" aria-labelledby={captionId}>
            <table className={`${styles.table} ${styles.auditTable}`} data-testid="audit-table">
              <caption id={captionId} className={styles.caption}>
                {t("audit.caption", { page: number.format(pageNumber), pages: number.format(pages) })}
              </caption>
              <thead>
                <tr>
                  <th scope="col">{t("audit.columns.at")}</th>
                  <th scope="col">{t("audit.columns.who")}</th>
                  <th scope="col">{t("audit.columns.channel")}</th>
                  <th scope="col">{t("audit.columns.action")}</th>
                  <th scope="col">{t("audit.columns.target")}</th>
                  <th scope="col">{t("audit.columns.change")}</th>
                </tr>
              </thead>
              <tbody>
                {entries.map((e) => (
                  <tr key={e.id}>
                    <td>
                      <time dateTime={e.at}>{time.format(new Date(e.at))}</time>
                    </td>
                    <td>{e.actor.name ?? (e.actor.userId ? t("audit.formerAccount") : t("audit.adminToken"))}</td>
                    <td>{t(`audit.channels.${e.channel}`)}</td>
                    <th scope="row">{t(`audit.actions.${e.action}`)}</th>
                    <td className={styles.wrap}>
                      {e.target}
                      {raceText(e.raceId) ? <span className={styles.muted}>{raceText(e.raceId)}</span> : null}
                    </td>
                    <td className={styles.wrap}>
                      <Changes entry={e} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <nav className={styles.pager} aria-label={t("audit.pagesLabel")}>
            <Button
              variant="secondary"
              disabled={pageNumber <= 1 || audit.isFetching}
              onClick={() => setPage((p) => Math.max(1, p - 1))}
            >
              {t("audit.previous")}
            </Button>
            <span aria-live="polite">
              {t("audit.page", { page: number.format(pageNumber), pages: number.format(pages) })}
            </span>
            <Button
              variant="secondary"
              disabled={pageNumber >= pages || audit.isFetching}
              onClick={() => setPage((p) => Math.min(pages, p + 1))}
            >
              {t("audit.next")}
            </Button>
          </nav>
        </div>
      ) : null}
    </div>
  );
}

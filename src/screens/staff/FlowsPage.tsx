import { useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { countsCsv, funnel, shares, stateFlows, type FlowCount } from "../../../contract/analytics";
import { useFlowCounts } from "../../api/staff";
import { useProfile } from "../../app/hooks";
import { Button } from "../../ui/Button";
import { EmptyState } from "../../ui/EmptyState";
import page from "../../ui/Page.module.css";
import { Spinner } from "../../ui/Spinner";
import { layoutChart } from "./chartLayout";
import { DateRangeFields, useDateRange } from "./DateRange";
import { download } from "./download";
import { FlowChart } from "./FlowChart";
import { staffMachines } from "./machineRegistry";
import styles from "./staff.module.css";

const total = (rows: readonly FlowCount[]) => rows.reduce((s, c) => s + c.count, 0);
const NO_COUNTS: readonly FlowCount[] = [];

/** /staff/flows (analysts, operators): every machine's chart with live counts, drop-off, a funnel, CSV and SVG export. */
export default function FlowsPage() {
  const { t, i18n } = useTranslation("staff");
  const userId = useProfile()!.id;
  const [range, setRange] = useDateRange();
  const names = [...staffMachines.keys()];
  const [machine, setMachine] = useState(names[0] ?? "");
  const [funnelText, setFunnelText] = useState("");
  const counts = useFlowCounts(userId, range);
  const chartRef = useRef<SVGSVGElement>(null);
  const number = new Intl.NumberFormat(i18n.language);
  const percent = new Intl.NumberFormat(i18n.language, { style: "percent", maximumFractionDigits: 1 });

  const all = counts.data?.transitions ?? NO_COUNTS;
  const mine = useMemo(() => all.filter((c) => c.machine === machine), [all, machine]);
  const share = useMemo(() => shares(mine), [mine]);
  const flows = useMemo(() => stateFlows(mine), [mine]);
  const definition = staffMachines.get(machine);
  const layout = useMemo(() => (definition ? layoutChart(definition, mine) : null), [definition, mine]);
  const funnelEvents = funnelText
    .split(/[,→>]/)
    .map((s) => s.trim())
    .filter(Boolean);
  const steps = funnelEvents.length ? funnel(mine, machine, funnelEvents) : [];

  return (
    <div className={`${page.page} ${styles.page}`}>
      <div>
        <h1 className={page.title}>{t("flows.title")}</h1>
        <p className={page.lead}>{t("flows.lead")}</p>
      </div>
      <form className={styles.controls} onSubmit={(e) => e.preventDefault()}>
        <DateRangeFields range={range} onChange={setRange} />
        <label className={styles.field}>
          <span>{t("flows.machine")}</span>
          <select value={machine} onChange={(e) => setMachine(e.target.value)}>
            {names.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </label>
      </form>

      <div className={styles.actions}>
        <Button variant="secondary" disabled={all.length === 0} onClick={() => download(`flows-${range.from}-${range.to}.csv`, "text/csv", countsCsv(all))}>
          {t("flows.exportCsv")}
        </Button>
        <Button
          variant="secondary"
          disabled={!layout}
          onClick={() => chartRef.current && download(`${machine}.svg`, "image/svg+xml", new XMLSerializer().serializeToString(chartRef.current))}
        >
          {t("flows.exportSvg")}
        </Button>
      </div>

      <section aria-labelledby="flows-summary" aria-busy={counts.isFetching} className={styles.section}>
        <h2 id="flows-summary" className={styles.heading}>
          {t("flows.summaryTitle", { machine })}
        </h2>
        {counts.isPending ? (
          <Spinner label={t("flows.loading")} />
        ) : counts.isError ? (
          <div role="alert" className={styles.error}>
            <p>{t("flows.error")}</p>
            <Button variant="secondary" onClick={() => void counts.refetch()}>
              {t("retry")}
            </Button>
          </div>
        ) : (
          <p data-testid="flows-total">{t("flows.total", { total: number.format(total(mine)) })}</p>
        )}
      </section>

      {layout && definition ? (
        <section aria-labelledby="flows-chart" className={styles.section}>
          <h2 id="flows-chart" className={styles.heading}>
            {t("flows.chartTitle")}
          </h2>
          <div className={styles.chartScroll} tabIndex={0} role="region" aria-label={t("flows.chartRegion", { machine })}>
            <FlowChart ref={chartRef} machine={machine} layout={layout} />
          </div>
        </section>
      ) : null}

      {!counts.isPending && !counts.isError && mine.length === 0 ? (
        <EmptyState title={t("flows.emptyTitle")} text={t("flows.emptyText")} />
      ) : null}

      {mine.length > 0 ? (
        <>
          <section aria-labelledby="flows-transitions" className={styles.section}>
            <h2 id="flows-transitions" className={styles.heading}>
              {t("flows.transitionsTitle")}
            </h2>
            <div className={styles.tableScroll} tabIndex={0} role="region" aria-labelledby="flows-transitions">
              <table className={styles.table} data-testid="flows-transitions">
                <thead>
                  <tr>
                    <th scope="col">{t("flows.columns.from")}</th>
                    <th scope="col">{t("flows.columns.event")}</th>
                    <th scope="col">{t("flows.columns.to")}</th>
                    <th scope="col">{t("flows.columns.count")}</th>
                    <th scope="col">{t("flows.columns.share")}</th>
                  </tr>
                </thead>
                <tbody>
                  {mine.map((c) => (
                    <tr key={`${c.from}|${c.event}|${c.to}`}>
                      <td>{c.from}</td>
                      <td>{c.event}</td>
                      <td>{c.to}</td>
                      <td>{number.format(c.count)}</td>
                      <td>{percent.format(share.get(c) ?? 0)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>

          <section aria-labelledby="flows-states" className={styles.section}>
            <h2 id="flows-states" className={styles.heading}>
              {t("flows.statesTitle")}
            </h2>
            <div className={styles.tableScroll} tabIndex={0} role="region" aria-labelledby="flows-states">
              <table className={styles.table}>
                <thead>
                  <tr>
                    <th scope="col">{t("flows.columns.state")}</th>
                    <th scope="col">{t("flows.columns.entered")}</th>
                    <th scope="col">{t("flows.columns.left")}</th>
                    <th scope="col">{t("flows.columns.dropOff")}</th>
                  </tr>
                </thead>
                <tbody>
                  {flows.map((f) => (
                    <tr key={f.state}>
                      <td>{f.state}</td>
                      <td>{number.format(f.entered)}</td>
                      <td>{number.format(f.left)}</td>
                      <td>{number.format(f.dropOff)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>
        </>
      ) : null}

      <section aria-labelledby="flows-funnel" className={styles.section}>
        <h2 id="flows-funnel" className={styles.heading}>
          {t("flows.funnelTitle")}
        </h2>
        <label className={styles.field}>
          <span>{t("flows.funnelEvents")}</span>
          <input type="text" value={funnelText} placeholder={t("flows.funnelPlaceholder")} onChange={(e) => setFunnelText(e.target.value)} />
        </label>
        {steps.length ? (
          <ol className={styles.funnel}>
            {steps.map((s, i) => (
              <li key={`${i}-${s.event}`}>
                {t("flows.funnelStep", { event: s.event, count: number.format(s.count), share: percent.format(s.share) })}
              </li>
            ))}
          </ol>
        ) : null}
      </section>
    </div>
  );
}

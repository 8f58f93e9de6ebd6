import { useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { countsCsv, funnel, shares, stateFlows, type FlowCount } from "../../../contract/analytics";
import { useFlowCounts } from "../../api/staff";
import { useProfile } from "../../runtime/hooks";
import { Button } from "../../ui/Button";
import { EmptyState } from "../../ui/EmptyState";
import page from "../../ui/Page.module.css";
import { layoutChart } from "./chartLayout";
import { DateRangeFields, useDateRange } from "./DateRange";
import { download } from "./download";
import { FlowChart } from "./FlowChart";
import { staffMachines } from "./machineRegistry";
import { QuerySummary } from "./QuerySummary";
import { StaffTable } from "./StaffTable";
import styles from "./staff.module.css";
import { numberFormat } from "../../i18n/formats";

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
  const number = numberFormat(i18n.language);
  const percent = numberFormat(i18n.language, { style: "percent", maximumFractionDigits: 1 });

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
        <Button
          variant="secondary"
          disabled={all.length === 0}
          onClick={() => download(`flows-${range.from}-${range.to}.csv`, "text/csv", countsCsv(all))}
        >
          {t("flows.exportCsv")}
        </Button>
        <Button
          variant="secondary"
          disabled={!layout}
          onClick={() =>
            chartRef.current &&
            download(`${machine}.svg`, "image/svg+xml", new XMLSerializer().serializeToString(chartRef.current))
          }
        >
          {t("flows.exportSvg")}
        </Button>
      </div>

      <QuerySummary
        id="flows-summary"
        title={t("flows.summaryTitle", { machine })}
        query={counts}
        loading={t("flows.loading")}
        error={t("flows.error")}
      >
        <p data-testid="flows-total">{t("flows.total", { total: number.format(total(mine)) })}</p>
      </QuerySummary>

      {layout && definition ? (
        <section aria-labelledby="flows-chart" className={styles.section}>
          <h2 id="flows-chart" className={styles.heading}>
            {t("flows.chartTitle")}
          </h2>
          <div
            className={styles.chartScroll}
            tabIndex={0}
            role="region"
            aria-label={t("flows.chartRegion", { machine })}
          >
            <FlowChart ref={chartRef} machine={machine} layout={layout} />
          </div>
        </section>
      ) : null}

      {!counts.isPending && !counts.isError && mine.length === 0 ? (
        <EmptyState title={t("flows.emptyTitle")} text={t("flows.emptyText")} />
      ) : null}

      {mine.length > 0 ? (
        <>
          <StaffTable
            id="flows-transitions"
            testId="flows-transitions"
            title={t("flows.transitionsTitle")}
            columns={[
              t("flows.columns.from"),
              t("flows.columns.event"),
              t("flows.columns.to"),
              t("flows.columns.count"),
              t("flows.columns.share"),
            ]}
            rows={mine.map((c) => ({
              key: `${c.from}|${c.event}|${c.to}`,
              cells: [c.from, c.event, c.to, number.format(c.count), percent.format(share.get(c) ?? 0)],
            }))}
          />
          <StaffTable
            id="flows-states"
            title={t("flows.statesTitle")}
            columns={[
              t("flows.columns.state"),
              t("flows.columns.entered"),
              t("flows.columns.left"),
              t("flows.columns.dropOff"),
            ]}
            rows={flows.map((f) => ({
              key: f.state,
              cells: [f.state, number.format(f.entered), number.format(f.left), number.format(f.dropOff)],
            }))}
          />
        </>
      ) : null}

      <section aria-labelledby="flows-funnel" className={styles.section}>
        <h2 id="flows-funnel" className={styles.heading}>
          {t("flows.funnelTitle")}
        </h2>
        <label className={styles.field}>
          <span>{t("flows.funnelEvents")}</span>
          <input
            type="text"
            value={funnelText}
            placeholder={t("flows.funnelPlaceholder")}
            onChange={(e) => setFunnelText(e.target.value)}
          />
        </label>
        {steps.length ? (
          <ol className={styles.funnel}>
            {steps.map((s, i) => (
              <li key={`${i}-${s.event}`}>
                {t("flows.funnelStep", {
                  event: s.event,
                  count: number.format(s.count),
                  share: percent.format(s.share),
                })}
              </li>
            ))}
          </ol>
        ) : null}
      </section>
    </div>
  );
}

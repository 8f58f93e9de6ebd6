import { forwardRef, useId } from "react";
import { useTranslation } from "react-i18next";
import { BOX_H, BOX_W, placeEdges, type ChartEdge, type ChartLayout } from "./chartLayout";
import styles from "./staff.module.css";
import { numberFormat } from "../../i18n/formats";

type Props = {
  machine: string;
  layout: ChartLayout;
  /** States drawn as active (the replay's current step). */
  active?: readonly string[];
  /** Label every arrow; by default only the counted ones are (the others name their event on hover). */
  allLabels?: boolean;
};

/** A machine's chart drawn in the browser: states as boxes, transitions as arrows with their counts and shares. */
export const FlowChart = forwardRef<SVGSVGElement, Props>(function FlowChart(
  { machine, layout, active = [], allLabels = false },
  ref,
) {
  const { t, i18n } = useTranslation("staff");
  const titleId = useId();
  const markerId = useId().replaceAll(":", "");
  const number = numberFormat(i18n.language);
  const percent = numberFormat(i18n.language, { style: "percent", maximumFractionDigits: 0 });
  const label = (e: ChartEdge) =>
    e.share === null
      ? t("chart.edge", { event: e.event, count: number.format(e.count) })
      : t("chart.edgeShare", { event: e.event, count: number.format(e.count), share: percent.format(e.share) });
  // Only the labels drawn take room: the others name their event on hover.
  const placed = placeEdges(layout, (e) => (allLabels || e.count > 0 ? label(e) : null));
  return (
    <svg
      ref={ref}
      className={styles.chart}
      role="img"
      aria-labelledby={titleId}
      viewBox={`0 0 ${placed.width} ${placed.height + 60}`}
      width={placed.width}
      height={placed.height + 60}
      xmlns="http://www.w3.org/2000/svg"
    >
      <title id={titleId}>{t("chart.title", { machine })}</title>
      <defs>
        <marker
          id={markerId}
          viewBox="0 0 10 10"
          refX="9"
          refY="5"
          markerWidth="7"
          markerHeight="7"
          orient="auto-start-reverse"
        >
          <path d="M 0 0 L 10 5 L 0 10 z" className={styles.arrowHead} />
        </marker>
      </defs>
      <g transform="translate(0 50)">
        {placed.edges.map(({ edge: e, d, lx, ly, label: text }) => (
          <g key={`${e.from}|${e.event}|${e.to}`} className={e.count > 0 ? styles.edgeTaken : styles.edge}>
            <title>{label(e)}</title>
            <path d={d} fill="none" markerEnd={`url(#${markerId})`} />
            {text ? (
              <text x={lx} y={ly} textAnchor="middle">
                {text}
              </text>
            ) : null}
          </g>
        ))}
        {layout.boxes.map((b) => (
          <g key={b.state} className={active.includes(b.state) ? `${styles.box} ${styles.boxActive}` : styles.box}>
            <rect x={b.x} y={b.y} width={BOX_W} height={BOX_H} rx="8" />
            <text x={b.x + BOX_W / 2} y={b.y + BOX_H / 2 + 4} textAnchor="middle">
              {b.state}
            </text>
          </g>
        ))}
      </g>
    </svg>
  );
});

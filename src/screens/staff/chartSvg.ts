import { BOX_H, BOX_W, placeEdges, type ChartEdge, type ChartLayout } from "./chartLayout";

// A machine's chart as a standalone SVG file (docs/flows/<machine>.svg, written by
// `npm run flows`), drawn from the same layout and arrow geometry as the staff page's FlowChart, with the
// product's colours inlined (a file has no stylesheet), so an analyst without a code host can open it.

const COLORS = {
  bg: "#0e1013",
  box: "#1f232a",
  border: "#454d5b",
  text: "#ffffff",
  muted: "#a9b1bf",
  accent: "#ff2d2d",
};

const escapeXml = (text: string) =>
  text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");

/** The chart as SVG text: every state a box, every transition an arrow labelled by `label`. */
export function chartSvg(layout: ChartLayout, options: { title: string; label: (edge: ChartEdge) => string }): string {
  const placed = placeEdges(layout, options.label);
  const width = placed.width;
  const height = placed.height + 60;
  const lines = [
    `<svg xmlns="http://www.w3.org/2000/svg" role="img" aria-labelledby="title" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" font-family="system-ui, sans-serif" font-size="12">`,
    `  <title id="title">${escapeXml(options.title)}</title>`,
    `  <defs><marker id="arrow" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" orient="auto-start-reverse"><path d="M 0 0 L 10 5 L 0 10 z" fill="${COLORS.muted}"/></marker></defs>`,
    `  <rect width="${width}" height="${height}" fill="${COLORS.bg}"/>`,
    `  <g transform="translate(0 50)">`,
  ];
  for (const { d, lx, ly, label } of placed.edges) {
    const text = escapeXml(label ?? "");
    lines.push(
      `    <g><title>${text}</title><path d="${d}" fill="none" stroke="${COLORS.accent}" stroke-width="1.5" marker-end="url(#arrow)"/><text x="${lx}" y="${ly}" text-anchor="middle" fill="${COLORS.muted}">${text}</text></g>`,
    );
  }
  for (const b of layout.boxes) {
    lines.push(
      `    <g><rect x="${b.x}" y="${b.y}" width="${BOX_W}" height="${BOX_H}" rx="8" fill="${COLORS.box}" stroke="${COLORS.border}"/><text x="${b.x + BOX_W / 2}" y="${b.y + BOX_H / 2 + 4}" text-anchor="middle" fill="${COLORS.text}" font-weight="700">${escapeXml(b.state)}</text></g>`,
    );
  }
  lines.push("  </g>", "</svg>", "");
  return lines.join("\n");
}

// The flows charts (docs/flows/<machine>.svg by `npm run flows`, the same renderer as /staff/flows): no arrow's label
// covers another's or a state's box, so each one can be read. Sizes are estimated as the renderer's 12 px type takes
// them at most: 7 px a character, 14 px a line.
import { describe, expect, it } from "vitest";
import { loadMachines, renderAll } from "../../scripts/flows";

type Rect = { x: number; y: number; w: number; h: number; text: string };
const overlap = (a: Rect, b: Rect) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;
const unescape = (t: string) =>
  t.replaceAll("&lt;", "<").replaceAll("&gt;", ">").replaceAll("&quot;", '"').replaceAll("&amp;", "&");

function parts(svg: string) {
  const labels: Rect[] = [];
  for (const m of svg.matchAll(
    /<text x="([-\d.]+)" y="([-\d.]+)" text-anchor="middle" fill="#a9b1bf">([^<]*)<\/text>/g,
  )) {
    const text = unescape(m[3]!);
    const w = text.length * 7 + 6;
    labels.push({ x: Number(m[1]) - w / 2, y: Number(m[2]) - 11, w, h: 14, text });
  }
  const boxes: Rect[] = [];
  for (const m of svg.matchAll(
    /<rect x="([-\d.]+)" y="([-\d.]+)" width="([\d.]+)" height="([\d.]+)" rx="8"[^>]*\/><text [^>]*>([^<]*)</g,
  )) {
    boxes.push({ x: Number(m[1]), y: Number(m[2]), w: Number(m[3]), h: Number(m[4]), text: unescape(m[5]!) });
  }
  return { labels, boxes };
}

describe("the flows charts' arrow labels do not overlap", async () => {
  const charts = await renderAll();
  const names = [...(await loadMachines()).keys()];
  it.each(names)("%s: each label clear of the others and of every box", (name) => {
    const { labels, boxes } = parts(charts.get(`${name}.svg`)!);
    expect(labels.length).toBeGreaterThan(0);
    const clashes: string[] = [];
    labels.forEach((a, i) => {
      for (const b of labels.slice(i + 1)) if (overlap(a, b)) clashes.push(`"${a.text}" / "${b.text}"`);
      for (const b of boxes) if (overlap(a, b)) clashes.push(`"${a.text}" / box ${b.text}`);
    });
    expect(clashes).toEqual([]);
  });
});

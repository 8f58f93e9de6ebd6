import type { AnyStateMachine, AnyStateNode } from "xstate";
import { ROOT_STATE, type FlowCount } from "../../../contract/analytics";
import { machineFlowKeys, stateName, type FlowKey } from "../../../machines/flowNames";

// The layout of a machine's chart for the SVG renderer. States are boxes in columns by their distance
// from the start (breadth first over the transitions); each arrow carries its event and, when counted, its
// count and share of what left its state.

export const BOX_W = 168;
export const BOX_H = 40;
const COL_GAP = 96;
const ROW_GAP = 48;
const MARGIN = 24;

export type ChartBox = { state: string; x: number; y: number; depth: number };
export type ChartEdge = FlowKey & { count: number; share: number | null };
export type ChartLayout = { width: number; height: number; boxes: ChartBox[]; edges: ChartEdge[] };

const allNodes = (node: AnyStateNode): AnyStateNode[] =>
  (Object.values(node.states) as AnyStateNode[]).flatMap((c) => [c, ...allNodes(c)]);

export function layoutChart(machine: AnyStateMachine, counts: readonly FlowCount[]): ChartLayout {
  const keys = machineFlowKeys(machine);
  const states = [
    ...allNodes(machine.root).map(stateName),
    ...(keys.some((k) => k.from === ROOT_STATE) ? [ROOT_STATE] : []),
  ];
  // Depth: breadth first from the initial states along the transitions.
  const depth = new Map<string, number>();
  const initial = machine.root.initial?.target?.[0] as AnyStateNode | undefined;
  const queue = initial ? [stateName(initial)] : states.slice(0, 1);
  for (const s of queue) depth.set(s, 0);
  while (queue.length) {
    const at = queue.shift()!;
    for (const k of keys) {
      const next = k.from === at || (at.startsWith(`${k.from}.`) && k.from !== ROOT_STATE) ? k.to : null;
      if (next && !depth.has(next)) {
        depth.set(next, depth.get(at)! + 1);
        queue.push(next);
      }
    }
  }
  const maxDepth = Math.max(0, ...depth.values());
  for (const s of states) if (!depth.has(s)) depth.set(s, s === ROOT_STATE ? 0 : maxDepth + 1);
  const columns = new Map<number, string[]>();
  for (const s of states) columns.set(depth.get(s)!, [...(columns.get(depth.get(s)!) ?? []), s]);
  const boxes: ChartBox[] = [];
  for (const [d, column] of [...columns].toSorted(([a], [b]) => a - b)) {
    column.forEach((state, row) =>
      boxes.push({ state, depth: d, x: MARGIN + d * (BOX_W + COL_GAP), y: MARGIN + row * (BOX_H + ROW_GAP) }),
    );
  }
  const leaving = new Map<string, number>();
  for (const c of counts) if (c.machine === machine.id) leaving.set(c.from, (leaving.get(c.from) ?? 0) + c.count);
  const seen = new Set<string>();
  const edges: ChartEdge[] = [];
  for (const k of keys) {
    const id = `${k.from}|${k.event}|${k.to}`;
    if (seen.has(id)) continue;
    seen.add(id);
    const count = counts
      .filter((c) => c.machine === machine.id && c.from === k.from && c.event === k.event && c.to === k.to)
      .reduce((s, c) => s + c.count, 0);
    const total = leaving.get(k.from) ?? 0;
    edges.push({ ...k, count, share: total ? count / total : null });
  }
  const width = Math.max(...boxes.map((b) => b.x + BOX_W)) + MARGIN;
  const height = Math.max(...boxes.map((b) => b.y + BOX_H)) + MARGIN;
  return { width, height, boxes, edges };
}

/** The arrow from one box to another (a loop above the box to itself); `lane` spreads arrows between the same boxes. */
export function edgePath(
  from: { x: number; y: number },
  to: { x: number; y: number },
  lane: number,
): { d: string; lx: number; ly: number } {
  if (from === to) {
    const x = from.x + BOX_W / 2;
    const d = `M ${x - 24} ${from.y} C ${x - 36} ${from.y - 44 - lane * 10}, ${x + 36} ${from.y - 44 - lane * 10}, ${x + 24} ${from.y}`;
    return { d, lx: x, ly: from.y - 38 - lane * 10 };
  }
  const forward = to.x > from.x;
  const sx = forward ? from.x + BOX_W : from.x + BOX_W / 2;
  const sy = forward ? from.y + BOX_H / 2 : from.y + BOX_H;
  const tx = forward ? to.x : to.x + BOX_W / 2;
  const ty = forward ? to.y + BOX_H / 2 : to.y + BOX_H;
  const bend = forward ? 0 : 48 + lane * 12;
  const cx = (sx + tx) / 2;
  const cy = Math.max(sy, ty) + bend + (forward ? (lane - 1) * 10 : 0);
  return {
    d: `M ${sx} ${sy} Q ${cx} ${forward ? (sy + ty) / 2 + (lane - 1) * 14 : cy} ${tx} ${ty}`,
    lx: cx,
    ly: forward ? (sy + ty) / 2 + (lane - 1) * 14 - 4 : cy - 4,
  };
}

/** A label's height and a character's width in the charts' 12 px type (a generous average, so estimates do not touch). */
export const LABEL_H = 14;
const CHAR_W = 7;

type Rect = { x: number; y: number; w: number; h: number };
const overlaps = (a: Rect, b: Rect) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

export type PlacedEdge = { edge: ChartEdge; d: string; lx: number; ly: number; label: string | null };
export type PlacedChart = { edges: PlacedEdge[]; width: number; height: number; labels: Rect[] };

/** The box a label's text takes, its baseline at `y`, centred on `x` (exported for the tests). */
export const labelBox = (x: number, y: number, text: string): Rect => {
  const w = text.length * CHAR_W + 6;
  return { x: x - w / 2, y: y - LABEL_H + 3, w, h: LABEL_H };
};

/**
 * Every arrow of the chart with its label placed where no other label nor a box is: arrows between the same boxes
 * take lanes (edgePath), and a label that would cover one already placed moves up or down a line at a time, nearest
 * first. Both renderers (the staff page's FlowChart and chartSvg's files) draw from this, so they agree. `labelOf`
 * answers null for an arrow drawn without a label. The size grows when a label moved past the boxes.
 */
export function placeEdges(layout: ChartLayout, labelOf: (edge: ChartEdge) => string | null): PlacedChart {
  const at = new Map(layout.boxes.map((b) => [b.state, b]));
  const lanes = new Map<string, number>();
  const boxes: Rect[] = layout.boxes.map((b) => ({ x: b.x, y: b.y, w: BOX_W, h: BOX_H }));
  const labels: Rect[] = [];
  const edges: PlacedEdge[] = [];
  for (const edge of layout.edges) {
    const from = at.get(edge.from);
    const to = at.get(edge.to);
    if (!from || !to) continue;
    const pair = `${edge.from}|${edge.to}`;
    const lane = lanes.get(pair) ?? 0;
    lanes.set(pair, lane + 1);
    const { d, lx, ly } = edgePath(from, to, lane);
    const label = labelOf(edge);
    let y = ly;
    if (label) {
      for (let i = 0; i < 60; i++) {
        const offset = Math.ceil(i / 2) * LABEL_H * (i % 2 ? -1 : 1);
        const box = labelBox(lx, ly + offset, label);
        // The renderers leave 50 px above the boxes for the loops' labels.
        if (box.y < 2 - 50) continue;
        if (!labels.some((r) => overlaps(r, box)) && !boxes.some((r) => overlaps(r, box))) {
          y = ly + offset;
          break;
        }
      }
      labels.push(labelBox(lx, y, label));
    }
    edges.push({ edge, d, lx, ly: y, label });
  }
  const width = Math.max(layout.width, ...labels.map((r) => r.x + r.w + MARGIN));
  const height = Math.max(layout.height, ...labels.map((r) => r.y + r.h + MARGIN));
  return { edges, width, height, labels };
}

import { escapeXml, FONT, seedOf, svgDocument } from "./svg";

export type CircuitPictureInput = { id: string; name: string; country: string };

/** mulberry32, as the seed uses: the same outline on every machine. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Point = [number, number];
const round1 = (v: number) => Math.round(v * 10) / 10;

/**
 * A plausible closed circuit: points around an ellipse at jittered angles and radii (some pulled in
 * hard, like hairpins), joined by a closed Catmull-Rom spline written as cubic Béziers.
 */
export function circuitOutline(
  seedText: string,
  cx = 160,
  cy = 100,
  rx = 130,
  ry = 72,
): { path: string; start: Point } {
  const rand = prng(seedOf(seedText));
  const count = 9 + Math.floor(rand() * 6);
  const points: Point[] = [];
  for (let i = 0; i < count; i++) {
    const angle = ((i + (rand() - 0.5) * 0.6) / count) * Math.PI * 2;
    const pull = rand() < 0.25 ? 0.35 + rand() * 0.25 : 0.7 + rand() * 0.3;
    points.push([cx + Math.cos(angle) * rx * pull, cy + Math.sin(angle) * ry * pull]);
  }
  const at = (i: number) => points[(i + count) % count]!;
  let path = `M${round1(at(0)[0])} ${round1(at(0)[1])}`;
  for (let i = 0; i < count; i++) {
    const [p0, p1, p2, p3] = [at(i - 1), at(i), at(i + 1), at(i + 2)];
    const c1: Point = [p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6];
    const c2: Point = [p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6];
    path += ` C${round1(c1[0])} ${round1(c1[1])} ${round1(c2[0])} ${round1(c2[1])} ${round1(p2[0])} ${round1(p2[1])}`;
  }
  return { path: `${path} Z`, start: at(0) };
}

/** A circuit map: the outline as tarmac with a kerb line, the start/finish marked, the name below. */
export function circuitPicture(t: CircuitPictureInput): string {
  const { path, start } = circuitOutline(`${t.id}:${t.name}`);
  const body =
    `<rect width="320" height="240" rx="20" fill="#0F172A"/>` +
    `<path d="${path}" fill="none" stroke="#334155" stroke-width="16" stroke-linejoin="round"/>` +
    `<path d="${path}" fill="none" stroke="#F8FAFC" stroke-width="5" stroke-linejoin="round"/>` +
    `<circle cx="${round1(start[0])}" cy="${round1(start[1])}" r="7" fill="#EF4444" stroke="#F8FAFC" stroke-width="2"/>` +
    `<text x="160" y="208" text-anchor="middle" ${FONT} font-size="15" font-weight="600" fill="#F8FAFC"${t.name.length > 34 ? ` textLength="300" lengthAdjust="spacingAndGlyphs"` : ""}>${escapeXml(t.name)}</text>` +
    `<text x="160" y="228" text-anchor="middle" ${FONT} font-size="12" fill="#94A3B8">${escapeXml(t.country)}</text>`;
  return svgDocument(320, 240, t.name, body);
}

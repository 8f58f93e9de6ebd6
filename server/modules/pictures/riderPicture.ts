import { accentOf, escapeXml, FONT, safeColour, svgDocument, textOn } from "./svg";

export type RiderPictureInput = { name: string; number: number; teamName: string; colour: string };

/** Long names are squeezed into the badge instead of running off it. */
const fit = (name: string) => (name.length > 20 ? ` textLength="220" lengthAdjust="spacingAndGlyphs"` : "");

/** A rider's badge: the race number large on the team's colours, a livery stripe, the name below. */
export function riderPicture(r: RiderPictureInput): string {
  const main = safeColour(r.colour);
  const accent = accentOf(main);
  const ink = textOn(main);
  const body =
    `<rect width="240" height="240" rx="24" fill="${main}"/>` +
    `<path d="M0 170 L240 92 L240 132 L0 210 Z" fill="${accent}"/>` +
    `<text x="120" y="150" text-anchor="middle" ${FONT} font-size="112" font-weight="800" fill="${ink}">${escapeXml(String(r.number))}</text>` +
    `<path d="M0 196 H240 V216 Q240 240 216 240 H24 Q0 240 0 216 Z" fill="#000000" fill-opacity="0.35"/>` +
    `<text x="120" y="225" text-anchor="middle" ${FONT} font-size="18" font-weight="600" fill="#FFFFFF"${fit(r.name)}>${escapeXml(r.name)}</text>`;
  return svgDocument(240, 240, `#${r.number} ${r.name}, ${r.teamName}`, body);
}

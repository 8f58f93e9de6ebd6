import { accentOf, escapeXml, FONT, safeColour, svgDocument, textOn } from "./svg";

export type TeamPictureInput = { name: string; shortName: string; manufacturer: string; colour: string };

/** A team's logo: its colours in bands, the short name large, the manufacturer underneath. */
export function teamPicture(t: TeamPictureInput): string {
  const main = safeColour(t.colour);
  const accent = accentOf(main);
  const ink = textOn(main);
  const body =
    `<rect width="320" height="180" rx="20" fill="${main}"/>` +
    `<path d="M0 20 Q0 0 20 0 L70 0 L30 180 L20 180 Q0 180 0 160 Z" fill="${accent}"/>` +
    `<path d="M84 0 L100 0 L60 180 L44 180 Z" fill="${accent}"/>` +
    `<text x="190" y="108" text-anchor="middle" ${FONT} font-size="72" font-weight="800" letter-spacing="4" fill="${ink}">${escapeXml(t.shortName)}</text>` +
    `<text x="190" y="146" text-anchor="middle" ${FONT} font-size="16" font-weight="600" letter-spacing="3" fill="${ink}">${escapeXml(t.manufacturer)}</text>`;
  return svgDocument(320, 180, t.name, body);
}

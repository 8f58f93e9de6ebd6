import { createHash } from "node:crypto";

/** Text and attribute values inside SVG: the five XML specials escaped, control characters dropped. */
export function escapeXml(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F]/g, "")
      .replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]!)
  );
}

const HEX = /^#([0-9a-f]{6})$/i;
/** A colour from the database, or a neutral grey when it is not a #rrggbb value (never raw text into markup). */
export function safeColour(colour: string): string {
  return HEX.test(colour) ? colour.toUpperCase() : "#6B7280";
}

function rgb(colour: string): [number, number, number] {
  const n = parseInt(safeColour(colour).slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** WCAG relative luminance. */
function luminance(colour: string): number {
  const [r, g, b] = rgb(colour).map((v) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Black or white, whichever reads better on `background`. */
export const textOn = (background: string) => (luminance(background) > 0.4 ? "#111111" : "#FFFFFF");

/** The team colour mixed towards black (light colours) or white (dark ones): the livery's second colour. */
export function accentOf(colour: string): string {
  const towards = luminance(colour) > 0.4 ? 0 : 255;
  const mixed = rgb(colour).map((v) => Math.round(v + (towards - v) * 0.45));
  return `#${mixed
    .map((v) => v.toString(16).padStart(2, "0"))
    .join("")
    .toUpperCase()}`;
}

/** A 32-bit seed from any text (the picture of a thing is a function of its id and name). */
export function seedOf(text: string): number {
  return createHash("sha256").update(text).digest().readUInt32BE(0);
}

/** The common frame: an accessible image with a title, sized by viewBox so it scales crisply. */
export function svgDocument(width: number, height: number, title: string, body: string): string {
  const t = escapeXml(title);
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" role="img" aria-label="${t}">` +
    `<title>${t}</title>${body}</svg>\n`
  );
}

export const FONT = `font-family="Inter, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif"`;

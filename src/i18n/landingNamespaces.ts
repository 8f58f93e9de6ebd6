/**
 * The translation namespaces the landing (`/`) paints with; every other one loads after it has
 * painted. The build preloads exactly these from index.html (scripts/build/firstPaintHtml.ts).
 */
export const landingNamespaces = ["common", "errors", "landing"] as const;

// Vite plugin (issue 12): index.html carries what the landing's first paint needs, so none of it waits
// for another round trip.
// - The entry's stylesheets (a few KB) are inlined as <style>, so no CSS request blocks the first render.
// - The landing's hero picture (its largest paint) is preloaded with high priority from the document.
// - On `/` only, a tiny inline script preloads the landing's chunk (with its imports and styles) and its
//   translation namespaces in the stored language, beside the entry instead of after it has run.
import type { Plugin, Rollup } from "vite";
import { paths, storageKeys } from "../../src/app/paths";
import { landingNamespaces } from "../../src/i18n/landingNamespaces";

export const HERO_IMAGE = "src/assets/rider-bike.svg";
const LANDING_SCREEN = "src/screens/landing/LandingScreen.tsx";
const DEFAULT_LANGUAGE = "en";

type Bundle = Rollup.OutputBundle;

/** The chunk's file, its static imports' files and their stylesheets, depth first. */
function withImports(bundle: Bundle, fileName: string, seen = new Set<string>()): Set<string> {
  const chunk = bundle[fileName];
  if (seen.has(fileName) || !chunk || chunk.type !== "chunk") return seen;
  seen.add(fileName);
  for (const css of chunk.viteMetadata?.importedCss ?? []) seen.add(css);
  for (const imported of chunk.imports) withImports(bundle, imported, seen);
  return seen;
}

function chunkOf(bundle: Bundle, moduleSuffix: string): Rollup.OutputChunk | undefined {
  return Object.values(bundle).find((f): f is Rollup.OutputChunk => f.type === "chunk" && (f.facadeModuleId ?? "").endsWith(moduleSuffix));
}

function landingPreloadScript(bundle: Bundle, alreadyInHtml: Set<string>): string | undefined {
  const landing = chunkOf(bundle, LANDING_SCREEN);
  if (!landing) return undefined;
  const common = [...withImports(bundle, landing.fileName)].filter((f) => !alreadyInHtml.has(f));
  const byLanguage: Record<string, string[]> = {};
  for (const file of Object.values(bundle)) {
    const match = file.type === "chunk" ? /\/src\/i18n\/locales\/([a-z]+)\/([a-z]+)\.json$/.exec(file.facadeModuleId ?? "") : null;
    if (!match || !(landingNamespaces as readonly string[]).includes(match[2]!)) continue;
    (byLanguage[match[1]!] ??= []).push(file.fileName);
  }
  const data = JSON.stringify({ c: common, l: byLanguage });
  // i18next loads the stored language and English (its fallback) for each namespace.
  return (
    `<script>(function(m){if(location.pathname!==${JSON.stringify(paths.home)})return;var l;` +
    `try{l=localStorage.getItem(${JSON.stringify(storageKeys.lng)})}catch(e){}` +
    `var f=m.c.concat(m.l[${JSON.stringify(DEFAULT_LANGUAGE)}]||[],l&&l!==${JSON.stringify(DEFAULT_LANGUAGE)}&&m.l[l]||[]);` +
    `f.forEach(function(h){var k=document.createElement("link");if(/\\.css$/.test(h)){k.rel="preload";k.as="style"}else{k.rel="modulepreload"}` +
    `k.crossOrigin="";k.href="/"+h;document.head.appendChild(k)})})(${data})</script>`
  );
}

export function firstPaintHtml(): Plugin {
  return {
    name: "paddock:first-paint-html",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const inHtml = new Set([...html.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map((m) => m[1]!));
        let out = html.replace(/<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g, (tag, fileName: string) => {
          const file = bundle[fileName];
          if (!file || file.type !== "asset") return tag;
          // The disabled link loads nothing; it tells Vite's preload helper that this stylesheet is already on
          // the page, so a lazy chunk that lists it does not fetch and apply it a second time.
          return `<style>${String(file.source).replaceAll("</style", "<\\/style")}</style>\n    <link rel="stylesheet" href="/${fileName}" disabled>`;
        });
        const hero = Object.values(bundle).find((file) => file.type === "asset" && file.originalFileNames.some((name) => name.endsWith(HERO_IMAGE)));
        const extra: string[] = [];
        if (hero) extra.push(`<link rel="preload" as="image" href="/${hero.fileName}" fetchpriority="high">`);
        const script = landingPreloadScript(bundle, inHtml);
        if (script) extra.push(script);
        return out.replace("</head>", `  ${extra.join("\n    ")}\n  </head>`);
      },
    },
  };
}

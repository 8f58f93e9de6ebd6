// Vite plugin: index.html carries what the first paint needs, so none of it waits for another
// round trip.
// - The entry's stylesheets (a few KB) are inlined as <style>, so no CSS request blocks the first render.
// - A tiny inline script preloads the translation namespaces the first screen renders with, in the stored
//   language (only the server knows the path, only the browser knows the language): the landing's own on
//   `/`, all of them elsewhere.
// - dist/route-preloads.json lists, per client route, the screen's chunk with its imports and styles (plus
//   the header and the guard where the route has them), its first API calls and, on `/`, the hero picture
//   (its largest paint); the server links those from the page it sends for that path
//   (scripts/build/routePreloads.ts, server/http/spa.ts).
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Plugin, Rollup } from "vite";
import { paths, storageKeys } from "../../src/config/paths";
import { landingNamespaces } from "../../src/i18n/landingNamespaces";
import { namespaces } from "../../src/i18n/namespaces";
import { ROUTE_PRELOADS_FILE, routePreloads, type RoutePreload } from "./routePreloads";

export const HERO_IMAGE = "src/assets/rider-bike.svg";
const DEFAULT_LANGUAGE = "en";

type Bundle = Rollup.OutputBundle;

/**
 * The translation namespaces the first screen renders with, in the stored language and English (i18next's
 * fallback): the landing's own on `/`, every namespace elsewhere (src/i18n/i18n.ts, firstNamespaces).
 */
function namespacePreloadScript(bundle: Bundle): string {
  const byLanguage: Record<string, { landing: string[]; all: string[] }> = {};
  for (const file of Object.values(bundle)) {
    // A file may hold several namespaces of one language (scripts/build/chunkGroups.ts).
    for (const id of file.type === "chunk" ? file.moduleIds : []) {
      const match = /\/src\/i18n\/locales\/([a-z]+)\/([a-z]+)\.json$/.exec(id);
      if (!match || !(namespaces as readonly string[]).includes(match[2]!)) continue;
      const entry = (byLanguage[match[1]!] ??= { landing: [], all: [] });
      if (!entry.all.includes(file.fileName)) entry.all.push(file.fileName);
      if ((landingNamespaces as readonly string[]).includes(match[2]!) && !entry.landing.includes(file.fileName))
        entry.landing.push(file.fileName);
    }
  }
  const data = JSON.stringify(
    Object.fromEntries(
      Object.entries(byLanguage).map(([language, files]) => [
        language,
        [files.landing, files.all.filter((f) => !files.landing.includes(f))],
      ]),
    ),
  );
  // m[lng] = [landing files, the other namespaces' files]
  return (
    `<script>(function(m){var h=location.pathname===${JSON.stringify(paths.home)},l;` +
    `try{l=localStorage.getItem(${JSON.stringify(storageKeys.lng)})}catch(e){}` +
    `var f=[];[${JSON.stringify(DEFAULT_LANGUAGE)}].concat(l&&l!==${JSON.stringify(DEFAULT_LANGUAGE)}&&m[l]?[l]:[]).forEach(function(g){f=f.concat(m[g][0],h?[]:m[g][1])});` +
    `f.forEach(function(n){var k=document.createElement("link");k.rel="modulepreload";` +
    `k.crossOrigin="";k.href="/"+n;document.head.appendChild(k)})})(${data})</script>`
  );
}

export function firstPaintHtml(): Plugin {
  let root = ".";
  let outDir = "dist";
  let routes: RoutePreload[] = [];
  return {
    name: "paddock:first-paint-html",
    apply: "build",
    configResolved(config) {
      root = config.root;
      outDir = join(config.root, config.build.outDir);
    },
    writeBundle() {
      writeFileSync(join(outDir, ROUTE_PRELOADS_FILE), JSON.stringify(routes));
    },
    transformIndexHtml: {
      order: "post",
      handler(html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return html;
        const inHtml = new Set([...html.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map((m) => m[1]!));
        let out = html.replace(
          /<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g,
          (tag, fileName: string) => {
            const file = bundle[fileName];
            if (!file || file.type !== "asset") return tag;
            // The disabled link loads nothing; it tells Vite's preload helper that this stylesheet is already on
            // the page, so a lazy chunk that lists it does not fetch and apply it a second time.
            return `<style>${String(file.source).replaceAll("</style", "<\\/style")}</style>\n    <link rel="stylesheet" href="/${fileName}" disabled>`;
          },
        );
        const hero = Object.values(bundle).find(
          (file) => file.type === "asset" && file.originalFileNames.some((name) => name.endsWith(HERO_IMAGE)),
        );
        const extra = [namespacePreloadScript(bundle)];
        routes = routePreloads(bundle, inHtml, root, hero ? [hero.fileName] : []);
        return out.replace("</head>", `  ${extra.join("\n    ")}\n  </head>`);
      },
    },
  };
}

// What each client route needs before its screen can draw, written by the build beside index.html
// (dist/route-preloads.json) for the server's page (server/http/spa.ts), which links exactly those files
// (and the route's first API calls) from the HTML it sends for that path. Without it a deep link waits
// for a serial chain: the entry, then the guard's chunk, then the screen's chunk, then the screen's calls.
//
// The routes are read from src/app/routes.tsx itself (its lazy screens and <Route path={paths.x}> blocks),
// so a new screen needs nothing here. A route this reader does not understand simply gets no preloads.
import { readFileSync } from "node:fs";
import type { Rollup } from "vite";
import { paths, type ScreenName } from "../../src/config/paths";
import { predictionsFirstCalls } from "../../src/screens/predictions/firstCalls";

export const ROUTE_PRELOADS_FILE = "route-preloads.json";

/** One client route: a path pattern, the files its first screen needs, and its first GET calls. */
export type RoutePreload = {
  /** A regular expression source matched against the request's path. */
  pattern: string;
  /** Files under the build's root (assets/…) the first paint waits for: the header and the guard, with their imports and styles. */
  files: string[];
  /** The screen's own files, wanted once it has data: fetched at once, at low priority, behind the first paint's. */
  later: string[];
  /** Pictures the first paint shows (the landing's hero), fetched at high priority. */
  images: string[];
  /** Same-origin GET calls the screen makes before it has any answer. */
  calls: string[];
  /** The screen needs a session: its calls are only worth preloading when the request carries one. */
  guarded: boolean;
};

/** The first calls of screens that make them (the screens own the URLs). */
const FIRST_CALLS: Partial<Record<ScreenName, readonly string[]>> = { predictions: predictionsFirstCalls };

const ROUTES_FILE = "src/app/routes.tsx";
const HEADER_MODULE = "src/app/layout/Header";
const GUARD_MODULE = "src/app/RequireAuth";

type Bundle = Rollup.OutputBundle;
type RouteInfo = { screen: ScreenName; modules: string[]; guarded: boolean; withHeader: boolean };

/** Reads src/app/routes.tsx: for each `<Route path={paths.x}>` its lazy screens, guard and header. */
export function readRoutes(source: string): RouteInfo[] {
  const lazyModules = new Map<string, string>();
  for (const m of source.matchAll(/const (\w+)\s*(?::[^=]*)?=\s*lazy\(\s*\(\)\s*=>\s*import\("\.\.\/([^"]+)"\)/g)) {
    lazyModules.set(m[1]!, `src/${m[2]!}`);
  }
  // Small route components of the same file (ProfileRoute): the screens and guards inside their bodies.
  const bodyOf = (name: string) => {
    const at = source.indexOf(`function ${name}(`);
    return at < 0 ? "" : source.slice(at, source.indexOf("\n}\n", at));
  };
  const routes: RouteInfo[] = [];
  for (const m of source.matchAll(/<Route path=\{paths\.(\w+)\}>([\s\S]*?)<\/Route>/g)) {
    const screen = m[1] as ScreenName;
    if (!(screen in paths)) continue;
    let block = m[2]!;
    for (const tag of block.matchAll(/<(\w+)/g)) if (!lazyModules.has(tag[1]!)) block += bodyOf(tag[1]!);
    const modules = [
      ...new Set(
        [...block.matchAll(/<(\w+)/g)].map((t) => lazyModules.get(t[1]!)).filter((x): x is string => Boolean(x)),
      ),
    ];
    routes.push({
      screen,
      modules,
      guarded: /<(Guarded|RequireAuth)\b/.test(block),
      withHeader: !/withHeader=\{false\}/.test(block),
    });
  }
  return routes;
}

/** `/leagues/:leagueId` → `^/leagues/[^/]+/?$` */
export function patternOf(path: string): string {
  const source = path
    .split("/")
    .map((part) => (part.startsWith(":") ? "[^/]+" : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
    .join("/");
  return path === "/" ? "^/$" : `^${source}/?$`;
}

function chunkOf(bundle: Bundle, module: string): Rollup.OutputChunk | undefined {
  return Object.values(bundle).find(
    (f): f is Rollup.OutputChunk =>
      f.type === "chunk" &&
      [f.facadeModuleId ?? "", ...f.moduleIds].some((id) => id.replace(/\.[cm]?[jt]sx?$/, "").endsWith(`/${module}`)),
  );
}

/** The chunk's file, its static imports' files and their stylesheets, depth first. */
export function withImports(bundle: Bundle, fileName: string, seen = new Set<string>()): Set<string> {
  const chunk = bundle[fileName];
  if (seen.has(fileName) || !chunk || chunk.type !== "chunk") return seen;
  seen.add(fileName);
  for (const css of chunk.viteMetadata?.importedCss ?? []) seen.add(css);
  for (const imported of chunk.imports) withImports(bundle, imported, seen);
  return seen;
}

/**
 * Every readable route with the files (not already in index.html) and calls its first screen needs. On the
 * landing (no header, no guard) the screen's own chunk is what paints first, so it goes with `files`.
 */
export function routePreloads(
  bundle: Bundle,
  alreadyInHtml: Set<string>,
  root = ".",
  landingImages: string[] = [],
): RoutePreload[] {
  const routes = readRoutes(readFileSync(`${root}/${ROUTES_FILE}`, "utf8"));
  const out: RoutePreload[] = [];
  const filesOf = (modules: string[]) => {
    const files = new Set<string>();
    for (const module of modules) {
      const chunk = chunkOf(bundle, module);
      if (chunk) withImports(bundle, chunk.fileName, files);
    }
    return files;
  };
  for (const route of routes) {
    const frame = [...(route.withHeader ? [HEADER_MODULE] : []), ...(route.guarded ? [GUARD_MODULE] : [])];
    const landing = frame.length === 0;
    const first = filesOf(landing ? route.modules : frame);
    const later = landing ? new Set<string>() : filesOf(route.modules);
    out.push({
      pattern: patternOf(paths[route.screen]),
      files: [...first].filter((f) => !alreadyInHtml.has(f)),
      later: [...later].filter((f) => !alreadyInHtml.has(f) && !first.has(f)),
      images: route.screen === "home" ? landingImages : [],
      calls: [...(FIRST_CALLS[route.screen] ?? [])],
      guarded: route.guarded,
    });
  }
  // A static path before a `:param` one of the same shape (/leagues/create before /leagues/:leagueId).
  return out.toSorted((a, b) => Number(a.pattern.includes("[^/]+")) - Number(b.pattern.includes("[^/]+")));
}

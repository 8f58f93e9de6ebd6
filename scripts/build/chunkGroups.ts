// Fewer, larger chunks where a page needs them all anyway. Served over HTTP/1.1 a browser has 6
// connections to the origin and each file costs at least one round trip, so the landing's ~30 small files
// took five round trips of a phone's 150 ms before its hero could paint, and a deep link's ~90 more.
// Automatic chunking makes one chunk per set of importers; these groups merge what always travels together:
// - `app`: everything the entry imports statically (React, i18next, router, query client): every page.
// - `i18n-<lng>-first` / `i18n-<lng>`: a language's translations, the landing's namespaces and the others
//   (src/i18n/landingNamespaces.ts); i18next still asks for each namespace, the files just hold several.
// - `landing`: what the landing screen imports statically besides `app`, `ui`: the landing's first paint.
// - `ui`: what the landing shares with the signed-in frame (header, guard: buttons, logo, language picker) or with
//   another screen (the game's constants, tabs): every page loads it.
// - `api`: what the landing's data sections (footer links, news) share with the frame: the API client with what
//   it imports (ky, the contract's auth, users and system schemas, zod), a link and an empty state.
// - `frame`: the header and the guard with what they import beside `api`: the session's actors and machines;
//   every page but the landing needs them before its screen can draw. Apart from `api`, a guest's landing no
//   longer evaluates them in one ~100 ms task while it loads.
// - `screen-<Name>`: a screen with the modules only it (and its modals) use; `screens`: what several share;
//   `screens-predictions`: what the predictions screen (where a sign-in lands) shares with others.
// Modals, the app runtime and the landing's deferred sections keep the automatic split.
import { readdirSync } from "node:fs";
import { basename, join, resolve } from "node:path";
import { landingNamespaces } from "../../src/i18n/landingNamespaces";

type ModuleInfo = { importedIds: readonly string[]; dynamicallyImportedIds: readonly string[] };
type ChunkingContext = { getModuleInfo(id: string): ModuleInfo | null };

const LOCALE = /[\\/]src[\\/]i18n[\\/]locales[\\/]([a-z]+)[\\/]([a-z]+)\.json$/;

/** Every screen component (src/screens/<name>/<Name>Screen.tsx), the routes' lazy chunks. */
function screenModules(root: string): string[] {
  const dir = resolve(root, "src/screens");
  return readdirSync(dir)
    .flatMap((name) =>
      readdirSync(join(dir, name))
        .filter((f) => f.endsWith("Screen.tsx"))
        .map((f) => join(dir, name, f)),
    )
    .toSorted();
}

function closure(ctx: ChunkingContext, ids: string[]): Set<string> {
  const seen = new Set<string>();
  const stack = [...ids];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    const info = ctx.getModuleInfo(id);
    if (!info) continue;
    seen.add(id);
    stack.push(...info.importedIds);
  }
  return seen;
}

type Group = { name: (id: string, ctx: ChunkingContext) => string | null; debugName: string; priority: number };

/**
 * The build's code-splitting groups (vite.config.ts), highest priority first: a group takes its modules
 * with their dependencies (rolldown's default), so `ui` must choose before `landing` and `frame` do.
 */
export function chunkGroups(root: string): Group[] {
  const at = (path: string) => resolve(root, path);
  let groups: Map<string, string> | undefined;
  const groupOf = (id: string, ctx: ChunkingContext) => {
    if (!groups) {
      const app = closure(ctx, [at("src/main.tsx")]);
      const landing = closure(ctx, [at("src/screens/landing/LandingScreen.tsx")]);
      const frame = closure(ctx, [at("src/app/layout/Header.tsx"), at("src/app/RequireAuth.tsx")]);
      // What the landing's deferred sections (the footer, the sections it imports lazily) import from the frame's closure.
      const landingLazy = ctx.getModuleInfo(at("src/screens/landing/LandingScreen.tsx"))?.dynamicallyImportedIds ?? [];
      const api = closure(ctx, [at("src/app/layout/Footer.tsx"), ...landingLazy]);
      const named = new Map<string, string>();
      groups = named;
      for (const m of frame) if (!app.has(m)) groups.set(m, landing.has(m) ? "ui" : api.has(m) ? "api" : "frame");
      // What the landing shares with another screen (the game's constants, tabs, emblems) joins `ui`, which every
      // page loads anyway: a deep link to that screen then does not fetch the landing's own file.
      const landingScreen = at("src/screens/landing/LandingScreen.tsx");
      const screens = screenModules(root).map((screen) => closure(ctx, [screen]));
      const otherScreens = screenModules(root).flatMap((screen, i) => (screen === landingScreen ? [] : [screens[i]!]));
      for (const m of landing) {
        if (app.has(m) || groups.has(m)) continue;
        groups.set(m, otherScreens.some((own) => own.has(m)) ? "ui" : "landing");
      }
      // Each screen's own modules (with those it shares with modals) in one file; what several screens
      // share in another: a deep link then loads two files for its screen, not twenty.
      const uses = new Map<string, number>();
      for (const own of screens)
        for (const m of own) if (!app.has(m) && !groups.has(m)) uses.set(m, (uses.get(m) ?? 0) + 1);
      // What the predictions screen (where a sign-in lands) shares has its own file: a deep link there then neither
      // downloads nor evaluates the other screens' machines and schemas.
      const predictions = screens[screenModules(root).indexOf(at("src/screens/predictions/PredictionsScreen.tsx"))]!;
      for (const [m, count] of uses)
        if (count > 1) groups.set(m, predictions.has(m) ? "screens-predictions" : "screens");
      screenModules(root).forEach((screen, i) => {
        for (const m of screens[i]!)
          if (!app.has(m) && !named.has(m)) named.set(m, `screen-${basename(screen, ".tsx")}`);
      });
    }
    return groups.get(id);
  };
  const only = (name: string) => (id: string, ctx: ChunkingContext) => (groupOf(id, ctx) === name ? name : null);
  const screen = (id: string, ctx: ChunkingContext) =>
    groupOf(id, ctx)?.startsWith("screen-") ? groupOf(id, ctx)! : null;
  return [
    {
      debugName: "i18n",
      priority: 5,
      name: (id) => {
        const locale = LOCALE.exec(id);
        if (!locale) return null;
        return (landingNamespaces as readonly string[]).includes(locale[2]!)
          ? `i18n-${locale[1]}-first`
          : `i18n-${locale[1]}`;
      },
    },
    { debugName: "ui", priority: 3, name: only("ui") },
    { debugName: "landing", priority: 2, name: only("landing") },
    { debugName: "api", priority: 1.5, name: only("api") },
    { debugName: "frame", priority: 1, name: only("frame") },
    { debugName: "screens-predictions", priority: 0.75, name: only("screens-predictions") },
    { debugName: "screens", priority: 0.5, name: only("screens") },
    { debugName: "screen", priority: 0.25, name: screen },
  ];
}

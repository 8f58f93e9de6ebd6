// The page's CSP allows no eval. zod builds faster parsers with `new Function` unless told not to, and reads that
// choice when each schema is defined: its global config (zod keeps it on globalThis) is set before any chunk that
// defines a schema runs, so no schema ever tries (the browser reports even a caught attempt as a violation). Set by
// hand because importing zod for its config() would bring zod into the entry chunk.
const CONFIG_KEY = "__zod_globalConfig";

/** Called first by the entry, which itself defines no schema (zod loads with the API client's chunk). */
export function zodWithoutEval(): void {
  const global = globalThis as unknown as Record<string, object | undefined>;
  global[CONFIG_KEY] = { ...global[CONFIG_KEY], jitless: true };
}

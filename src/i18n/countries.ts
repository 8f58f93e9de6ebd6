import { regionNames } from "./formats";

type Named = { code: string; name: string };

/**
 * A country's name in the player's language (`Intl.DisplayNames`, region type): the server lists countries in English
 * for every caller, and boards, profiles, leagues and the country selects showed that English while the riders' pages
 * translated it. Falls back to `fallback` (the English name) or the code where the browser does not know the region.
 */
export function countryName(language: string, code: string, fallback?: string): string {
  try {
    const name = regionNames(language).of(code);
    if (name && name !== code) return name;
  } catch {
    // An unknown language or code: the English name below.
  }
  return fallback ?? code;
}

const collators = new Map<string, Intl.Collator>();

/** The countries with their names in `language`, in that language's alphabetical order (a select's order). */
export function localizeCountries<T extends Named>(language: string, countries: readonly T[]): T[] {
  let collator = collators.get(language);
  if (!collator) {
    collator = new Intl.Collator(language);
    collators.set(language, collator);
  }
  const by = collator;
  return countries
    .map((c) => ({ ...c, name: countryName(language, c.code, c.name) }))
    .toSorted((a, b) => by.compare(a.name, b.name));
}

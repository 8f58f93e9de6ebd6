// Building an Intl formatter costs far more than using one (on a phone-class core the predictions screen
// spent ~20 ms of its first render building the same date formats again per row and per render). Screens take
// one formatter per language and options from here (none builds its own).

const dates = new Map<string, Intl.DateTimeFormat>();
const numbers = new Map<string, Intl.NumberFormat>();
const regions = new Map<string, Intl.DisplayNames>();

function cached<T>(cache: Map<string, T>, language: string, options: object, make: () => T): T {
  const key = `${language}|${JSON.stringify(options)}`;
  let format = cache.get(key);
  if (!format) {
    format = make();
    cache.set(key, format);
  }
  return format;
}

/** `new Intl.DateTimeFormat(language, options)`, built once per language and options. */
export const dateFormat = (language: string, options: Intl.DateTimeFormatOptions = {}): Intl.DateTimeFormat =>
  cached(dates, language, options, () => new Intl.DateTimeFormat(language, options));

/** `new Intl.NumberFormat(language, options)`, built once per language and options. */
export const numberFormat = (language: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat =>
  cached(numbers, language, options, () => new Intl.NumberFormat(language, options));

/** Country names (`new Intl.DisplayNames([language], { type: "region" })`), built once per language. */
export const regionNames = (language: string): Intl.DisplayNames =>
  cached(regions, language, {}, () => new Intl.DisplayNames([language], { type: "region" }));

/** A race's dates, as its heading shows them (a range: "November 27 – 29, 2026"). */
export const RACE_DATES: Intl.DateTimeFormatOptions = { day: "numeric", month: "long", year: "numeric" };

/**
 * The first date format a page builds loads the language's calendar data (~40 ms on a phone-class core). A deep link
 * (the predictions screen's race heading is its largest paint) builds the heading's own one in a task of its own at
 * start, while the page waits for its files, instead of inside the render that paints the heading.
 */
export function prepareDateFormats(language: string) {
  setTimeout(() => {
    try {
      dateFormat(language, RACE_DATES);
    } catch {
      // An unknown language: the screen falls back as it renders.
    }
  }, 0);
}

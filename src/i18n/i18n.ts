import { createInstance, type BackendModule, type ReadCallback } from "i18next";
import { initReactI18next } from "react-i18next";
import type { LanguageCode } from "../../contract/enums";
import { afterFirstPaint } from "../lib/firstPaint";
import { paths, storageKeys } from "../config/paths";
import { landingNamespaces } from "./landingNamespaces";
import { namespaces } from "./namespaces";
import { DEFAULT_LANGUAGE, isLanguageCode, languageCodeList } from "./languages";

export { languages, type LanguageOption } from "./languages";

export { namespaces };
export type Namespace = (typeof namespaces)[number];

/** The app's one i18next instance; react-i18next reaches it through `initReactI18next`. */
const i18next = createInstance();

// The mails' texts (mail.json) are the server's (server/mail/texts.ts): the app never loads them.
const localeFiles = import.meta.glob<{ default: Record<string, unknown> }>([
  "./locales/*/*.json",
  "!./locales/*/mail.json",
]);

/** Spec section 9: "Translation loader retries up to 5 times from 350 ms, doubling." */
export const LOADER_MAX_RETRIES = 5;
export const LOADER_RETRY_MS = 350;

type LocaleFiles = Record<string, () => Promise<{ default: Record<string, unknown> }>>;

/** Loads `./locales/<lng>/<ns>.json` on demand; a failed load asks i18next to retry. */
export const createLocaleBackend = (files: LocaleFiles): BackendModule => ({
  type: "backend",
  init() {},
  read(language: string, namespace: string, callback: ReadCallback) {
    const load = files[`./locales/${language}/${namespace}.json`];
    if (!load) {
      callback(null, {});
      return;
    }
    // `true` as the second argument asks i18next's connector to retry with its doubling delay.
    load().then(
      (file) => callback(null, file.default),
      (error: unknown) => callback(error as Error, true),
    );
  },
});

/** Spec numbers for i18next's own retry loop (its connector doubles the wait each time). */
export const loaderRetryOptions = { maxRetries: LOADER_MAX_RETRIES, retryTimeout: LOADER_RETRY_MS } as const;

export function storedLanguage(): LanguageCode {
  try {
    const stored = localStorage.getItem(storageKeys.lng);
    return isLanguageCode(stored) ? stored : DEFAULT_LANGUAGE;
  } catch {
    return DEFAULT_LANGUAGE;
  }
}

/** On the landing, dayjs (dates are for later screens) waits until the first screen has painted. */
let dayjsAfterPaint = false;

/** Whether dayjs was ever switched from its built-in English (see applyLanguage). */
let dayjsSwitched = false;

function applyLanguage(code: string) {
  const language = isLanguageCode(code) ? code : DEFAULT_LANGUAGE;
  document.documentElement.lang = language;
  // dayjs starts in English, its built-in locale; while it stays there, its loader chunk is not fetched (on
  // an English deep link that request ended before the screen's largest paint and sat on its simulated path).
  if (language === DEFAULT_LANGUAGE && !dayjsSwitched) return;
  dayjsSwitched = true;
  const switchDayjs = () =>
    void import("./dayjsLocales")
      .then(({ switchDayjsLocale }) => switchDayjsLocale(language))
      .catch((error: unknown) => console.error("dayjs locale failed to load", error));
  if (dayjsAfterPaint) afterFirstPaint(switchDayjs);
  else switchDayjs();
}

let ready: Promise<unknown> | null = null;

/**
 * The landing (`/`) starts with its own namespaces only and loads every other one right after
 * it has painted; any other first page loads them all up front, as screens read across namespaces.
 */
export function firstNamespaces(pathname: string): Namespace[] {
  return pathname === paths.home ? [...landingNamespaces] : [...namespaces];
}

/** Starts i18next once; later calls return the same promise. */
export function initI18n(language: LanguageCode = storedLanguage()) {
  ready ??= (() => {
    i18next.on("languageChanged", applyLanguage);
    const first = firstNamespaces(typeof location === "undefined" ? "" : location.pathname);
    if (first.length < namespaces.length) {
      dayjsAfterPaint = true;
      afterFirstPaint(() => void i18next.loadNamespaces([...namespaces]));
    }
    return i18next
      .use(createLocaleBackend(localeFiles))
      .use(initReactI18next)
      .init({
        lng: language,
        fallbackLng: DEFAULT_LANGUAGE,
        supportedLngs: [...languageCodeList],
        ns: first,
        defaultNS: "common",
        load: "languageOnly",
        ...loaderRetryOptions,
        interpolation: { escapeValue: false },
        react: { useSuspense: true },
      });
  })();
  return ready;
}

/** Spec: "Language change … failures are only logged." */
export async function setLanguage(code: LanguageCode): Promise<void> {
  try {
    localStorage.setItem(storageKeys.lng, code);
    await i18next.changeLanguage(code);
  } catch (error) {
    console.error("Language change failed", error);
  }
}

export { i18next as i18n };

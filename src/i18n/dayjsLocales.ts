import dayjs from "dayjs";
import type { LanguageCode } from "../../contract/enums";

// Explicit loaders so the bundler splits exactly these 14 locales and nothing else from dayjs.
const loaders: Record<Exclude<LanguageCode, "en">, () => Promise<unknown>> = {
  es: () => import("dayjs/locale/es"),
  fr: () => import("dayjs/locale/fr"),
  id: () => import("dayjs/locale/id"),
  zh: () => import("dayjs/locale/zh-cn"),
  ja: () => import("dayjs/locale/ja"),
  de: () => import("dayjs/locale/de"),
  ru: () => import("dayjs/locale/ru"),
  pt: () => import("dayjs/locale/pt"),
  el: () => import("dayjs/locale/el"),
  it: () => import("dayjs/locale/it"),
  ko: () => import("dayjs/locale/ko"),
  ms: () => import("dayjs/locale/ms"),
  th: () => import("dayjs/locale/th"),
  vi: () => import("dayjs/locale/vi"),
};

const dayjsName = (code: LanguageCode) => (code === "zh" ? "zh-cn" : code);

export async function switchDayjsLocale(code: LanguageCode): Promise<void> {
  if (code !== "en") await loaders[code]();
  dayjs.locale(dayjsName(code));
}

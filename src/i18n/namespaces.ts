/**
 * Every translation namespace of the app. Its own file so the build (scripts/build/firstPaintHtml.ts) can
 * preload them from index.html without loading i18next.
 */
export const namespaces = [
  "common",
  "auth",
  "errors",
  "landing",
  "profile",
  "faq",
  "pages",
  "notifications",
  "predictions",
  "bets",
  "leagues",
  "riders",
  "results",
  "leaderboards",
  "store",
  "prizes",
  "staff",
  "bonus",
  "gurus",
  "news",
  "info",
  "raceNames",
  "raceControl",
  "points",
] as const;

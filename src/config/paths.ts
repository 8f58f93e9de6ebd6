// Spec section 2: every screen's path, word for word.
export const paths = {
  home: "/",
  profile: "/profile",
  editProfile: "/edit-profile",
  leagues: "/leagues",
  createLeague: "/leagues/create",
  manageLeague: "/leagues/manage",
  leagueById: "/leagues/:leagueId",
  allLeagues: "/leagues/all-leagues",
  leagueStatistic: "/leagues/statistic/:leagueId",
  faq: "/faq",
  bonusQuestions: "/bonus-questions",
  bonusAll: "/bonus-questions/all",
  bonusAnswered: "/bonus-questions/answered",
  predictions: "/predictions",
  bets: "/bets",
  ridersAndTeams: "/riders-and-teams",
  leaderboards: "/leaderboards",
  rider: "/rider",
  riderById: "/rider/:riderId",
  page404: "/404",
  results: "/results",
  favorites: "/favorites",
  prizes: "/prizes",
  shop: "/shop",
  // The product's own information pages; each can be replaced by an external address (LINK_<NAME>).
  terms: "/terms",
  privacy: "/privacy",
  about: "/about",
  contact: "/contact",
} as const;
export type ScreenName = keyof typeof paths;

/**
 * Guarded screens that render without the profile, so they paint while a stored session is restored; on
 * such a first page the profile call waits for the screen's content (`firstContentOnScreen` in src/lib/firstPaint.ts).
 */
export const restoringScreens: ReadonlySet<ScreenName> = new Set<ScreenName>(["predictions"]);

/** Query and search parameter names of spec section 2. */
export const queryKeys = {
  league: "league",
  category: "category",
  isEdit: "isEdit",
  userId: "userId",
  data: "data",
  signature: "signature",
  token: "token",
  state: "state",
  teamId: "teamId",
  accessToken: "accessToken",
  refreshToken: "refreshToken",
  isNew: "isNew",
  email: "email",
} as const;

/** Values of the `state` query and other stored keys named by the spec. */
export const stateValues = { recovery: "recovery", profile: "profile" } as const;
export const storageKeys = {
  accessToken: "accessToken",
  refreshToken: "refreshToken",
  rememberMe: "rememberMe",
  redirectTo: "redirectTo",
  social: "social",
  lng: "lng",
} as const;

export const BREAKPOINT_MD = 991;
export const BREAKPOINT_SM = 575;
export const FADE_MS = 333;

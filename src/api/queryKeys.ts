// Shared cache keys, so a screen that changes data can invalidate what the header and other screens read.
export const apiKeys = {
  links: ["system", "links"] as const,
  countries: ["system", "countries"] as const,
  news: ["system", "news"] as const,
  socialProviders: ["auth", "social"] as const,
  publicProfile: (id: string) => ["users", id, "profile"] as const,
  players: (type: string, page: number) => ["users", "players", type, page] as const,
};

/** Leagues (issue 5): everything under ["leagues"], so one invalidation refreshes every league screen. */
export const leagueKeys = {
  all: ["leagues"] as const,
  list: (text: string, country: string) => ["leagues", "list", text, country] as const,
  vip: ["leagues", "vip"] as const,
  mine: (userId: string) => ["leagues", "user", userId] as const,
  manage: ["leagues", "manage"] as const,
  one: (id: string) => ["leagues", "one", id] as const,
  members: (id: string) => ["leagues", "one", id, "members"] as const,
  leaderboard: (id: string) => ["leagues", "one", id, "leaderboard"] as const,
  rewards: (id: string) => ["leagues", "one", id, "rewards"] as const,
  link: (id: string) => ["leagues", "one", id, "link"] as const,
};

/** Diamonds (issue 4): keyed by player, so another sign-in in the same tab never shows the last player's balance. */
export const diamondsKeys = {
  all: ["diamonds"] as const,
  balances: ["diamonds", "balance"] as const,
  balance: (userId: string) => ["diamonds", "balance", userId] as const,
  histories: ["diamonds", "history"] as const,
  history: (userId: string, page: number, take: number) => ["diamonds", "history", userId, page, take] as const,
};

/** Races, riders and teams (issue 4): under ["races"] and ["riders"], read-only calendar data. */
export const raceKeys = {
  all: ["races"] as const,
  list: (page: number, take: number) => ["races", "list", page, take] as const,
  next: (take: number) => ["races", "next", take] as const,
  tracks: ["races", "tracks"] as const,
  dropdown: ["races", "dropdown"] as const,
  /** The race a list opens on (next, else first, else last); `list` names which list it was picked from. */
  current: (list: string, size: number) => ["races", "current", list, size] as const,
  riders: (raceId: string, raceClass: string) => ["races", raceId, "riders", raceClass] as const,
};
export const riderKeys = {
  all: ["riders"] as const,
  list: (query: Record<string, unknown>) => ["riders", "list", query] as const,
  dropdown: (raceClass: string) => ["riders", "dropdown", raceClass] as const,
  one: (id: string) => ["riders", "one", id] as const,
  performances: (id: string, year: number | undefined) => ["riders", "one", id, "performances", year ?? "current"] as const,
  teams: (raceClass: string) => ["riders", "teams", raceClass] as const,
  teamPictures: (id: string) => ["riders", "teams", id, "pictures"] as const,
};

/** Predictions (issue 4): the player's picks per race, keyed by player; the change rules are the same for all. */
export const predictionKeys = {
  all: ["predictions"] as const,
  changeRules: ["predictions", "change-rules"] as const,
  races: (userId: string) => ["predictions", "race", userId] as const,
  race: (userId: string, raceId: string) => ["predictions", "race", userId, raceId] as const,
  leagueStatistics: (leagueId: string, raceId: string) => ["predictions", "statistics", "league", leagueId, raceId] as const,
  /** The player's scored picks of a race (GET /predictions/races/{raceId}/results). */
  results: (userId: string, raceId: string) => ["predictions", "results", userId, raceId] as const,
  /** Every player's scored picks: a results entry changes them all. */
  allResults: ["predictions", "results"] as const,
};

/** Official classifications (issue 4's results): public, the same for every player. */
export const resultKeys = {
  all: ["results"] as const,
  race: (raceId: string) => ["results", "race", raceId] as const,
};

/** Leaderboards: keyed by the viewer too, since each page carries the caller's own row (`me`; "" for a guest). */
export const leaderboardKeys = {
  all: ["leaderboards"] as const,
  season: (viewer: string, season: number | undefined, page: number, take: number) => ["leaderboards", "season", viewer, season ?? "current", page, take] as const,
  race: (viewer: string, raceId: string, page: number, take: number) => ["leaderboards", "race", viewer, raceId, page, take] as const,
};

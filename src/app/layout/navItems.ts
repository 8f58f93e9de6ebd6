import { paths, type ScreenName } from "../../config/paths";

/** Spec section 2: "predictions, bets, leagues, leaderboards, results, riders and teams, bonus, shop". */
export const navItems: readonly { screen: ScreenName; labelKey: string }[] = [
  { screen: "predictions", labelKey: "nav.predictions" },
  { screen: "bets", labelKey: "nav.bets" },
  { screen: "leagues", labelKey: "nav.leagues" },
  { screen: "leaderboards", labelKey: "nav.leaderboards" },
  { screen: "results", labelKey: "nav.results" },
  { screen: "ridersAndTeams", labelKey: "nav.ridersAndTeams" },
  { screen: "bonusQuestions", labelKey: "nav.bonusQuestions" },
  { screen: "shop", labelKey: "nav.shop" },
];

export const navPath = (screen: ScreenName) => paths[screen];

/** A section stays highlighted on its sub-pages (/leagues/create under Leagues). */
export function isActive(location: string, screen: ScreenName) {
  const path = paths[screen];
  return location === path || location.startsWith(`${path}/`);
}

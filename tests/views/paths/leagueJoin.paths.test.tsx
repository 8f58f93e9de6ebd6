// Every QA path of the leagueJoin machine (docs/qa/leagueJoin.md) played on the league page and the invite-link panel.
import { leagueJoinDriver } from "./leagueJoin.driver";
import { walkEveryPathInJsdom } from "./walkInJsdom";

walkEveryPathInJsdom(leagueJoinDriver);

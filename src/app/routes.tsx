import { lazy, type ReactNode } from "react";
import { Route, Switch, useSearch } from "wouter";
import { Layout } from "./layout/Layout";
import { paths, queryKeys, restoringScreens, type ScreenName } from "../config/paths";
import { RequireAuth } from "./LazyRequireAuth";
import { SANDBOX_CHECKOUT_PATH } from "../../contract/storePaths";

// Every screen is its own chunk: a guest on the landing page downloads none of the others.
const LandingScreen = lazy(() => import("../screens/landing/LandingScreen"));
const ProfileScreen = lazy(() => import("../screens/profile/ProfileScreen"));
const EditProfileScreen = lazy(() => import("../screens/editProfile/EditProfileScreen"));
const FaqScreen = lazy(() => import("../screens/faq/FaqScreen"));
const NotFoundScreen = lazy(() => import("../screens/notFound/NotFoundScreen"));
const FavoritesScreen = lazy(() => import("../screens/favorites/FavoritesScreen"));
const LeaguesScreen = lazy(() => import("../screens/leagues/LeaguesScreen"));
const InviteLinkCatcher = lazy(() => import("../screens/leagues/InviteLinkCatcher"));
const CreateLeagueScreen = lazy(() => import("../screens/createLeague/CreateLeagueScreen"));
const ManageLeagueScreen = lazy(() => import("../screens/manageLeague/ManageLeagueScreen"));
const AllLeaguesScreen = lazy(() => import("../screens/allLeagues/AllLeaguesScreen"));
const LeagueScreen = lazy(() => import("../screens/leagueById/LeagueScreen"));
const LeagueStatisticScreen = lazy(() => import("../screens/leagueStatistic/LeagueStatisticScreen"));
const RidersAndTeamsScreen = lazy(() => import("../screens/ridersAndTeams/RidersAndTeamsScreen"));
const RiderByIdScreen = lazy(() => import("../screens/riderById/RiderByIdScreen"));
const RiderIndexScreen = lazy(() => import("../screens/rider/RiderIndexScreen"));
const PredictionsScreen = lazy(() => import("../screens/predictions/PredictionsScreen"));
const BetsScreen = lazy(() => import("../screens/bets/BetsScreen"));
const ResultsScreen = lazy(() => import("../screens/results/ResultsScreen"));
const LeaderboardsScreen = lazy(() => import("../screens/leaderboards/LeaderboardsScreen"));
const StoreScreen = lazy(() => import("../screens/store/StoreScreen"));
const SandboxCheckoutScreen = lazy(() => import("../screens/store/SandboxCheckoutScreen"));
const PrizesScreen = lazy(() => import("../screens/prizes/PrizesScreen"));
const StaffScreen = lazy(() => import("../screens/staff/StaffScreen"));
const BonusQuestionsScreen = lazy(() => import("../screens/bonusQuestions/BonusQuestionsScreen"));
const InfoPageScreen = lazy(() => import("../screens/info/InfoPageScreen"));
/** Screens that need a signed-in player (spec section 6). */
export const guardedScreens: ReadonlySet<ScreenName> = new Set<ScreenName>([
  "editProfile",
  "favorites",
  "leagues",
  "createLeague",
  "manageLeague",
  "leagueById",
  "allLeagues",
  "leagueStatistic",
  "bonusQuestions",
  "bonusAll",
  "bonusAnswered",
  "predictions",
  "bets",
  "results",
  "shop",
  "prizes",
]);

/** The information pages of the footer (terms, privacy, about, contact): public, translated. */
const infoPages = ["terms", "privacy", "about", "contact"] as const satisfies readonly ScreenName[];

function Guarded({ screen, children }: { screen: ScreenName; children: ReactNode }) {
  if (!guardedScreens.has(screen)) return <>{children}</>;
  return <RequireAuth whileRestoring={restoringScreens.has(screen)}>{children}</RequireAuth>;
}

/** `/profile` is public for another player's profile (`?userId=`), private for one's own. */
function ProfileRoute() {
  const userId = new URLSearchParams(useSearch()).get(queryKeys.userId);
  return userId ? (
    <ProfileScreen />
  ) : (
    <RequireAuth>
      <ProfileScreen />
    </RequireAuth>
  );
}

export function AppRoutes() {
  return (
    <Switch>
      <Route path={paths.home}>
        <Layout withHeader={false}>
          <LandingScreen />
        </Layout>
      </Route>
      <Route path={paths.profile}>
        <Layout>
          <ProfileRoute />
        </Layout>
      </Route>
      <Route path={paths.editProfile}>
        <Layout>
          <Guarded screen="editProfile">
            <EditProfileScreen />
          </Guarded>
        </Layout>
      </Route>
      <Route path={paths.faq}>
        <Layout>
          <FaqScreen />
        </Layout>
      </Route>
      <Route path={paths.favorites}>
        <Layout>
          <Guarded screen="favorites">
            <FavoritesScreen />
          </Guarded>
        </Layout>
      </Route>
      {/* Leagues: static paths before /leagues/:leagueId. The invite link is caught before the guard. */}
      <Route path={paths.leagues}>
        <Layout>
          <InviteLinkCatcher />
          <Guarded screen="leagues">
            <LeaguesScreen />
          </Guarded>
        </Layout>
      </Route>
      <Route path={paths.createLeague}>
        <Layout>
          <Guarded screen="createLeague">
            <CreateLeagueScreen />
          </Guarded>
        </Layout>
      </Route>
      <Route path={paths.manageLeague}>
        <Layout>
          <Guarded screen="manageLeague">
            <ManageLeagueScreen />
          </Guarded>
        </Layout>
      </Route>
      <Route path={paths.allLeagues}>
        <Layout>
          <Guarded screen="allLeagues">
            <AllLeaguesScreen />
          </Guarded>
        </Layout>
      </Route>
      <Route path={paths.leagueStatistic}>
        <Layout>
          <Guarded screen="leagueStatistic">
            <LeagueStatisticScreen />
          </Guarded>
        </Layout>
      </Route>
      <Route path={paths.leagueById}>
        <Layout>
          <Guarded screen="leagueById">
            <LeagueScreen />
          </Guarded>
        </Layout>
      </Route>
      <Route path={paths.ridersAndTeams}>
        <Layout>
          <RidersAndTeamsScreen />
        </Layout>
      </Route>
      <Route path={paths.rider}>
        <Layout>
          <RiderIndexScreen />
        </Layout>
      </Route>
      <Route path={paths.riderById}>
        <Layout>
          <RiderByIdScreen />
        </Layout>
      </Route>
      <Route path={paths.predictions}>
        <Layout>
          <Guarded screen="predictions">
            <PredictionsScreen />
          </Guarded>
        </Layout>
      </Route>
      <Route path={paths.bets}>
        <Layout>
          <Guarded screen="bets">
            <BetsScreen />
          </Guarded>
        </Layout>
      </Route>
      <Route path={paths.results}>
        <Layout>
          <Guarded screen="results">
            <ResultsScreen />
          </Guarded>
        </Layout>
      </Route>
      <Route path={paths.leaderboards}>
        <Layout>
          <LeaderboardsScreen />
        </Layout>
      </Route>
      <Route path={paths.shop}>
        <Layout>
          <Guarded screen="shop">
            <StoreScreen />
          </Guarded>
        </Layout>
      </Route>
      <Route path={SANDBOX_CHECKOUT_PATH}>
        <Layout>
          <RequireAuth>
            <SandboxCheckoutScreen />
          </RequireAuth>
        </Layout>
      </Route>
      <Route path={paths.prizes}>
        <Layout>
          <Guarded screen="prizes">
            <PrizesScreen />
          </Guarded>
        </Layout>
      </Route>
      {/* Bonus questions: the tabs new, all and answered are routes. */}
      <Route path={paths.bonusQuestions}>
        <Layout>
          <Guarded screen="bonusQuestions">
            <BonusQuestionsScreen tab="new" />
          </Guarded>
        </Layout>
      </Route>
      <Route path={paths.bonusAll}>
        <Layout>
          <Guarded screen="bonusAll">
            <BonusQuestionsScreen tab="all" />
          </Guarded>
        </Layout>
      </Route>
      <Route path={paths.bonusAnswered}>
        <Layout>
          <Guarded screen="bonusAnswered">
            <BonusQuestionsScreen tab="answered" />
          </Guarded>
        </Layout>
      </Route>
      {infoPages.map((page) => (
        <Route key={page} path={paths[page]}>
          <Layout>
            <InfoPageScreen page={page} />
          </Layout>
        </Route>
      ))}
      {/* Staff tools: /staff and /staff/…, a chunk of their own; a not-found page for players. */}
      <Route path={/^\/staff(?:\/.*)?$/}>
        <Layout>
          <StaffScreen notFound={<NotFoundScreen />} />
        </Layout>
      </Route>
      <Route path={paths.page404}>
        <Layout>
          <NotFoundScreen />
        </Layout>
      </Route>
      <Route>
        <Layout>
          <NotFoundScreen />
        </Layout>
      </Route>
    </Switch>
  );
}

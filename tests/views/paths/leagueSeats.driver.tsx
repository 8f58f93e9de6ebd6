// The leagueSeats machine's driver: the app's owner of the league flows (`seatsActor`,
// src/features/leagues/seatsActor.ts) seen through the real league page (/leagues/{id}) and the invite-link panel of
// the leagues screen (/leagues?data&signature), against a stubbed server for one league. The machine has no state
// of its own: its guard is whether the data comes for another player than the one its flows are for, so the player
// either changes (the session ends while the league page is up: its flow goes, and its buttons with it) or stays
// (the player opens the league's page: its data spawns the league's flow, whose button the page shows). An invite
// link opened spawns the link's flow (its call held), and that flow ends when the server accepts the link.
import { act, screen } from "@testing-library/react";
import { expect } from "vitest";
import { Route } from "wouter";
import type { League } from "../../../contract/leagues";
import { leagueSeatsMachine } from "../../../machines/leagueSeats.machine";
import type { QaPath } from "../../../scripts/paths";
import { ModalHost } from "../../../src/app/ModalHost";
import { paths } from "../../../src/config/paths";
import { seatsActor } from "../../../src/features/leagues/seatsActor";
import { authActor } from "../../../src/runtime/appActor";
import LeagueScreen from "../../../src/screens/leagueById/LeagueScreen";
import LeaguesScreen from "../../../src/screens/leagues/LeaguesScreen";
import { json } from "../fixtures";
import { countries, league, ME, member, paged } from "../leagues/leagueFixtures";
import { renderWithApp, signInForTest } from "../renderWithApp";
import { heldApi, ok, type HeldApi } from "./heldApi";
import type { ViewDriver } from "./walkInJsdom";

type World = { api: HeldApi; league: League; location: () => string | undefined; navigate: (to: string) => void };

const ID = "L1";
const NAME = "Mugello Maniacs";
const ONE = `/api/leagues/${ID}`;
const USE_LINK = "/api/leagues/link/use";
const LINK = { data: "eyJsZWFndWUiOiJMMSJ9", signature: "c2lnbmF0dXJl" };
const USING_LINK = "Joining the league from your invitation…";

const usesLink = (path: QaPath) => path.steps.some((s) => s.event === "leagues.link.use" || s.event === "done *");
/** The path starts on the league's page (the player changes while it is up). */
const startsOnLeague = (path: QaPath) => path.steps[0]!.guard === "playerChanged";

const heading = () => screen.queryByRole("heading", { level: 1, name: NAME });
const openLink = (world: World) => world.navigate(`/leagues?data=${LINK.data}&signature=${LINK.signature}`);

export const leagueSeatsDriver: ViewDriver<World> = {
  machine: leagueSeatsMachine,

  async arrange(path) {
    await signInForTest();
    // A league the player is in when they come from its invite link, one they may join otherwise.
    const world: World = {
      api: null as never,
      league: league(usesLink(path) ? { memberStatus: "ACCEPTED", membersCount: 6 } : {}),
      location: () => undefined,
      navigate: () => {},
    };
    const members = [member("o1", "Pecco Fan"), member("u7", "Ana Rider")];
    world.api = heldApi((call) => {
      if (call.path === "/api/system/countries") return ok(countries);
      // The leagues screen's own lists hold no league: only the link's flow is there.
      if (call.path === `/api/leagues/users/${ME}` || call.path === "/api/leagues/vip") return ok([]);
      if (call.path === "/api/leagues" && call.method === "GET") return json(200, paged([]));
      if (call.path === ONE && call.method === "GET") return ok(world.league);
      if (call.path === `${ONE}/members` && call.method === "GET") return json(200, paged(members));
      if (call.path === USE_LINK && call.method === "POST") return "hold";
      return undefined;
    });
    const view = renderWithApp(
      <>
        <Route path={paths.leagues}>
          <LeaguesScreen />
        </Route>
        <Route path={paths.leagueById}>
          <LeagueScreen />
        </Route>
        <ModalHost />
      </>,
      { path: startsOnLeague(path) ? `/leagues/${ID}` : "/" },
    );
    world.location = view.location;
    world.navigate = (to) => act(() => view.memory.navigate(to));
    if (startsOnLeague(path)) await screen.findByRole("button", { name: `Join ${NAME}` });
    return world;
  },

  act: {
    "leagues.data": ({ world, step }) => {
      // The session is over, as the app ends it when its refresh is refused (src/runtime/appActor.ts, endSession):
      // the owner hears it from the auth actor, not from a view.
      if (step.guard === "playerChanged") authActor.send({ type: "auth.session.expired" });
      else world.navigate(`/leagues/${ID}`);
    },
    "leagues.link.use": ({ world }) => openLink(world),
    // The link opened, and the server accepts it: the link's flow ends there.
    "done *": async ({ world }) => {
      openLink(world);
      await world.api.answer("POST", USE_LINK, ok({ leagueId: ID }));
    },
  },

  shows: {
    async ""({ world, step }) {
      switch (step.event) {
        case "leagues.data":
          if (step.guard === "playerChanged") {
            // The league's flow went with its player: its button waits for a flow that no longer comes.
            await expect.poll(() => screen.queryByRole("button", { name: `Join ${NAME}` })).toBeNull();
            expect(heading()).toBeTruthy();
            expect(screen.getByRole("button", { name: "Please wait…" })).toBeTruthy();
          } else {
            expect(await screen.findByRole("heading", { level: 1, name: NAME })).toBeTruthy();
            expect(await screen.findByRole("button", { name: `Join ${NAME}` })).toBeTruthy();
          }
          return;
        case "leagues.link.use":
          expect((await screen.findAllByText(USING_LINK)).length).toBeGreaterThan(0);
          await expect
            .poll(() => world.api.held.filter((h) => h.call.path === USE_LINK).map((h) => h.call.body))
            .toEqual([LINK]);
          return;
        case "done *":
          // The link used: the app is on its league, the player in it, and the link's flow is gone.
          await expect.poll(world.location).toBe(`/leagues/${ID}`);
          expect(await screen.findByRole("heading", { level: 1, name: NAME })).toBeTruthy();
          expect(await screen.findByRole("button", { name: `Leave league: ${NAME}` })).toBeTruthy();
          expect(screen.queryByText(USING_LINK)).toBeNull();
          // Forgotten by the owner: the next link opened starts a flow of its own.
          expect(seatsActor.getSnapshot().context.link).toBeNull();
          return;
        default:
          throw new Error(`no check after ${step.event}`);
      }
    },
  },
};

import { assign, enqueueActions, fromCallback, setup, type ActorRefFrom } from "xstate";
import { leagueJoinMachine, type LeagueSeat } from "./leagueJoin.machine";

// The owner of the signed-in player's league flows: one join flow per league the app has data of (a list row and
// the league's page share it), kept on the server's latest data, and one for an invite link being used. The app
// reaches a league's flow through this actor's context; flows end when the league is removed or the player changes.

export type LeagueJoinRef = ActorRefFrom<typeof leagueJoinMachine>;

export type LeagueSeatsContext = {
  me: string | null;
  /** The join flow of each league, by league id. */
  seats: Record<string, LeagueJoinRef>;
  /** The flow using an invite link (it learns its league from the link). */
  link: LeagueJoinRef | null;
};

export type LeagueSeatsEvent =
  /** Fresh data of some leagues from the server (a list, a league's page, a live event), for player `me`. */
  | { type: "leagues.data"; me: string | null; leagues: readonly LeagueSeat[] }
  | { type: "leagues.link.use"; data: string; signature: string };

const seatId = (leagueId: string) => `seat:${leagueId}`;

export const leagueSeatsMachine = setup({
  types: {
    context: {} as LeagueSeatsContext,
    events: {} as LeagueSeatsEvent,
  },
  actors: {
    leagueJoin: leagueJoinMachine,
    /** Follows the server data of leagues, sending `leagues.data`. */
    watchLeagues: fromCallback<LeagueSeatsEvent>(() => () => {}),
  },
  guards: {
    /** Another player signed in (or out): the old player's flows are not theirs. */
    playerChanged: ({ context, event }) => event.type === "leagues.data" && event.me !== context.me,
  },
  actions: {
    stopAll: enqueueActions(({ context, enqueue }) => {
      for (const ref of [...Object.values(context.seats), context.link]) if (ref) enqueue.stopChild(ref);
      enqueue.assign({ seats: {}, link: null });
    }),
    setPlayer: assign({ me: ({ context, event }) => (event.type === "leagues.data" ? event.me : context.me) }),
    /** A flow for each league new to it; fresh data to the others. */
    syncSeats: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== "leagues.data" || event.me === null) return;
      const me = event.me;
      for (const league of event.leagues) {
        const ref = context.seats[league.id];
        if (ref) enqueue.sendTo(ref, { type: "league.sync", league, me });
        else {
          enqueue.assign({
            seats: ({ context: c, spawn }) => ({
              ...c.seats,
              [league.id]: spawn("leagueJoin", { id: seatId(league.id), input: { league, me } }),
            }),
          });
        }
      }
    }),
    useLink: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== "leagues.link.use") return;
      if (context.link) enqueue.stopChild(context.link);
      enqueue.assign({
        link: ({ spawn }) => spawn("leagueJoin", { id: "link", input: { league: null, me: context.me } }),
      });
      enqueue.sendTo(({ context: c }) => c.link!, { type: "link.use", data: event.data, signature: event.signature });
    }),
    /** A flow that ended (its league removed, or its link used) goes. */
    forgetEnded: enqueueActions(({ context, event, enqueue }) => {
      const actorId = (event as { actorId?: string }).actorId;
      const entry = Object.entries(context.seats).find(([, ref]) => ref.id === actorId);
      if (entry) {
        enqueue.stopChild(entry[1]);
        const rest = { ...context.seats };
        delete rest[entry[0]];
        enqueue.assign({ seats: rest });
        return;
      }
      const link = context.link;
      if (link && link.id === actorId) {
        enqueue.stopChild(link);
        enqueue.assign({ link: null });
      }
    }),
  },
}).createMachine({
  id: "leagueSeats",
  description:
    "The player's league flows: a join flow per league the app holds data of, spawned on its first data and synced on later data; one flow for an invite link; flows whose league is removed end; all end when the player changes.",
  context: { me: null, seats: {}, link: null },
  invoke: { id: "watch", src: "watchLeagues" },
  on: {
    "leagues.data": [
      { guard: "playerChanged", actions: ["stopAll", "setPlayer", "syncSeats"] },
      { actions: "syncSeats" },
    ],
    "leagues.link.use": { actions: "useLink" },
    "xstate.done.actor.*": { actions: "forgetEnded" },
  },
});

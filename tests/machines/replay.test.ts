// Support's replay: a machine actor recorded through XState's `inspect` (redacted) replays through the
// same machine, without its services, to the recorded snapshot; a tampered recording is caught; a machine that
// reads the clock replays with the time it read then, not the replay's.
import { describe, expect, it } from "vitest";
import { assign, createActor, fromCallback, fromPromise } from "xstate";
import { actorNames, DiagnosticsBundle, redact, REDACTED } from "../../contract/diagnostics";
import { leagueJoinMachine, type LeagueSeat } from "../../machines/leagueJoin.machine";
import { predictionChangeMachine, type ChangeRequest } from "../../machines/predictionChange.machine";
import { predictionFormMachine } from "../../machines/predictionForm.machine";
import { predictionWeekendMachine, type WeekendData } from "../../machines/predictionWeekend.machine";
import { upgradeButtonMachine } from "../../machines/upgradeButton.machine";
import { createRecorder, replayActor } from "../../machines/recorder";
import { pick, riders, rules, T0, view, world } from "../views/predictions/predictionFixtures";
import { settle } from "./stubs";

const weekendData = (picks: ReturnType<typeof pick>[]): WeekendData => ({
  prediction: view(world({ now: T0, balance: 100, picks })),
  riders,
  rules,
});

const league: LeagueSeat = { id: "L1", type: "PUBLIC", ownerId: "u1", membersCount: 3, max: 100, memberStatus: null };

async function recordJoinAndRemove() {
  const recorder = createRecorder();
  const answers: Record<string, unknown> = {
    join: { memberStatus: "ACCEPTED", membersCount: 4 },
    removeMember: { memberStatus: "ACCEPTED", membersCount: 3 },
  };
  const actors = Object.fromEntries(
    ["join", "accept", "removeMember", "approve", "deleteLeague", "useLink"].map((name) => [
      name,
      fromPromise(async () => answers[name]),
    ]),
  );
  const actor = createActor(leagueJoinMachine.provide({ actors: actors as never }), {
    input: { league, me: "u1" },
    inspect: recorder.inspect,
  });
  actor.start();
  actor.send({ type: "league.join" });
  await settle();
  actor.send({ type: "member.remove", userId: "u2", name: "Bagnaia" });
  actor.send({ type: "league.cancel" });
  actor.send({ type: "member.remove", userId: "u2", name: "Bagnaia" });
  actor.send({ type: "league.confirm" });
  await settle();
  return { recorder, actor };
}

describe("Record and replay", () => {
  it("the replay takes the recorded events to the recorded snapshot, state by state", async () => {
    const { recorder, actor } = await recordJoinAndRemove();
    expect(actor.getSnapshot().value).toEqual({ ready: "member" });
    const bundle = DiagnosticsBundle.parse(
      JSON.parse(
        JSON.stringify({
          appVersion: "t",
          route: "/leagues/L1",
          createdAt: new Date().toISOString(),
          actors: recorder.actors(),
          apiErrors: [],
        }),
      ),
    );
    const [recorded] = bundle.actors;
    expect(recorded!.machine).toBe("leagueJoin");
    expect(recorded!.steps.map((s) => (s.event as { type: string }).type)).toEqual([
      "league.join",
      "xstate.done.actor.join",
      "member.remove",
      "league.cancel",
      "member.remove",
      "league.confirm",
      "xstate.done.actor.remove",
    ]);
    const result = replayActor(leagueJoinMachine, recorded!);
    expect(result.steps.map((s) => s.value)).toEqual(recorded!.steps.map((s) => s.value));
    expect(result.finalValue).toEqual({ ready: "member" });
    expect(result.matches).toBe(true);
  });

  it("a recording that does not match the machine is reported as not matching", async () => {
    const { recorder } = await recordJoinAndRemove();
    const [recorded] = recorder.actors();
    const tampered = { ...recorded!, steps: recorded!.steps.map((s, i) => (i === 2 ? { ...s, value: "removed" } : s)) };
    const result = replayActor(leagueJoinMachine, tampered);
    expect(result.matches).toBe(false);
    expect(result.steps[2]!.matches).toBe(false);
  });

  it("a paid change made in the EARLY tier replays to changed with the recorded clock, whatever the time now", async () => {
    const start = Date.parse("2026-05-03T12:00:00Z");
    const request: ChangeRequest = {
      raceId: "r1",
      session: { startsAt: start, endsAt: start + 40 * 60_000, canceled: false },
      changes: [{ category: "FP1", from: "marquez", to: "bagnaia" }],
    };
    const recorder = createRecorder();
    const live = predictionChangeMachine.provide({
      actions: { readClock: assign({ now: () => start + 2 * 60_000 }) as never },
      actors: { submitChange: fromPromise(async () => ({ balance: 75 })) },
    });
    const actor = createActor(live, { input: { request, balance: 100 }, inspect: recorder.inspect }).start();
    expect(actor.getSnapshot().value).toBe("confirming");
    actor.send({ type: "change.confirm" });
    await settle();
    expect(actor.getSnapshot().value).toBe("changed");
    const [recorded] = DiagnosticsBundle.parse(
      JSON.parse(
        JSON.stringify({
          appVersion: "t",
          route: "/predictions",
          createdAt: new Date().toISOString(),
          actors: recorder.actors(),
          apiErrors: [],
        }),
      ),
    ).actors;
    expect(recorded!.steps.map((s) => s.now)).toEqual([start + 2 * 60_000, start + 2 * 60_000]);
    // The machine's own clock (Date.now(), long after the session) would send the confirm back to checking.
    const result = replayActor(predictionChangeMachine, recorded!);
    expect(result.steps.map((s) => `${s.event} → ${String(s.value)}`)).toEqual([
      "change.confirm → submitting",
      "xstate.done.actor.submitChange → changed",
    ]);
    expect(result.matches).toBe(true);
    expect(result.error).toBeNull();
  });

  it("the Predictions weekend replays to its recorded snapshot: its data is kept, the names in it are not", async () => {
    const recorder = createRecorder();
    const readClock = assign({ now: () => T0 });
    const services = fromPromise(async () => ({}));
    const live = predictionWeekendMachine.provide({
      actions: {
        readClock: readClock as never,
        openChooser: () => {},
        closeChooser: () => {},
        openChange: () => {},
        closeChange: () => {},
        showError: () => {},
        refetch: () => {},
      },
      actors: {
        watchWeekend: fromCallback(() => () => {}),
        repick: services as never,
        predictionForm: predictionFormMachine.provide({ actors: { save: services as never } }),
        upgradeButton: upgradeButtonMachine.provide({ actors: { purchase: services as never } }),
        predictionChange: predictionChangeMachine.provide({ actions: { readClock: readClock as never } }),
      },
    });
    const actor = createActor(live, { inspect: recorder.inspect }).start();
    actor.send({ type: "weekend.open", session: { userId: "u1", raceId: "R1" } });
    // FP1 saved, FP2's rider injured since: pressing FP2 opens the chooser for a free re-pick.
    actor.send({ type: "weekend.data", data: weekendData([pick("FP1", "r1"), pick("FP2", "r3")]) });
    actor.send({ type: "card.press", category: "FP2" });
    actor.getSnapshot().context.chooser!.send({ type: "chooser.pick", riderId: "r2" });
    await settle();
    const bundle = DiagnosticsBundle.parse(
      JSON.parse(
        JSON.stringify({
          appVersion: "t",
          route: "/predictions",
          createdAt: new Date().toISOString(),
          actors: recorder.actors(),
          apiErrors: [],
        }),
      ),
    );
    const recorded = bundle.actors.find((a) => a.machine === "predictionWeekend")!;
    const result = replayActor(predictionWeekendMachine, recorded);
    expect(result.error).toBeNull();
    // The chooser's rider travels in its done event: the replay decides the re-pick without the child running.
    expect(result.steps.map((s) => s.event)).toEqual([
      "weekend.open",
      "weekend.data",
      "card.press",
      "xstate.done.actor.chooser",
      "xstate.done.actor.repick",
    ]);
    expect(result.finalValue).toEqual(actor.getSnapshot().value);
    expect(result.matches).toBe(true);
    const names = riders.map((r) => r.name);
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(JSON.stringify(bundle)).not.toContain(`"${name}"`);
  });

  it("an invite link's signed payload is opaque and redacted with its signature", () => {
    expect(redact({ type: "link.use", data: "eyJsZWFndWUiOiJMMSJ9", signature: "abc" })).toEqual({
      type: "link.use",
      data: REDACTED,
      signature: REDACTED,
    });
  });

  it("text the database cannot store becomes U+FFFD; whole characters, emoji included, stay as they are", () => {
    expect(redact({ ok: "Mandalika 🏍️ ü", nul: "a\u0000b", high: "x\ud83d", low: "\udc00y", ["k\ud800"]: 1 })).toEqual({
      ok: "Mandalika 🏍️ ü",
      nul: "a\uFFFDb",
      high: "x\uFFFD",
      low: "\uFFFDy",
      ["k\uFFFD"]: 1,
    });
  });

  it("keeps an actor's systemId, so support reads 'auth', not XState's x:N", () => {
    const recorder = createRecorder();
    const named = createActor(leagueJoinMachine, {
      input: { league, me: "u1" },
      systemId: "leagueJoin-L1",
      inspect: recorder.inspect,
    }).start();
    const unnamed = createActor(leagueJoinMachine, { input: { league, me: "u1" }, inspect: recorder.inspect }).start();
    const recorded = recorder.actors();
    expect(recorded.map((a) => a.systemId)).toEqual(["leagueJoin-L1", undefined]);
    expect(actorNames(recorded)).toEqual(["leagueJoin-L1", "leagueJoin"]);
    named.stop();
    unnamed.stop();
  });

  it("names, e-mails, tokens and codes never reach the bundle", async () => {
    const { recorder } = await recordJoinAndRemove();
    const text = JSON.stringify(recorder.actors());
    expect(text).not.toContain("Bagnaia");
    expect(
      redact({
        email: "ana@example.com",
        note: "write to ana@example.com",
        accessToken: "x",
        code: "123456",
        status: "OK",
        nested: [{ name: "Ana" }],
      }),
    ).toEqual({
      email: REDACTED,
      note: REDACTED,
      accessToken: REDACTED,
      code: REDACTED,
      status: "OK",
      nested: [{ name: REDACTED }],
    });
  });
});

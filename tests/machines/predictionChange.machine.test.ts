import { describe, expect, it } from "vitest";
import { assign, createActor, fromPromise, SimulatedClock } from "xstate";
import type { ErrorBody } from "../../contract/common";
import {
  betweenTiers as betweenTiersOf,
  changeTierAt,
  lateOpensAt as lateOpensAtOf,
  sessionOver,
  tierEndsAt as tierEndsAtOf,
  type SessionWindow,
} from "../../contract/weekendRules/time";
import { defaultWeekendRules as rules } from "../../contract/weekendRules/weekendRules";
import {
  changedPicks,
  MAX_TIMER_MS,
  predictionChangeMachine,
  shownCost,
  type ChangeRequest,
  type SubmitChangeInput,
} from "../../machines/predictionChange.machine";
import { apiError } from "./authFixtures";
import { settle } from "./stubs";

// Every path of the machine is played in the Predictions screen's ChangePrediction modal on the real weekend owner,
// with the coverage of every transition (tests/views/paths/predictionChange.paths.test.tsx); these are the rules a
// path does not spell out.

const MIN = 60_000;
const SEC = 1000;
// The race session: 40 minutes. BEFORE until the start, EARLY for 5 minutes, nothing, LATE in the last 5.
const START = Date.parse("2026-05-03T12:00:00Z");
const END = START + 40 * MIN;
const session: SessionWindow = { startsAt: START, endsAt: END, canceled: false };
// The contract's time rules with this test's rules (the game's own numbers).
const tierAt = (now: number, s: SessionWindow) => changeTierAt(now, s, rules);
const betweenTiers = (now: number, s: SessionWindow) => betweenTiersOf(now, s, rules);
const tierEndsAt = (tier: Parameters<typeof tierEndsAtOf>[0], s: SessionWindow) => tierEndsAtOf(tier, s, rules);
const lateOpensAt = (s: SessionWindow) => lateOpensAtOf(s, rules);

const at = {
  before: START - 60 * MIN,
  early: START + 2 * MIN,
  between: START + 20 * MIN,
  late: END - 3 * MIN,
  over: END + MIN,
};

// Two picks really move, one is a repeat: charged 2 × the tier's cost (20 / 50 / 100).
const request: ChangeRequest = {
  raceId: "r1",
  session,
  changes: [
    { category: "RACE_FIRST", from: "marquez", to: "bagnaia" },
    { category: "RACE_SECOND", from: "bagnaia", to: "marquez" },
    { category: "RACE_THIRD", from: "martin", to: "martin" },
  ],
};
const nothing: ChangeRequest = { ...request, changes: [{ category: "FP1", from: "a", to: "a" }] };

const expiredBody: ErrorBody = {
  statusCode: 418,
  code: "predictionExpired",
  message: "The time to make the prediction has expired",
};
const broken: ErrorBody = { statusCode: 500, code: "somethingWentWrong", message: "Something went wrong." };

describe("Change tiers at their limits (one second either side)", () => {
  it.each([
    ["before the start", START - SEC, "BEFORE"],
    ["at the start", START, "EARLY"],
    ["after the start", START + SEC, "EARLY"],
    ["before EARLY closes", START + 5 * MIN - SEC, "EARLY"],
    ["after EARLY closes", START + 5 * MIN + SEC, null],
    ["before LATE opens", END - 5 * MIN - SEC, null],
    ["after LATE opens", END - 5 * MIN + SEC, "LATE"],
    ["before the end", END - SEC, "LATE"],
    ["at the end", END, null],
    ["after the end", END + SEC, null],
  ] as const)("%s: %s", (_n, now, tier) => {
    expect(tierAt(now, session)).toBe(tier);
  });

  it("between the tiers LATE is still to come; from the end on, nothing", () => {
    expect(betweenTiers(START + 5 * MIN - SEC, session)).toBe(false);
    expect(betweenTiers(START + 5 * MIN + SEC, session)).toBe(true);
    expect(betweenTiers(END - 5 * MIN - SEC, session)).toBe(true);
    expect(betweenTiers(END - 5 * MIN + SEC, session)).toBe(false);
    expect(sessionOver(END - SEC, session)).toBe(false);
    expect(sessionOver(END + SEC, session)).toBe(true);
  });

  it("each tier ends where the next rule begins", () => {
    expect(tierEndsAt("BEFORE", session)).toBe(START);
    expect(tierEndsAt("EARLY", session)).toBe(START + 5 * MIN);
    expect(tierEndsAt("LATE", session)).toBe(END);
    expect(lateOpensAt(session)).toBe(END - 5 * MIN);
  });

  it("only picks that really move are charged", () => {
    expect(changedPicks(request.changes).map((c) => c.category)).toEqual(["RACE_FIRST", "RACE_SECOND"]);
  });
});

/** A change actor on a fake clock: `time` is what the clock reads, `clock` fires the timers. */
function startChange(
  startAt: number,
  balance: number,
  submit: (input: SubmitChangeInput) => Promise<{ balance: number }> = async () => ({ balance }),
) {
  let time = startAt;
  const clock = new SimulatedClock();
  const submitted: SubmitChangeInput[] = [];
  const actor = createActor(
    predictionChangeMachine.provide({
      actions: { readClock: assign({ now: () => time }) as never },
      actors: {
        submitChange: fromPromise<{ balance: number }, SubmitChangeInput>(async ({ input }) => {
          submitted.push(input);
          return submit(input);
        }),
      },
    }),
    { input: { request, balance }, clock },
  ).start();
  const snap = () => actor.getSnapshot();
  return {
    actor,
    submitted,
    snap,
    /** Time passes and the timers due fire. */
    advance: (ms: number) => {
      time += ms;
      clock.increment(ms);
    },
    /** Time passes without the timers firing (a sleeping tab). */
    sleep: (ms: number) => void (time += ms),
  };
}

describe("Change Predictions (game rules)", () => {
  it.each([
    ["one second before the start: BEFORE, 10 per pick", START - SEC, "BEFORE", 20],
    ["one second after the start: EARLY, 25 per pick", START + SEC, "EARLY", 50],
    ["one second before EARLY closes", START + 5 * MIN - SEC, "EARLY", 50],
    ["one second after LATE opens: LATE, 50 per pick", END - 5 * MIN + SEC, "LATE", 100],
    ["one second before the end", END - SEC, "LATE", 100],
  ] as const)("%s", (_n, now, tier, cost) => {
    const { snap } = startChange(now, 500);
    expect(snap().value).toBe("confirming");
    expect(snap().context.tier).toBe(tier);
    expect(shownCost(snap().context)).toBe(cost);
  });

  it.each([
    ["one second after EARLY closes", START + 5 * MIN + SEC, "between"],
    ["one second before LATE opens", END - 5 * MIN - SEC, "between"],
    ["one second after the end", END + SEC, "expired"],
  ] as const)("%s: no change (%s)", (_n, now, state) => {
    expect(startChange(now, 500).snap().value).toBe(state);
  });

  it("confirming submits the changed picks with the tier and total seen, and takes the new balance", async () => {
    const { actor, submitted, snap } = startChange(at.early, 500, async () => ({ balance: 450 }));
    actor.send({ type: "change.confirm" });
    await settle();
    expect(submitted).toEqual([{ raceId: "r1", tier: "EARLY", cost: 50, changes: changedPicks(request.changes) }]);
    expect(snap().value).toBe("changed");
    expect(snap().context.balance).toBe(450);
  });

  it("too few diamonds: waits for a balance update, then asks to confirm", () => {
    const { actor, snap } = startChange(at.late, 99);
    expect(snap().value).toBe("insufficient");
    actor.send({ type: "change.balance", balance: 100 });
    expect(snap().value).toBe("confirming");
  });

  it("the tier closing while the modal is open is caught on confirm: EARLY gone, nothing submitted", async () => {
    const { actor, snap, sleep, submitted } = startChange(START + 5 * MIN - SEC, 500);
    sleep(2 * SEC);
    actor.send({ type: "change.confirm" });
    await settle();
    expect(snap().value).toBe("between");
    expect(submitted).toEqual([]);
  });

  it("LATE closing while confirming: expired ('The time to make the prediction has expired')", () => {
    const { actor, snap, sleep } = startChange(END - SEC, 500);
    sleep(2 * SEC);
    actor.send({ type: "change.confirm" });
    expect(snap().value).toBe("expired");
  });

  it("the session starting while confirming re-asks at the new price instead of charging more", () => {
    const { actor, snap, sleep } = startChange(START - SEC, 500);
    sleep(2 * SEC);
    actor.send({ type: "change.confirm" });
    expect(snap().value).toBe("confirming");
    expect(snap().context).toMatchObject({ tier: "EARLY", repriced: true });
    expect(shownCost(snap().context)).toBe(50);
  });

  it("the machine re-checks by itself when the shown tier ends", () => {
    const { snap, advance } = startChange(START - 10 * SEC, 500);
    advance(9 * SEC);
    expect(snap().context.tier).toBe("BEFORE");
    advance(SEC);
    expect(snap().value).toBe("confirming");
    expect(snap().context.tier).toBe("EARLY");
    advance(5 * MIN);
    expect(snap().value).toBe("between");
    advance(30 * MIN);
    expect(snap().value).toBe("confirming");
    expect(snap().context.tier).toBe("LATE");
    advance(5 * MIN);
    expect(snap().value).toBe("expired");
  });

  it("a change weeks ahead re-arms its timer instead of firing at once (timers cap at about 24.8 days)", () => {
    const { snap, advance } = startChange(START - 30 * 24 * 60 * MIN, 500);
    expect(snap().value).toBe("confirming");
    advance(MAX_TIMER_MS - SEC);
    expect(snap().context.now).toBe(START - 30 * 24 * 60 * MIN);
    advance(SEC);
    expect(snap().value).toBe("confirming");
    expect(snap().context).toMatchObject({ tier: "BEFORE", now: START - 30 * 24 * 60 * MIN + MAX_TIMER_MS });
  });

  it("418 from the server: expired; other errors: Try Again re-checks and resubmits", async () => {
    let answer: ErrorBody | null = broken;
    const { actor, snap, submitted } = startChange(at.before, 500, async () => {
      if (answer) throw apiError(answer);
      return { balance: 480 };
    });
    actor.send({ type: "change.confirm" });
    await settle();
    expect(snap().value).toBe("failed");
    expect(snap().context.error).toEqual(broken);
    answer = null;
    actor.send({ type: "change.retry" });
    await settle();
    expect(snap().value).toBe("changed");
    expect(submitted).toHaveLength(2);

    const second = startChange(at.late, 500, async () => {
      throw apiError(expiredBody);
    });
    second.actor.send({ type: "change.confirm" });
    await settle();
    expect(second.snap().value).toBe("expired");
    expect(second.snap().context.error?.statusCode).toBe(418);
  });

  it("cancel closes the modal without a call", () => {
    const { actor, snap, submitted } = startChange(at.before, 500);
    actor.send({ type: "change.cancel" });
    expect(snap().value).toBe("canceled");
    expect(submitted).toEqual([]);
  });

  it("a request that moves no pick is not opened", () => {
    const actor = createActor(predictionChangeMachine, { input: { request: nothing, balance: 500 } }).start();
    expect(actor.getSnapshot().value).toBe("idle");
  });
});

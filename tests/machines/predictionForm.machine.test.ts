import { describe, expect, it } from "vitest";
import { createActor, fromPromise } from "xstate";
import type { ErrorBody } from "../../contract/common";
import { PredictionCategory } from "../../contract/enums";
import { duplicateOf, isComplete, mergeSaved, unsavedCategories, type Picks } from "../../contract/weekendRules/form";
import { predictionFormMachine, type SaveInput } from "../../machines/predictionForm.machine";
import { apiError } from "./authFixtures";
import { settle } from "./stubs";

// The form's paths are walked on the Predictions screen's cards and save bar (tests/views/paths/predictionForm.paths.test.tsx),
// with the coverage of every transition; these are the rules the paths do not spell out (what a save sends, what a
// 418 keeps, a draft restored).

const started: ErrorBody = { statusCode: 418, code: "raceStarted", message: "Race has already started" };
/** A late save's 418 as the server answers it: the sessions that had started. */
const fp1Started: ErrorBody = { ...started, sessions: ["FP1"] };
const broken: ErrorBody = { statusCode: 500, code: "somethingWentWrong", message: "Something went wrong." };

function startForm(
  saved: Picks = {},
  save: (input: SaveInput) => Promise<{ version: number }> = async (i) => ({ version: i.version + 1 }),
) {
  const calls: SaveInput[] = [];
  const actor = createActor(
    predictionFormMachine.provide({
      actors: {
        save: fromPromise<{ version: number }, SaveInput>(async ({ input }) => {
          calls.push(input);
          return save(input);
        }),
      },
    }),
    { input: { raceId: "r1", saved, version: 1 } },
  ).start();
  const snap = () => actor.getSnapshot();
  const choose = (category: PredictionCategory, riderId: string) =>
    actor.send({ type: "form.choose", category, riderId });
  return { actor, calls, snap, choose, status: () => JSON.stringify(snap().value) };
}

const fullWeekend: Picks = {
  FP1: "a",
  PRACTICE_FASTEST: "b",
  FP2: "c",
  POLEMAN: "d",
  SPRINT_FIRST: "a",
  SPRINT_SECOND: "b",
  SPRINT_THIRD: "c",
  RACE_FIRST: "d",
  RACE_SECOND: "a",
  RACE_THIRD: "b",
  POSITION_GAINED: "e",
};

describe("The prediction form (game rules: Saving and locking)", () => {
  it("takes a rider for each of the 11 categories; the same rider may sit on both podiums", () => {
    const { choose, snap } = startForm();
    for (const [category, rider] of Object.entries(fullWeekend)) choose(category as PredictionCategory, rider);
    expect(snap().context.picks).toEqual(fullWeekend);
    expect(snap().context.refusal).toBeNull();
    expect(PredictionCategory.options).toHaveLength(11);
  });

  it.each([
    ["race", "RACE_FIRST", "RACE_THIRD"],
    ["sprint", "SPRINT_SECOND", "SPRINT_FIRST"],
  ] as const)("refuses one rider twice on the %s podium, with the reason", (_n, first, second) => {
    const { choose, snap } = startForm();
    choose(first, "marquez");
    choose(second, "marquez");
    expect(snap().context.picks).toEqual({ [first]: "marquez" });
    expect(snap().context.refusal).toEqual({
      reason: "duplicate",
      category: second,
      riderId: "marquez",
      heldBy: first,
    });
    choose(second, "bagnaia");
    expect(snap().context.refusal).toBeNull();
  });

  it("re-choosing a podium pick's own rider is no duplicate", () => {
    expect(duplicateOf({ RACE_FIRST: "m" }, "RACE_FIRST", "m")).toBeNull();
    expect(duplicateOf({ RACE_FIRST: "m" }, "POSITION_GAINED", "m")).toBeNull();
    expect(duplicateOf({ RACE_FIRST: "m" }, "RACE_SECOND", "m")).toBe("RACE_FIRST");
  });

  it("tracks unsaved choices: dirty after a choice, clean once the server holds it (fresh data)", () => {
    const { actor, choose, status } = startForm();
    expect(status()).toBe(JSON.stringify({ editing: "clean" }));
    choose("FP1", "martin");
    expect(status()).toBe(JSON.stringify({ editing: "dirty" }));
    actor.send({ type: "form.sync", saved: { FP1: "martin" }, version: 2 });
    expect(status()).toBe(JSON.stringify({ editing: "clean" }));
  });

  it("saves every pick (POST the first time, PUT after) and shows saved", async () => {
    const { actor, calls, choose, snap, status } = startForm();
    choose("FP1", "martin");
    choose("RACE_FIRST", "marquez");
    actor.send({ type: "form.save" });
    expect(status()).toBe(JSON.stringify("saving"));
    await settle();
    expect(calls).toEqual([
      {
        raceId: "r1",
        version: 1,
        first: true,
        data: [
          { category: "FP1", riderId: "martin" },
          { category: "RACE_FIRST", riderId: "marquez" },
        ],
      },
    ]);
    expect(status()).toBe(JSON.stringify({ editing: "saved" }));
    expect(snap().context.saved).toEqual({ FP1: "martin", RACE_FIRST: "marquez" });
    choose("FP2", "bagnaia");
    actor.send({ type: "form.save" });
    await settle();
    expect(calls[1]).toMatchObject({ version: 2, first: false });
  });

  it("a saved pick is not changed here (only through Change Predictions)", () => {
    const { choose, snap } = startForm({ FP1: "martin" });
    choose("FP1", "bagnaia");
    expect(snap().context.picks.FP1).toBe("martin");
    expect(snap().context.refusal).toEqual({ reason: "saved", category: "FP1", riderId: "bagnaia" });
  });

  it("other errors: the error state keeps the choices; Try Again saves them", async () => {
    let fail = true;
    const { actor, calls, choose, snap, status } = startForm({}, async () => {
      if (fail) throw apiError(broken);
      return { version: 2 };
    });
    choose("POLEMAN", "martin");
    actor.send({ type: "form.save" });
    await settle();
    expect(status()).toBe(JSON.stringify("failed"));
    expect(snap().context.error).toEqual(broken);
    fail = false;
    actor.send({ type: "form.retry" });
    await settle();
    expect(status()).toBe(JSON.stringify({ editing: "saved" }));
    expect(calls).toHaveLength(2);
  });

  it("fresh data keeps unsaved choices that still fit and drops those a saved pick now blocks", () => {
    expect(mergeSaved({ FP1: "x", RACE_FIRST: "m", RACE_SECOND: "b" }, { RACE_THIRD: "m" })).toEqual({
      FP1: "x",
      RACE_SECOND: "b",
      RACE_THIRD: "m",
    });
    expect(mergeSaved({ FP1: "x" }, { FP1: "y" })).toEqual({ FP1: "y" });
  });

  it("a weekend is complete with all 11 saved", () => {
    expect(isComplete(fullWeekend)).toBe(true);
    const { POSITION_GAINED: _dropped, ...ten } = fullWeekend;
    expect(isComplete(ten)).toBe(false);
  });
});

describe("A late save closes only the sessions that have started (game rules: Saving and locking)", () => {
  it("418 naming FP1: FP1's choice goes, every other choice stays unsaved, and the next save sends only those", async () => {
    let late = true;
    const { actor, calls, choose, snap, status } = startForm({}, async (input) => {
      if (late) throw apiError(fp1Started);
      return { version: input.version + 1 };
    });
    choose("FP1", "martin");
    choose("PRACTICE_FASTEST", "bagnaia");
    choose("RACE_FIRST", "marquez");
    actor.send({ type: "form.save" });
    await settle();
    expect(status()).toBe(JSON.stringify({ editing: "dirty" }));
    expect(snap().context.picks).toEqual({ PRACTICE_FASTEST: "bagnaia", RACE_FIRST: "marquez" });
    expect(snap().context.late).toEqual({ sessions: ["FP1"], dropped: ["FP1"] });
    expect(snap().context.started).toEqual(["FP1"]);
    late = false;
    actor.send({ type: "form.save" });
    await settle();
    expect(calls[1]!.data).toEqual([
      { category: "PRACTICE_FASTEST", riderId: "bagnaia" },
      { category: "RACE_FIRST", riderId: "marquez" },
    ]);
    expect(status()).toBe(JSON.stringify({ editing: "saved" }));
    expect(snap().context.late).toBeNull();
  });

  it("418 naming nothing: nothing is closed on a guess; the choices stay until the clock closes their sessions", async () => {
    const { actor, choose, snap, status } = startForm({}, async () => {
      throw apiError(started);
    });
    choose("FP1", "martin");
    choose("FP2", "bagnaia");
    actor.send({ type: "form.save" });
    await settle();
    expect(status()).toBe(JSON.stringify({ editing: "dirty" }));
    expect(snap().context.picks).toEqual({ FP1: "martin", FP2: "bagnaia" });
    actor.send({ type: "form.close", categories: ["FP1"] });
    expect(snap().context.picks).toEqual({ FP2: "bagnaia" });
  });

  it("a session starting live drops its unsaved choice from what is left to save; a saved pick stays", () => {
    const { actor, choose, snap, status } = startForm({ POLEMAN: "d" });
    choose("FP1", "martin");
    expect(unsavedCategories(snap().context.picks, snap().context.saved)).toEqual(["FP1"]);
    actor.send({ type: "form.close", categories: ["FP1", "POLEMAN"] });
    expect(snap().context.picks).toEqual({ POLEMAN: "d" });
    expect(status()).toBe(JSON.stringify({ editing: "clean" }));
  });

  it("a draft comes back where its session is still open and nothing saved took its place", () => {
    const actor = createActor(predictionFormMachine, {
      input: {
        raceId: "r1",
        saved: { FP2: "c" },
        version: 1,
        draft: { FP1: "a", FP2: "x", POLEMAN: "d" },
        closed: ["FP1"],
      },
    }).start();
    expect(actor.getSnapshot().context.picks).toEqual({ FP2: "c", POLEMAN: "d" });
    expect(actor.getSnapshot().hasTag("dirty")).toBe(true);
  });
});

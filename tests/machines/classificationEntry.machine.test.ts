import { describe, expect, it } from "vitest";
import { createActor, createMachine, fromPromise } from "xstate";
import type { ErrorBody } from "../../contract/common";
import type { ResultPreview } from "../../contract/operations";
import {
  classificationEntryMachine,
  resolveNumbers,
  resolutionValid,
  type ClassificationContext,
  type ClassificationInput,
  type PreviewRequest,
} from "../../machines/classificationEntry.machine";
import { apiError } from "./authFixtures";
import { allTransitions, coverageLine, missing, promiseStubs, runPath, transitionPaths } from "./modelWalk";

const riders = [
  { id: "r93", number: 93, name: "Marc Marquez", out: false },
  { id: "r41", number: 41, name: "Aleix Espargaro", out: false },
  { id: "r12", number: 12, name: "Maverick Viñales", out: false },
  { id: "r36", number: 36, name: "Joan Mir", out: true },
];
const preview: ResultPreview = {
  raceId: "race",
  session: "START",
  picks: 12,
  players: 5,
  points: 140,
  moved: 5,
  bets: 4,
  betsWon: 1,
  payout: 250,
  refunded: 0,
  questions: 1,
};
const body = (statusCode: number, code: ErrorBody["code"]): ErrorBody => ({ statusCode, code, message: code });

const contextOf = (input: ClassificationInput): ClassificationContext => ({
  ...input,
  text: input.text ?? "",
  resolution: resolveNumbers(input.text ?? "", input.riders),
  preview: null,
  error: null,
  replayed: false,
});
const startedWith = (context: ClassificationContext) =>
  createMachine(
    { ...classificationEntryMachine.config, context } as never,
    classificationEntryMachine.implementations as never,
  ) as unknown as typeof classificationEntryMachine;

const events = [
  { type: "entry.type", text: "93 41 12" },
  { type: "entry.type", text: "93 93 7" },
  { type: "entry.preview" },
  { type: "entry.edit" },
  { type: "entry.commit" },
  { type: "entry.retry" },
  { type: "xstate.done.actor.previewResult", output: preview },
  { type: "xstate.error.actor.previewResult", error: apiError(body(409, "sessionNotEnded")) },
  { type: "xstate.done.actor.commitResult", output: { replayed: false } },
  { type: "xstate.error.actor.commitResult", error: apiError(body(409, "weekendConfirmed")) },
];
const serializeState = (s: { value: unknown; context: ClassificationContext }) =>
  JSON.stringify([s.value, s.context.text, s.context.error?.code ?? null, s.context.preview !== null]);

describe("classificationEntry.machine: every transition, walked on a real actor", () => {
  const all = allTransitions(classificationEntryMachine);
  const covered = new Set<string>();
  const starts: [string, ClassificationInput][] = [
    ["a first entry", { raceId: "race", session: "START", mode: "enter", riders }],
    ["a correction", { raceId: "race", session: "START", mode: "correct", riders, text: "41 93" }],
    ["a cancellation", { raceId: "race", session: "FP1", mode: "cancel", riders }],
  ];
  for (const [name, input] of starts) {
    const machine = startedWith(contextOf(input));
    const paths = transitionPaths(machine, {
      events,
      serializeState: serializeState as never,
      filterEvents: ((s: { value: unknown }) => s.value !== "done") as never,
    });
    it.each(paths.map((p) => [p.name, p] as const))(`${name}: %s`, async (_n, path) => {
      const taken = await runPath(path, () => {
        const stubs = promiseStubs(["previewResult", "commitResult"]);
        return { machine: machine.provide({ actors: stubs.actors }), pending: stubs.pending };
      });
      taken.forEach((k) => covered.add(k));
    });
  }

  it("covers 100% of the transitions", () => {
    console.log(coverageLine("classificationEntry.machine", all, covered));
    expect(missing(all, covered)).toEqual([]);
  });
});

describe("Race numbers resolve to the weekend's riders", () => {
  it("keeps the typed order, and names unknown, repeated and injured numbers", () => {
    expect(resolveNumbers("93, 41;12", riders).riders.map((r) => r.id)).toEqual(["r93", "r41", "r12"]);
    const wrong = resolveNumbers("93 7 x 93 36", riders);
    expect(wrong.unknown).toEqual(["7", "x"]);
    expect(wrong.duplicates).toEqual([93]);
    expect(wrong.out).toEqual([36]);
    expect(resolutionValid(wrong)).toBe(false);
    expect(resolutionValid(resolveNumbers("", riders))).toBe(false);
    expect(resolutionValid(resolveNumbers("#93 41", riders))).toBe(true);
  });

  it("previews the typed riders before committing, and commits only after the operator asks", async () => {
    const previews: PreviewRequest[] = [];
    const commits: PreviewRequest[] = [];
    const machine = classificationEntryMachine.provide({
      actors: {
        previewResult: fromPromise<ResultPreview, PreviewRequest>(async ({ input }) => {
          previews.push(input);
          return preview;
        }),
        commitResult: fromPromise<{ replayed: boolean }, PreviewRequest>(async ({ input }) => {
          commits.push(input);
          return { replayed: false };
        }),
      },
    });
    const actor = createActor(machine, { input: { raceId: "race", session: "START", mode: "enter", riders } }).start();
    actor.send({ type: "entry.type", text: "12 93" });
    actor.send({ type: "entry.preview" });
    await new Promise((r) => setTimeout(r, 0));
    expect(actor.getSnapshot().hasTag("previewed")).toBe(true);
    expect(previews).toEqual([{ raceId: "race", session: "START", mode: "enter", riderIds: ["r12", "r93"] }]);
    expect(commits).toEqual([]);
    actor.send({ type: "entry.commit" });
    await new Promise((r) => setTimeout(r, 0));
    expect(commits).toHaveLength(1);
    expect(actor.getSnapshot().hasTag("done")).toBe(true);
  });
});

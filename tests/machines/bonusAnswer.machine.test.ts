import { describe, expect, it } from "vitest";
import { assign, createActor, fromPromise, SimulatedClock } from "xstate";
import type { ErrorBody } from "../../contract/common";
import { optionIds } from "../../contract/questionRules";
import type { Question } from "../../contract/questions";
import { bonusAnswerMachine, type SendAnswerInput } from "../../machines/bonusAnswer.machine";
import { bonusQuestionsMachine, type BonusQuestionsContext } from "../../machines/bonusQuestions.machine";
import { apiError } from "./authFixtures";
import { allTransitions, promiseStubs } from "./modelWalk";
import { advance, expectFull, settlePromise, toChild, toOwner, walkOwner, type OwnerStep } from "./ownerWalk";

// The answer's paths are walked in the ChooseAnswer modal itself (tests/views/paths/bonusAnswer.paths.test.tsx),
// with the coverage of every transition; these are the rules the modal's paths do not spell out, and the owner's walk.
const MIN = 60_000;
const CLOSES = Date.parse("2026-05-01T09:45:00Z");
const at = { before: CLOSES - 10 * MIN };
const options = optionIds(["1", "2", "3"]);

const broken: ErrorBody = { statusCode: 500, code: "somethingWentWrong", message: "Something went wrong." };

const question = (over: Partial<Question> = {}): Question => ({
  id: "q1",
  points: 10,
  text: "Who takes pole?",
  type: "ABOUT_GRAN_PRIX",
  userAnswer: null,
  correctAnswer: null,
  result: "WAITING",
  raceId: "R1",
  raceName: "Grand Prix",
  closesAt: new Date(CLOSES).toISOString(),
  open: true,
  options: [],
  userAnswerId: null,
  ...over,
});

function start(
  input: Partial<Parameters<typeof createActor<typeof bonusAnswerMachine>>[1] & object> & {
    type?: Question["type"];
    text?: string;
    optionId?: string | null;
  },
  startAt = at.before,
) {
  let time = startAt;
  const clock = new SimulatedClock();
  const sent: SendAnswerInput[] = [];
  const actor = createActor(
    bonusAnswerMachine.provide({
      actions: { readClock: assign({ now: () => time }) as never },
      actors: {
        sendAnswer: fromPromise<Question, SendAnswerInput>(async ({ input: i }) => {
          sent.push(i);
          return question({ userAnswer: i.text, userAnswerId: i.optionId });
        }),
      },
    }),
    {
      input: {
        questionId: "q1",
        type: input.type ?? "ABOUT_GRAN_PRIX",
        options: input.type === "ABOUT_GENERAL" ? options : [],
        closesAt: CLOSES,
        text: input.text ?? null,
        optionId: input.optionId ?? null,
      },
      clock,
    },
  ).start();
  return { actor, sent, tick: (ms: number) => ((time += ms), clock.increment(ms)) };
}

describe("bonusAnswer.machine sends what the rules allow", () => {
  it("an empty answer is refused as required, a typed one is sent and stored", async () => {
    const { actor, sent } = start({});
    actor.send({ type: "answer.send" });
    expect(actor.getSnapshot().hasTag("refused")).toBe(true);
    expect(actor.getSnapshot().context.error?.code).toBe("required");
    actor.send({ type: "answer.text", text: "Marco Bezzecchi" });
    actor.send({ type: "answer.send" });
    await new Promise((r) => setTimeout(r, 0));
    expect(sent).toEqual([{ questionId: "q1", text: "Marco Bezzecchi", optionId: null }]);
    expect(actor.getSnapshot().hasTag("sent")).toBe(true);
  });

  it("a choice sends its option's text and id; an unknown option is refused", async () => {
    const { actor, sent } = start({ type: "ABOUT_GENERAL" });
    actor.send({ type: "answer.choose", optionId: "z" });
    actor.send({ type: "answer.send" });
    expect(actor.getSnapshot().context.error?.code).toBe("answerNotAnOption");
    actor.send({ type: "answer.choose", optionId: "c" });
    actor.send({ type: "answer.send" });
    await new Promise((r) => setTimeout(r, 0));
    expect(sent).toEqual([{ questionId: "q1", text: "3", optionId: "c" }]);
  });

  it("keeps the answer being changed, and closes itself at the deadline", () => {
    const { actor, tick } = start({ text: "Jorge Martin" });
    expect(actor.getSnapshot().context.text).toBe("Jorge Martin");
    tick(10 * MIN);
    expect(actor.getSnapshot().hasTag("expired")).toBe(true);
  });
});

function build(clock: SimulatedClock, record: string[] = []) {
  const stubs = promiseStubs(["sendAnswer"]);
  const readClock = assign({ now: () => clock.now() });
  const machine = bonusQuestionsMachine.provide({
    actions: {
      readClock: readClock as never,
      openAnswerModal: () => void record.push("open ChooseAnswer"),
      refetch: () => void record.push("refetch"),
    },
    actors: {
      bonusAnswer: bonusAnswerMachine.provide({
        actions: { readClock: readClock as never },
        actors: { sendAnswer: stubs.actors.sendAnswer },
      }),
    },
  });
  return { machine, pending: stubs.pending };
}

const key = (actor: { getSnapshot(): { value: unknown; context: unknown } }) => {
  const c = actor.getSnapshot().context as BonusQuestionsContext;
  return JSON.stringify([
    actor.getSnapshot().value,
    c.answer?.getSnapshot().value ?? null,
    c.answer?.getSnapshot().context.text ?? null,
  ]);
};

describe("bonusQuestions.machine: every transition, walked on real actors", () => {
  const steps: OwnerStep[] = [
    toOwner("question.answer (open)", { type: "question.answer", question: question() }),
    toOwner("question.answer (closed)", {
      type: "question.answer",
      question: question({ closesAt: new Date(at.before - MIN).toISOString() }),
    }),
    toChild("answer.text", "answer", { type: "answer.text", text: "Ann" }),
    toChild("answer.send", "answer", { type: "answer.send" }),
    settlePromise("sendAnswer done", "sendAnswer", { output: question({ userAnswer: "Ann" }) }),
    settlePromise("sendAnswer failed", "sendAnswer", { error: apiError(broken) }),
    toOwner("answer.closed", { type: "answer.closed" }),
    advance("answers close", CLOSES - at.before),
  ];
  it("covers 100% of the transitions", async () => {
    const { covered, paths } = await walkOwner({ build, steps, key, startAt: at.before, maxDepth: 5 });
    expect(paths.length).toBeGreaterThanOrEqual(4);
    expectFull("bonusQuestions.machine", allTransitions(bonusQuestionsMachine), covered);
  }, 120_000);

  it("spawns the flow with the player's answer so far and opens ChooseAnswer; a closed question is only read again", () => {
    const record: string[] = [];
    const clock = new SimulatedClock();
    clock.set(at.before);
    const { machine } = build(clock, record);
    const actor = createActor(machine, { clock }).start();
    actor.send({ type: "question.answer", question: question({ closesAt: new Date(at.before - MIN).toISOString() }) });
    expect(record).toEqual(["refetch"]);
    expect(actor.getSnapshot().context.answer).toBeNull();
    actor.send({
      type: "question.answer",
      question: question({ userAnswer: "2", userAnswerId: "b", type: "ABOUT_GENERAL", options }),
    });
    expect(record).toEqual(["refetch", "open ChooseAnswer"]);
    expect(actor.getSnapshot().context.answer?.getSnapshot().context).toMatchObject({
      text: "2",
      optionId: "b",
      type: "ABOUT_GENERAL",
    });
    actor.send({ type: "answer.closed" });
    expect(actor.getSnapshot().context.answer).toBeNull();
  });
});

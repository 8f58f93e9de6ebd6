import { describe, expect, it } from "vitest";
import { assign, createActor, fromPromise, SimulatedClock } from "xstate";
import { optionIds } from "../../contract/questionRules";
import type { Question } from "../../contract/questions";
import { bonusAnswerMachine, type SendAnswerInput } from "../../machines/bonusAnswer.machine";
import { bonusQuestionsMachine } from "../../machines/bonusQuestions.machine";
import { promiseStubs } from "./stubs";

// The answer's paths are walked in the ChooseAnswer modal itself (tests/views/paths/bonusAnswer.paths.test.tsx), its
// owner's on the Bonus questions screen (tests/views/paths/bonusQuestions.paths.test.tsx), each with the coverage of
// every transition; these are the rules the paths do not spell out.
const MIN = 60_000;
const CLOSES = Date.parse("2026-05-01T09:45:00Z");
const at = { before: CLOSES - 10 * MIN };
const options = optionIds(["1", "2", "3"]);

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

describe("bonusQuestions.machine hands the flow the question as the player left it", () => {
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

// `npm run admin -- question …`: bonus questions for operators (publish, list, enter the correct answer, grade the
// demo's from results), over HTTP with the admin token like results and odds.
import { adminQuestionsCalls } from "../../contract/calls.questions";
import { LanguageCode, QuestionCategory } from "../../contract/enums";
import type { AdminQuestion, NewQuestionBody } from "../../contract/questions";
import { OperatorError, raceLabel, type OperatorApi } from "./api";

const describe = (q: AdminQuestion) =>
  [
    `${q.id}  ${q.type}  ${q.points} pts  closes ${q.closesAt}`,
    `  ${q.texts.en}`,
    ...(q.options.length ? [`  options: ${q.options.map((o) => `${o.id}) ${o.text}`).join("  ")}`] : []),
    `  ${q.answers} answer(s)` +
      (q.correctAnswer === null ? ", not graded yet" : `, correct answer "${q.correctAnswer}": ${q.correct} right`),
  ].join("\n");

/** Runs one `question` sub-command; answers the exit code (usage errors exit through `usage`). */
export async function questionCommand(
  api: OperatorApi,
  args: readonly string[],
  usage: (message: string) => never,
): Promise<number> {
  const [sub, ...rest] = args;
  switch (sub) {
    case "add": {
      const positional: string[] = [];
      const options: string[] = [];
      const texts: Partial<Record<LanguageCode, string>> = {};
      let closesAt: string | undefined;
      for (let i = 0; i < rest.length; i++) {
        const arg = rest[i]!;
        if (!arg.startsWith("--")) {
          positional.push(arg);
          continue;
        }
        const value = rest[++i];
        if (value === undefined) usage(`${arg} needs a value.`);
        const flag = arg.slice(2);
        if (flag === "option") options.push(value);
        else if (flag === "closes") closesAt = new Date(value).toISOString();
        else {
          const lng = LanguageCode.safeParse(flag);
          if (!lng.success) usage(`Unknown option ${arg}.`);
          texts[lng.data] = value;
        }
      }
      const [raceRef, typeArg, pointsArg, ...words] = positional;
      if (!raceRef || !typeArg || !pointsArg || words.length === 0)
        usage("question add needs a race, a type, the points and the text.");
      const type = QuestionCategory.safeParse(typeArg.toUpperCase());
      if (!type.success) usage(`Unknown type ${typeArg}: one of ${QuestionCategory.options.join(", ")}.`);
      const race = await api.resolveRace(raceRef);
      const body: NewQuestionBody = {
        type: type.data,
        points: Number(pointsArg),
        text: words.join(" "),
        ...(Object.keys(texts).length ? { texts } : {}),
        ...(options.length ? { options } : {}),
        ...(closesAt ? { closesAt } : {}),
      };
      const added = await api.send(adminQuestionsCalls.add, { params: { raceId: race.id }, body, admin: true });
      console.log(`Published for ${raceLabel(race)}:\n${describe(added)}`);
      return 0;
    }
    case "list": {
      if (!rest[0]) usage("question list needs a race.");
      const race = await api.resolveRace(rest[0]);
      const list = await api.send(adminQuestionsCalls.list, { params: { raceId: race.id }, admin: true });
      console.log(
        list.length
          ? `${raceLabel(race)}:\n${list.map(describe).join("\n")}`
          : `${raceLabel(race)} has no bonus questions.`,
      );
      return 0;
    }
    case "answer": {
      const [id, ...words] = rest;
      if (!id || words.length === 0) usage("question answer needs a question id and the correct answer.");
      const report = await api.send(adminQuestionsCalls.grade, {
        params: { id },
        body: { answer: words.join(" ") },
        admin: true,
      });
      console.log(
        report.replayed
          ? `Already graded with "${report.correctAnswer}": nothing changed (${report.correct} of ${report.graded} right).`
          : `Graded with "${report.correctAnswer}": ${report.correct} of ${report.graded} answers right; their points are counted.`,
      );
      return 0;
    }
    case "grade": {
      if (!rest[0]) usage("question grade needs a race.");
      const race = await api.resolveRace(rest[0]);
      const report = await api.send(adminQuestionsCalls.gradeFromResults, { params: { raceId: race.id }, admin: true });
      for (const g of report.graded)
        console.log(`Graded ${g.questionId} with "${g.correctAnswer}": ${g.correct} of ${g.graded} right.`);
      if (report.waiting.length)
        console.log(`${report.waiting.length} question(s) wait for their results or their deadline.`);
      if (!report.graded.length && !report.waiting.length)
        console.log(`${raceLabel(race)} has no demo questions left to grade.`);
      return 0;
    }
    default:
      throw new OperatorError(`question needs add, list, answer or grade (got ${sub ?? "nothing"}).`);
  }
}

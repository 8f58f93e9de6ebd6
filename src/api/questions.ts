import { keepPreviousData, queryOptions, useQuery, type QueryClient } from "@tanstack/react-query";
import { languageCodes, type LanguageCode } from "../../contract/enums";
import { questionsCalls as calls } from "../../contract/calls.questions";
import { answerTabQuery, tabQuery, type AnswerTab, type QuestionTab } from "../../contract/questionRules";
import type { AnswerBody } from "../../contract/questions";
import { request } from "./client";
import { serverClock } from "./serverClock";

// The bonus questions calls (contract/calls.questions.ts) and their cache entries.

/** Questions per page on the Bonus questions screens and Results' answers. */
export const QUESTIONS_PAGE_SIZE = 10;

/** Keyed by player (another sign-in never sees them) and language (the texts are the server's). */
export const questionKeys = {
  all: ["questions"] as const,
  list: (userId: string, tab: QuestionTab, lng: string, page: number) =>
    ["questions", "list", userId, tab, lng, page] as const,
  answers: (userId: string, raceId: string, tab: AnswerTab, lng: string, page: number) =>
    ["questions", "answers", userId, raceId, tab, lng, page] as const,
};

const asLanguage = (lng: string): LanguageCode | undefined => languageCodes.find((c) => c === lng.slice(0, 2));

export const questionsQuery = (userId: string, tab: QuestionTab, lng: string, page: number) =>
  queryOptions({
    queryKey: questionKeys.list(userId, tab, lng, page),
    queryFn: async ({ signal }) => {
      const result = await request(calls.list, {
        query: { ...tabQuery(tab), lng: asLanguage(lng), page, take: QUESTIONS_PAGE_SIZE },
        signal,
      });
      serverClock.alignTo(result.now);
      return result;
    },
    // Deadlines pass and answers get graded: read again whenever the screen mounts.
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

/** The player's answers of one race weekend (Results). */
export const answersQuery = (userId: string, raceId: string, tab: AnswerTab, lng: string, page: number) =>
  queryOptions({
    queryKey: questionKeys.answers(userId, raceId, tab, lng, page),
    queryFn: async ({ signal }) => {
      const result = await request(calls.answers, {
        query: { ...answerTabQuery(tab), raceId, lng: asLanguage(lng), page, take: QUESTIONS_PAGE_SIZE },
        signal,
      });
      serverClock.alignTo(result.now);
      return result;
    },
    staleTime: 0,
    placeholderData: keepPreviousData,
  });

export const useQuestions = (userId: string | undefined, tab: QuestionTab, lng: string, page: number) =>
  useQuery({ ...questionsQuery(userId ?? "", tab, lng, page), enabled: Boolean(userId) });
export const useAnswers = (userId: string | undefined, raceId: string, tab: AnswerTab, lng: string, page: number) =>
  useQuery({ ...answersQuery(userId ?? "", raceId, tab, lng, page), enabled: Boolean(userId) });

/** POST /questions/{id}/user-answer: the question with the stored answer. */
export const sendAnswer = (questionId: string, body: AnswerBody) =>
  request(calls.answer, { params: { id: questionId }, body });

/** Every list of questions: an answer stored, a grading, a deadline passed. */
export const refreshQuestions = (client: QueryClient) => client.invalidateQueries({ queryKey: questionKeys.all });

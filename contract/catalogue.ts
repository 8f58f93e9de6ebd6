import { authCalls, systemCalls, usersCalls, type Call, type RawCall } from "./calls";
import { adminBetsCalls, betsCalls, devBetsCalls } from "./calls.bets";
import { devDiamondsCalls, diamondsCalls } from "./calls.diamonds";
import { docsCalls } from "./calls.docs";
import { devLeaguesCalls, leaguesCalls } from "./calls.leagues";
import { devNotificationsCalls, notificationsCalls } from "./calls.notifications";
import { picturesCalls } from "./calls.pictures";
import { predictionsCalls } from "./calls.predictions";
import { racesCalls, ridersCalls } from "./calls.races";
import { adminCalls, resultsCalls } from "./calls.results";
import { socialCalls } from "./calls.social";
import { reportCalls, staffCalls } from "./calls.staff";
import { analyticsCalls } from "./calls.analytics";
import { uploadsCalls } from "./calls.uploads";
import { devCalls } from "./dev";
import { adminStoreCalls, sandboxCalls, storeCalls } from "./calls.store";
import { adminQuestionsCalls, questionsCalls } from "./calls.questions";
import { adminPrizesCalls, prizesCalls } from "./calls.prizes";
import { devGurusCalls, gurusCalls } from "./calls.gurus";
import { adminNewsCalls, devNewsCalls } from "./calls.news";
import { operationsCalls } from "./calls.operations";
import { backupCalls } from "./calls.backup";
import { seasonCalls } from "./calls.season";
import { healthCalls, metricsCalls } from "./calls.health";
import { calendarCalls } from "./calls.calendar";
import { pushCalls } from "./calls.push";

export type CallGroup = { readonly [name: string]: Call | RawCall };

/**
 * Every call the API serves, by group. The OpenAPI document (server/openapi) is generated from this list, and a
 * server test compares it with the routes the server really registers: a new group must be added here.
 * Calls under /dev are served only outside production; calls under /admin need the operators' token.
 */
export const catalogue = {
  auth: authCalls,
  social: socialCalls,
  users: usersCalls,
  system: systemCalls,
  notifications: notificationsCalls,
  diamonds: diamondsCalls,
  races: racesCalls,
  riders: ridersCalls,
  pictures: picturesCalls,
  leagues: leaguesCalls,
  uploads: uploadsCalls,
  predictions: predictionsCalls,
  results: resultsCalls,
  bets: betsCalls,
  docs: docsCalls,
  admin: adminCalls,
  adminBets: adminBetsCalls,
  dev: devCalls,
  devDiamonds: devDiamondsCalls,
  devBets: devBetsCalls,
  devLeagues: devLeaguesCalls,
  devNotifications: devNotificationsCalls,
  store: storeCalls,
  sandbox: sandboxCalls,
  adminStore: adminStoreCalls,
  questions: questionsCalls,
  adminQuestions: adminQuestionsCalls,
  prizes: prizesCalls,
  adminPrizes: adminPrizesCalls,
  gurus: gurusCalls,
  devGurus: devGurusCalls,
  staff: staffCalls,
  analytics: analyticsCalls,
  adminNews: adminNewsCalls,
  devNews: devNewsCalls,
  reports: reportCalls,
  operations: operationsCalls,
  backup: backupCalls,
  season: seasonCalls,
  health: healthCalls,
  metrics: metricsCalls,
  calendar: calendarCalls,
  push: pushCalls,
} as const satisfies Record<string, CallGroup>;

export const isRawCall = (c: Call | RawCall): c is RawCall => "answers" in c;

import * as z from "zod";
import { call } from "./calls";
import { paged, Uuid } from "./common";
import { SessionType } from "./enums";
import { AuditEntry, AuditQuery } from "./audit";
import {
  ClassificationBody,
  ConfirmReport,
  CorrectionReport,
  EntryBody,
  EntryReport,
  PreviewBody,
  RaceControl,
  ResultPreview,
  SessionMoveBody,
  SessionMoveReport,
} from "./operations";

// Race control (game-rules.md "Weekends as they really happen"): the operator's calls for a weekend that does not
// run to schedule. Under /admin like the results entry: the admin token (the CLI) or an operator's own session (the
// browser, /staff/race-control) opens them, and each is written to the audit log with who and through what.
const NOT_FOUND = { 404: ["notFound"] } as const;
const raceSession = z.object({ raceId: Uuid, session: SessionType });

export const operationsCalls = {
  control: call({
    method: "GET",
    path: "/admin/races/:raceId/control",
    auth: false,
    result: RaceControl,
    errors: NOT_FOUND,
  }),
  moveSession: call({
    method: "POST",
    path: "/admin/races/:raceId/sessions/:session/move",
    auth: false,
    params: raceSession,
    body: SessionMoveBody,
    result: SessionMoveReport,
    errors: { ...NOT_FOUND, 409: ["sessionStarted", "sessionOrder", "weekendConfirmed"] },
  }),
  correctResult: call({
    method: "POST",
    path: "/admin/races/:raceId/results/correct",
    auth: false,
    body: ClassificationBody,
    result: CorrectionReport,
    errors: { 400: ["classificationInvalid"], ...NOT_FOUND, 409: ["resultsNotEntered", "weekendConfirmed"] },
  }),
  previewResult: call({
    method: "POST",
    path: "/admin/races/:raceId/results/preview",
    auth: false,
    body: PreviewBody,
    result: ResultPreview,
    errors: {
      400: ["classificationInvalid"],
      ...NOT_FOUND,
      409: ["resultsSettled", "resultsNotEntered", "sessionNotEnded", "weekendConfirmed"],
    },
  }),
  confirm: call({
    method: "POST",
    path: "/admin/races/:raceId/confirm",
    auth: false,
    result: ConfirmReport,
    errors: { ...NOT_FOUND, 409: ["raceNotClassified"] },
  }),
  addEntry: call({
    method: "POST",
    path: "/admin/races/:raceId/entries",
    auth: false,
    body: EntryBody,
    result: EntryReport,
    errors: { ...NOT_FOUND, 409: ["riderOnEntryList", "raceStarted"] },
  }),
  audit: call({ method: "GET", path: "/admin/audit", auth: false, query: AuditQuery, result: paged(AuditEntry) }),
} as const;

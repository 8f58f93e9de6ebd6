import * as z from "zod";
import { call } from "./calls";
import { UPLOAD_MAX_BYTES, UPLOAD_TYPES, UploadResult } from "./calls.uploads";
import { SeasonExportQuery, SeasonFile, SeasonImportBody, SeasonImportQuery, SeasonImportReport } from "./season";

// The season file (game-rules.md "The season is the operator's data"): import with a dry run first, export, and the
// riders' and teams' pictures. Behind the operator guard like race control: the admin token (the CLI) or an
// operator's own session; an import and a picture are written to the audit log.

/** An operator's picture: a PNG or JPEG of at most 2 MB in the form field `img`, stored like POST /s3's. */
export const PictureForm = z.object({
  img: z
    .file()
    .max(UPLOAD_MAX_BYTES)
    .mime([...UPLOAD_TYPES]),
});

export const seasonCalls = {
  /**
   * Validates the file (400 seasonInvalid: `fields` keyed by each issue's JSON pointer, e.g. /calendar/3/sessions/0/startsAt)
   * and answers the diff and its effects on picks and bets; `dryRun=true` changes nothing, otherwise exactly that diff
   * is applied in one transaction.
   */
  importSeason: call({
    method: "POST",
    path: "/admin/season/import",
    auth: false,
    body: SeasonImportBody,
    query: SeasonImportQuery,
    result: SeasonImportReport,
    errors: { 400: ["seasonInvalid"] },
  }),
  /** The season as a file (default: the latest season with races); importing it changes nothing. */
  exportSeason: call({
    method: "GET",
    path: "/admin/season/export",
    auth: false,
    query: SeasonExportQuery,
    result: SeasonFile,
    errors: { 404: ["notFound"] },
  }),
  riderPicture: call({
    method: "POST",
    path: "/admin/riders/:riderId/picture",
    auth: false,
    form: PictureForm,
    result: UploadResult,
    errors: { 400: ["notImage", "notBlob", "required"], 404: ["notFound"], 413: ["fileTooLarge"] },
  }),
  teamPicture: call({
    method: "POST",
    path: "/admin/teams/:id/picture",
    auth: false,
    form: PictureForm,
    result: UploadResult,
    errors: { 400: ["notImage", "notBlob", "required"], 404: ["notFound"], 413: ["fileTooLarge"] },
  }),
} as const;

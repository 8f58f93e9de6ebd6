import * as z from "zod";
import { SessionType } from "./enums";
import { messageCodes } from "./messages";

export const Id = z.string().min(1);
export const IsoDate = z.iso.datetime({ offset: true });

/** Every response body: `{ "result": … }`. */
export const envelope = <T extends z.ZodType>(result: T) => z.object({ result });

/** Paged list of spec section 3: data, page, pages, count. */
export const paged = <T extends z.ZodType>(item: T) =>
  z.object({ data: z.array(item), page: z.number().int().min(1), pages: z.number().int().min(0), count: z.number().int().min(0) });
export type Paged<T> = { data: T[]; page: number; pages: number; count: number };

export const DEFAULT_PAGE_SIZE = 50;
export const MAX_PAGE_SIZE = 100;
/** Paging params `page` and `take` (query strings arrive as text). */
export const PageQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  take: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});
export type PageQuery = z.infer<typeof PageQuery>;

export const FieldErrorBody = z.object({
  code: z.enum(messageCodes as [string, ...string[]]),
  params: z.record(z.string(), z.union([z.string(), z.number()])),
  message: z.string(),
});

/** Error body: `{ statusCode, code, message }`, plus per-field errors on 400. */
export const ErrorBody = z.object({
  statusCode: z.number().int(),
  code: z.string(),
  message: z.string(),
  fields: z.record(z.string(), FieldErrorBody).optional(),
  /** 418 raceStarted of a save (POST/PUT /predictions/races/{raceId}): the sessions of its new picks that had started. */
  sessions: z.array(SessionType).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

export const Ok = z.object({ ok: z.literal(true) });

/** A picture field names one of our own uploads (`/api/s3/{id}`, contract/calls.uploads.ts): never a third party's address, which would see every viewer. */
export const UPLOAD_REF_PATTERN = /^\/api\/s3\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const uploadRef = () => z.string({ error: "notImage" }).trim().regex(UPLOAD_REF_PATTERN, { error: "notImage" });

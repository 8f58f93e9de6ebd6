import * as z from "zod";
import { SessionType } from "./enums";
import { messageCodes } from "./messages";
import { isSafePathParam } from "./text";

export const Id = z.string().min(1);
export const IsoDate = z.iso.datetime({ offset: true });

/** Every response body: `{ "result": … }`. */
export const envelope = <T extends z.ZodType>(result: T) => z.object({ result });

/** Paged list of spec section 3: data, page, pages, count. */
export const paged = <T extends z.ZodType>(item: T) =>
  z.object({
    data: z.array(item),
    page: z.number().int().min(1),
    pages: z.number().int().min(0),
    count: z.number().int().min(0),
  });
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

const UUID_TEXT = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
const UUID_PATTERN = new RegExp(`^${UUID_TEXT}$`, "i");
/**
 * Whether text spells a UUID. Path values are read by `Uuid` in serve(); this is for an id that reaches a query
 * another way (a body's field, a stored reference, a script's argument), so PostgreSQL never sees a cast it refuses.
 */
export const isUuid = (value: string): boolean => UUID_PATTERN.test(value);
/** A picture field names one of our own uploads (`/api/s3/{id}`, contract/calls.uploads.ts): never a third party's address, which would see every viewer. */
export const UPLOAD_REF_PATTERN = new RegExp(`^/api/s3/${UUID_TEXT}$`, "i");
/** The upload an upload reference names, or undefined when it is no such reference. */
export const uploadIdOf = (ref: string): string | undefined =>
  UPLOAD_REF_PATTERN.test(ref) ? ref.slice("/api/s3/".length) : undefined;
export const uploadRef = () => z.string({ error: "notImage" }).trim().regex(UPLOAD_REF_PATTERN, { error: "notImage" });

// ---- Values of paths, queries and headers: each call's schemas (contract/calls.ts `Call.params`, `query`, `headers`)
// parse them once in serve() (server/http/route.ts), so a value that cannot name anything is refused the same way on
// every call: 404 notFound in the path, 400 validation in a query or a header.

/**
 * The id of a row (a race, a rider, a player, a league…): a UUID, read in lower case. PostgreSQL reads a uuid in
 * either case, but what a handler builds from one (a lock's key, a ledger posting's idempotency key, a cache's key)
 * must be the same for one row whatever case the URL spells.
 */
export const Uuid = z.guid({ error: "validation" }).overwrite((v) => v.toLowerCase());

/** A path value that is not a row's id (a provider's name, a checkout token, a file, a report's id): text that can name something. */
export const PathKey = z
  .string({ error: "validation" })
  .max(100, { error: "maxLength" })
  .refine((v) => isSafePathParam(v), { error: "validation" });

/**
 * A whole number of a query string, digits only: `version=` (nothing) is refused instead of read as 0, as a plain
 * coercion would. A number given as one (a client's typed query) is taken as it is.
 */
export const queryWholeNumber = (min = 0, max = Number.MAX_SAFE_INTEGER) =>
  z
    .union([z.number(), z.string().regex(/^\d{1,16}$/, { error: "validation" })], { error: "validation" })
    .transform(Number)
    .pipe(z.number().int({ error: "validation" }).min(min).max(max));

/** The `version` a client last saw (the race riders, teams, prediction types, results and statistics calls). */
export const VersionQuery = queryWholeNumber(0).optional();

import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from "fastify";
import * as z from "zod";
import type { Call, PathValues } from "../../contract/calls";
import { answerSchema } from "../openapi/jsonSchema";
import { AppError, validationError } from "./errors";
import type { Caller } from "./caller";

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export type Ctx<C extends Call> = {
  body: Out<C["body"]>;
  query: Out<C["query"]>;
  /** The path's values as the call's `params` schema read them (ids in lower case). */
  params: C["params"] extends z.ZodType ? z.output<C["params"]> : PathValues<C["path"]>;
  /** The request headers the call declares, as its `headers` schema read them. */
  headers: Out<C["headers"]>;
  /** The signed-in caller; always set on calls with `auth: true`. */
  caller: C["auth"] extends true ? Caller : Caller | null;
  request: FastifyRequest;
  reply: FastifyReply;
};

export type ServeOptions = {
  /** The calls a player who must change the password may still make. */
  allowedWhileMustChangePassword?: boolean;
  /** A body that fails the contract answers this instead of a 400 (e.g. refresh → 401). */
  invalidBody?: () => AppError;
  routeOptions?: RouteShorthandOptions;
  /**
   * Hot paths (a prediction save): the answer is written by a serialiser compiled from the result schema instead of
   * being parsed by zod and then stringified. It writes only what the schema names, like the parse; what it skips is
   * re-checking values the server itself built.
   */
  serializeFromSchema?: boolean;
};

/** `value` read by `schema`; a value it refuses answers `invalid()`, by default 400 validation with its fields. */
function parse<S extends z.ZodType | undefined>(schema: S, value: unknown, invalid?: () => AppError): Out<S> {
  if (!schema) return undefined as Out<S>;
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw invalid ? invalid() : validationError(parsed.error);
  return parsed.data as Out<S>;
}

const notFound = () => new AppError(404, "notFound");
const JSON_TYPE = /^application\/json\s*(;|$)/i;

/** The headers a call declares (an object schema's keys), as sent: an empty one stays empty, so its schema judges it. */
function declaredHeaders(schema: z.ZodType, headers: FastifyRequest["headers"]): Record<string, unknown> {
  const names = schema instanceof z.ZodObject ? Object.keys(schema.shape) : [];
  return Object.fromEntries(names.filter((name) => headers[name] !== undefined).map((name) => [name, headers[name]]));
}

/**
 * The body as its schema reads it. No body at all is an empty object (every field of such a call is optional);
 * a body that is not JSON is refused with 415 (Fastify would hand text/plain over as a string, and its schema
 * would answer 400), and `null` is a body, one that is not an object, so its schema refuses it.
 */
function bodyOf(call: Call, request: FastifyRequest, invalid?: () => AppError) {
  if (!call.body) return undefined;
  if (request.body === undefined) return parse(call.body, {}, invalid);
  const type = request.headers["content-type"];
  if (typeof type !== "string" || !JSON_TYPE.test(type)) throw new AppError(415, "unsupportedMediaType");
  return parse(call.body, request.body, invalid);
}
/**
 * Serves one call of the contract's catalogue: its method and path word for word, its path values, query, headers
 * and body each read once by its schemas (a path value refused: 404; the rest: 400), the caller the scope authenticated, and the result passed through the contract's
 * result schema so nothing it doesn't name (a password hash, another player's e-mail) can leave.
 */
export function serve<C extends Call>(
  app: FastifyInstance,
  call: C,
  handler: (ctx: Ctx<C>) => Promise<z.input<C["result"]>>,
  options: ServeOptions = {},
): void {
  const fromSchema = options.serializeFromSchema === true;
  app.route({
    ...options.routeOptions,
    ...(fromSchema
      ? {
          schema: {
            ...options.routeOptions?.schema,
            response: {
              200: { type: "object", properties: { result: answerSchema(call.result) }, required: ["result"] },
            },
          },
        }
      : {}),
    method: call.method,
    url: call.path,
    handler: async (request, reply) => {
      // The scope's `authenticate` hook verified the token once, before this handler.
      const caller = request.caller;
      // A path value that cannot name anything is not found, whoever asks (as the guards answer raw routes).
      const params = parse(call.params, request.params ?? {}, notFound);
      if (call.auth && !caller) throw new AppError(401, "unauthorized");
      if (call.auth && caller?.mustChangePassword && !options.allowedWhileMustChangePassword)
        throw new AppError(403, "mustChangePassword");
      const body = bodyOf(call, request, options.invalidBody);
      const query = parse(call.query, request.query ?? {});
      const headers = call.headers ? parse(call.headers, declaredHeaders(call.headers, request.headers)) : undefined;
      const ctx = { body, query, params, headers, caller, request, reply } as Ctx<C>;
      const result = await handler(ctx);
      if (reply.sent) return reply;
      return { result: fromSchema ? result : call.result.parse(result) };
    },
  });
}

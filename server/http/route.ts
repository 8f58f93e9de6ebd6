import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from "fastify";
import type * as z from "zod";
import type { Call } from "../../contract/calls";
import { answerSchema } from "../openapi/jsonSchema";
import { AppError, validationError } from "./errors";
import type { Caller } from "./deps";

type Out<S> = S extends z.ZodType ? z.output<S> : undefined;

export type Ctx<C extends Call> = {
  body: Out<C["body"]>;
  query: Out<C["query"]>;
  params: Record<string, string>;
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


function parse<S extends z.ZodType | undefined>(schema: S, value: unknown, invalid?: () => AppError): Out<S> {
  if (!schema) return undefined as Out<S>;
  const parsed = schema.safeParse(value ?? {});
  if (!parsed.success) throw invalid ? invalid() : validationError(parsed.error);
  return parsed.data as Out<S>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A path's ids in lower case. PostgreSQL reads a uuid in either case, but what a handler builds from one (a lock's
 * key, a ledger posting's idempotency key, a cache's key) must be the same for one row whatever case the URL spells.
 */
function canonicalIds(params: Record<string, string>): Record<string, string> {
  let out = params;
  for (const [key, value] of Object.entries(params)) {
    if (UUID.test(value) && value !== value.toLowerCase()) out = { ...out, [key]: value.toLowerCase() };
  }
  return out;
}

/**
 * Serves one call of the contract's catalogue: its method and path word for word, the body and query
 * checked by its schemas, the caller the scope authenticated, and the result passed through the contract's
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
      ? { schema: { ...options.routeOptions?.schema, response: { 200: { type: "object", properties: { result: answerSchema(call.result) }, required: ["result"] } } } }
      : {}),
    method: call.method,
    url: call.path,
    handler: async (request, reply) => {
      // The scope's `authenticate` hook verified the token once, before this handler.
      const caller = request.caller;
      if (call.auth && !caller) throw new AppError(401, "unauthorized");
      if (call.auth && caller?.mustChangePassword && !options.allowedWhileMustChangePassword) throw new AppError(403, "mustChangePassword");
      const body = parse(call.body, request.body, options.invalidBody);
      const query = parse(call.query, request.query);
      const ctx = { body, query, params: canonicalIds(request.params as Record<string, string>), caller, request, reply } as Ctx<C>;
      const result = await handler(ctx);
      if (reply.sent) return reply;
      return { result: fromSchema ? result : call.result.parse(result) };
    },
  });
}

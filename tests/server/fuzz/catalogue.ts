// Every route the server answers, for the fuzz test: the contract's one catalogue (contract/catalogue.ts), JSON
// calls and raw ones (pictures, upload bytes, the social sign-in redirects, the API's own docs) alike. The fuzz
// test also checks that nothing the app serves is missing from this list.
import type * as z from "zod";
import type { Method } from "../../../contract/calls";
import { catalogue, isRawCall } from "../../../contract/catalogue";

export type Route = {
  name: string;
  method: Method;
  path: string;
  auth: boolean;
  body?: z.ZodType;
  query?: z.ZodType;
  /** The path values' schema (ids, keys): a value it refuses answers 404 before anything else is read. */
  params?: z.ZodType;
  /** Request headers the call reads (besides Authorization), parsed by its schema. */
  headers?: z.ZodType;
  /** Served by its module's own handler (pictures, redirects, docs), not serve(): its query is its own to read. */
  raw?: boolean;
  /** Multipart form (POST /s3) instead of JSON. */
  multipart?: boolean;
  /** Takes the operators' header instead of a player's token. */
  admin?: boolean;
};

export const routes: Route[] = Object.entries(catalogue).flatMap(([area, calls]) =>
  Object.entries(calls).map(([name, c]): Route => {
    if (isRawCall(c))
      return {
        name: `${area}.${name}`,
        method: c.method,
        path: c.path,
        auth: false,
        query: c.query,
        params: c.params,
        raw: true,
      };
    return {
      name: `${area}.${name}`,
      method: c.method,
      path: c.path,
      auth: c.auth,
      body: c.body,
      query: c.query,
      params: c.params,
      headers: c.headers,
      multipart: c.form !== undefined,
      admin: c.path.startsWith("/admin/"),
    };
  }),
);

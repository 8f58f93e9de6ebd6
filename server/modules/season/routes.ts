import fastifyMultipart from "@fastify/multipart";
import type { FastifyInstance } from "fastify";
import { UPLOAD_MAX_BYTES } from "../../../contract/calls.uploads";
import { seasonCalls } from "../../../contract/calls.season";
import { operatorOf } from "../../http/operatorGuard";
import { serve } from "../../http/route";
import { readPicture, setPicture } from "./pictures";

/** A season file is some tens of kilobytes; room for a long season with many riders. */
const SEASON_BODY_LIMIT = 4 * 1024 * 1024;
const FORM_OVERHEAD_BYTES = 16 * 1024;

export async function seasonRoutes(app: FastifyInstance): Promise<void> {
  const service = app.services.season;
  serve(
    app,
    seasonCalls.importSeason,
    ({ body, query, request }) =>
      service.importSeason(body, { dryRun: query.dryRun === "true", by: operatorOf(request) }),
    {
      routeOptions: { bodyLimit: SEASON_BODY_LIMIT },
    },
  );
  serve(app, seasonCalls.exportSeason, ({ query }) => service.exportSeason(query.season));
}

/** The operators' pictures: in their own scope, the only season routes that take multipart bodies. */
export async function pictureRoutes(app: FastifyInstance): Promise<void> {
  await app.register(fastifyMultipart, { limits: { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 2, parts: 3 } });
  const options = {
    routeOptions: { bodyLimit: UPLOAD_MAX_BYTES + FORM_OVERHEAD_BYTES, config: { tooLarge: "fileTooLarge" as const } },
  };
  serve(
    app,
    seasonCalls.riderPicture,
    async ({ params, request }) =>
      setPicture(app.deps, "rider", params.riderId, await readPicture(request), operatorOf(request)),
    options,
  );
  serve(
    app,
    seasonCalls.teamPicture,
    async ({ params, request }) =>
      setPicture(app.deps, "team", params.id, await readPicture(request), operatorOf(request)),
    options,
  );
}

import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { shortNameOf } from "../../../contract/pictures";
import { riders, teams, tracks } from "../../db/schema";
import { AppError } from "../../http/errors";
import { circuitPicture } from "./circuitPicture";
import { riderPicture } from "./riderPicture";
import { teamPicture } from "./teamPicture";
import { isUuid } from "../../../contract/common";

/**
 * The pictures the image fields point at (contract/pictures.ts): generated SVG, cached by browsers
 * and CDNs for a month and revalidated by ETag (a colour or name change gives a new ETag).
 */
const CACHE_CONTROL = "public, max-age=2592000, stale-while-revalidate=86400";

function send(request: FastifyRequest, reply: FastifyReply, svg: string) {
  const etag = `"${createHash("sha256").update(svg).digest("base64url").slice(0, 27)}"`;
  reply
    .header("cache-control", CACHE_CONTROL)
    .header("etag", etag)
    .header("x-content-type-options", "nosniff")
    // Opened on its own, the picture can run nothing and load nothing.
    .header("content-security-policy", "default-src 'none'; style-src 'unsafe-inline'");
  const match = request.headers["if-none-match"];
  if (match && match.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag)) return reply.status(304).send();
  return reply.type("image/svg+xml; charset=utf-8").send(svg);
}

const notFound = () => new AppError(404, "notFound");

export async function picturesRoutes(app: FastifyInstance): Promise<void> {
  const db = app.deps.db.db;

  app.get<{ Params: { id: string } }>("/pictures/riders/:id.svg", async (request, reply) => {
    const { id } = request.params;
    const [row] = isUuid(id)
      ? await db
          .select({ rider: riders, team: teams })
          .from(riders)
          .innerJoin(teams, eq(teams.id, riders.teamId))
          .where(eq(riders.id, id))
      : [];
    if (!row) throw notFound();
    return send(
      request,
      reply,
      riderPicture({
        name: row.rider.name,
        number: row.rider.number,
        teamName: row.team.name,
        colour: row.team.colour,
      }),
    );
  });

  app.get<{ Params: { id: string } }>("/pictures/teams/:id.svg", async (request, reply) => {
    const { id } = request.params;
    const [team] = isUuid(id) ? await db.select().from(teams).where(eq(teams.id, id)) : [];
    if (!team) throw notFound();
    return send(
      request,
      reply,
      teamPicture({
        name: team.name,
        shortName: shortNameOf(team.name),
        manufacturer: team.manufacturer,
        colour: team.colour,
      }),
    );
  });

  app.get<{ Params: { id: string } }>("/pictures/tracks/:id.svg", async (request, reply) => {
    const { id } = request.params;
    const [track] = isUuid(id) ? await db.select().from(tracks).where(eq(tracks.id, id)) : [];
    if (!track) throw notFound();
    return send(request, reply, circuitPicture({ id: track.id, name: track.name, country: track.country }));
  });
}

import type { FastifyInstance } from "fastify";
import { staffCalls } from "../../../contract/calls.staff";
import { toolsOf } from "../../../contract/staff";
import { AppError } from "../../http/errors";
import { serve } from "../../http/route";
import { rolesOf } from "./roles";

/** Staff calls: each checks the caller's roles on the server (contract/staff.ts `mayUse`). */
export async function staffRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.deps.db;
  serve(app, staffCalls.me, async ({ caller }) => {
    const roles = await rolesOf(db, caller.userId);
    if (roles.length === 0) throw new AppError(403, "forbidden");
    return { roles, tools: toolsOf(roles) };
  });
}

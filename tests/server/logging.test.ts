// No personal data in logs. The app is built with a logger writing to a stream (level info, so
// every request is logged too); after failing requests full of personal data (a 500 from the database
// with the player's address, zip code, city, phone and wallet; wrong sign-ins; query strings with
// e-mails; tokens in headers) the captured log holds none of it, and still says what failed.
import { PassThrough } from "node:stream";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ADMIN_TOKEN_HEADER } from "../../contract/calls.results";
import { buildApp } from "../../server/app";
import { ADMIN_TOKEN, onEachBackend } from "./harness";
import { quickPlayer } from "./leaguePlayers";

const personal = {
  email: "valentina.rossi46@example.com",
  password: "Tavullia#1979",
  address: "Via del Doctor 46",
  zipCode: "61010",
  city: "Springfield",
  phone: "+39 0721 464646",
  walletAddress: "0x46464646464646464646464646464646464646aa",
  bio: "Nine-time world champion",
  recoveryCode: "464646",
};

onEachBackend("no personal data in logs", (h) => {
  let app: FastifyInstance;
  let lines: string[];

  beforeEach(async () => {
    lines = [];
    const stream = new PassThrough();
    stream.on("data", (chunk: Buffer) => lines.push(...chunk.toString("utf8").split("\n").filter(Boolean)));
    app = await buildApp(h.app.deps, { logger: { level: "info", stream } });
    // Makes the database refuse this city, so PUT /users fails inside PostgreSQL with the whole row at hand.
    await h.database.db.execute(
      sql.raw(`ALTER TABLE users ADD CONSTRAINT log_test_city CHECK (city IS DISTINCT FROM '${personal.city}')`),
    );
  });

  afterEach(async () => {
    await app.close();
    await h.database.db.execute(sql`ALTER TABLE users DROP CONSTRAINT IF EXISTS log_test_city`);
  });

  describe("failing requests leave no personal data in the log", () => {
    it("a 500 from the database is logged by its kind, without the row, the query's values or the body", async () => {
      const player = await quickPlayer(h);
      const failed = await app.inject({
        method: "PUT",
        url: "/api/users",
        headers: { authorization: `Bearer ${player.token}`, "content-type": "application/json" },
        payload: {
          address: personal.address,
          zipCode: personal.zipCode,
          city: personal.city,
          phone: personal.phone,
          walletAddress: personal.walletAddress,
          bio: personal.bio,
        },
      });
      expect(failed.statusCode).toBe(500);
      expect(failed.json().code).toBe("somethingWentWrong");

      await app.inject({
        method: "POST",
        url: "/api/auth/sign-in/email",
        payload: { email: personal.email, password: personal.password },
      });
      await app.inject({
        method: "POST",
        url: "/api/auth/sign-in",
        payload: { login: personal.email, password: personal.password },
      });
      await app.inject({
        method: "POST",
        url: "/api/auth/recovery/validate",
        payload: { email: personal.email, code: personal.recoveryCode },
      });
      await app.inject({ method: "GET", url: `/api/dev/outbox?to=${encodeURIComponent(personal.email)}` });
      await app.inject({
        method: "GET",
        url: `/api/leagues?text=${encodeURIComponent(personal.address)}`,
        headers: { authorization: `Bearer ${player.token}` },
      });
      await app.inject({
        method: "POST",
        url: "/api/admin/riders/x/injury",
        headers: { [ADMIN_TOKEN_HEADER]: ADMIN_TOKEN },
        payload: { raceId: personal.email },
      });
      await app.inject({ method: "POST", url: "/api/auth/refresh", payload: { refreshToken: player.token } });

      const log = lines.join("\n");
      // The log is there and useful: the 500 is recorded with the database's error kind and constraint.
      const failure = lines.map((l) => JSON.parse(l) as Record<string, any>).find((l) => l.msg === "request failed");
      // drizzle's error (the SQL with placeholders) caused by the database's (code and constraint, no row).
      expect(failure?.err).toMatchObject({
        message: expect.stringContaining('update "users" set'),
        cause: { code: "23514", constraint: "log_test_city" },
      });
      expect(log).toContain('"url":"/api/users"');
      for (const [what, value] of Object.entries({
        ...personal,
        token: player.token,
        admin: ADMIN_TOKEN,
        encodedEmail: encodeURIComponent(personal.email),
      })) {
        expect(log.includes(value), `${what} in the log`).toBe(false);
      }
      // Nor the parts a redaction could miss: the local part of the e-mail, the street.
      for (const fragment of ["valentina.rossi46", "Doctor"]) expect(log.includes(fragment), fragment).toBe(false);
    });

    it("objects logged by hand lose their bodies, tokens and personal fields to the redact paths", () => {
      app.log.warn(
        {
          body: personal,
          query: { to: personal.email },
          req: { headers: { authorization: `Bearer secret`, cookie: "pp_refresh=x" } },
          user: { email: personal.email, phone: personal.phone },
        },
        "by hand",
      );
      const log = lines.join("\n");
      expect(log).toContain("by hand");
      for (const value of [personal.email, personal.phone, personal.address, "Bearer secret", "pp_refresh"])
        expect(log.includes(value), value).toBe(false);
    });
  });
});

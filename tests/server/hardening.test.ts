// What the server refuses and what its document says it refuses are one list: free text goes through the
// contract's safe text, every id of a path, query or header through one typed parse (a path id that cannot name
// anything answers 404, a query or header value 400), a body is JSON or nothing, and the OpenAPI document names
// every refusal each operation can answer.
import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { ACCEPT_YEAR_HEADER } from "../../contract/races";
import { onEachBackend, ADMIN_TOKEN, type Harness } from "./harness";
import { quickPlayer, type QuickPlayer } from "./leaguePlayers";
import { testDocument } from "./openapiCheck";
import { ADMIN_TOKEN_HEADER } from "../../contract/calls.results";

const admin = { [ADMIN_TOKEN_HEADER]: ADMIN_TOKEN };
type Refusal = { code: string; fields?: Record<string, { code: string }> };

async function firstRace(h: Harness): Promise<{ id: string }> {
  const races = await h.call<{ result: { data: { id: string }[] } }>("GET", "/races", { query: { take: 1 } });
  return races.body.result.data[0]!;
}

async function vipLink(h: Harness): Promise<{ fan: QuickPlayer; data: string; signature: string }> {
  const guru = await quickPlayer(h, { guru: true });
  const made = await h.call<{ result: { id: string } }>("POST", "/leagues", {
    token: guru.token,
    body: { name: "Nul Test VIP", type: "VIP" },
  });
  expect(made.status, JSON.stringify(made.body)).toBe(200);
  const link = await h.call<{ result: { link: string } }>("GET", `/leagues/${made.body.result.id}/link`, {
    token: guru.token,
  });
  const url = new URL(link.body.result.link);
  return {
    fan: await quickPlayer(h),
    data: url.searchParams.get("data")!,
    signature: url.searchParams.get("signature")!,
  };
}

onEachBackend(
  "hardening",
  (h) => {
    describe("free text goes through the contract's safe text", () => {
      it("refuses a NUL in a page view's path with 400 invalidCharacters", async () => {
        const res = await h.call<Refusal>("POST", "/analytics/page-view", {
          body: { path: "/\u0000d", url: "https://q" },
        });
        expect(res.status).toBe(400);
        expect(res.body.fields?.path?.code).toBe("invalidCharacters");
      });

      it("refuses a NUL in a news item's title with 400 invalidCharacters", async () => {
        const res = await h.call<Refusal>("POST", "/admin/news", {
          headers: admin,
          body: { url: "https://www.youtube.com/@MotoGP", title: "Round\u0000 one" },
        });
        expect(res.status).toBe(400);
        expect(res.body.fields?.title?.code).toBe("invalidCharacters");
      });
    });

    describe("a body is JSON or nothing", () => {
      it("answers a JSON body sent as text/plain with 415 unsupportedMediaType", async () => {
        const res = await h.app.inject({
          method: "POST",
          url: "/api/auth/sign-in",
          headers: { "content-type": "text/plain" },
          payload: JSON.stringify({ login: "x", password: "y" }),
        });
        expect(res.statusCode).toBe(415);
        expect(res.json().code).toBe("unsupportedMediaType");
      });

      it("refuses a null body on PUT /users and on capture-stuck with 400", async () => {
        const player = await quickPlayer(h);
        const json = { "content-type": "application/json" };
        const update = await h.app.inject({
          method: "PUT",
          url: "/api/users",
          headers: { ...json, authorization: `Bearer ${player.token}` },
          payload: "null",
        });
        expect(update.statusCode).toBe(400);
        const capture = await h.app.inject({
          method: "POST",
          url: "/api/admin/orders/capture-stuck",
          headers: { ...json, ...admin },
          payload: "null",
        });
        expect(capture.statusCode).toBe(400);
      });
    });

    describe("a query value is parsed once by its schema", () => {
      it("refuses an empty version= with 400", async () => {
        const race = await firstRace(h);
        const player = await quickPlayer(h);
        const token = player.token;
        const urls = [
          "/predictions/types",
          `/predictions/races/${race.id}/results`,
          `/v2/races/${race.id}/riders`,
          "/riders/teams",
          `/predictions/statistics/races/${race.id}`,
        ];
        for (const url of urls) {
          const res = await h.app.inject({
            method: "GET",
            url: `/api${url}?version=`,
            headers: { authorization: `Bearer ${token}` },
          });
          expect(res.statusCode, url).toBe(400);
          expect(res.json().code, url).toBe("validation");
        }
      });

      it("refuses a NUL inside an id of the query with 400", async () => {
        const player = await quickPlayer(h);
        const league = await h.call<{ result: { id: string } }>("POST", "/leagues", {
          token: player.token,
          body: { name: "Nul League", type: "PRIVATE" },
        });
        const urls = [
          "/system/seasons?riderId=a%00b",
          "/riders?teamId=a%00b",
          `/predictions/statistics/leagues/${league.body.result.id}/rewards?raceId=a%00b`,
          "/questions/answers?raceId=a%00b",
        ];
        for (const url of urls) {
          const res = await h.app.inject({
            method: "GET",
            url: `/api${url}`,
            headers: { authorization: `Bearer ${player.token}` },
          });
          expect(res.statusCode, url).toBe(400);
        }
      });
    });

    describe("an id of the path is parsed once by the shared id schema", () => {
      it("answers 404 for a path id that cannot name anything, the same on every call", async () => {
        const player = await quickPlayer(h);
        for (const url of [
          "/questions/a%00b/user-answer",
          "/leagues/not-a-uuid/rewards",
          "/predictions/races/1/results",
        ]) {
          const res = await h.app.inject({
            method: url.endsWith("user-answer") ? "POST" : "GET",
            url: `/api${url}`,
            headers: { authorization: `Bearer ${player.token}`, "content-type": "application/json" },
            ...(url.endsWith("user-answer") ? { payload: JSON.stringify({ text: "Marc" }) } : {}),
          });
          expect(res.statusCode, url).toBe(404);
          expect(res.json().code, url).toBe("notFound");
        }
      });

      it("refuses a NUL in a bonus answer's option id with 400", async () => {
        const player = await quickPlayer(h);
        const res = await h.call<Refusal>("POST", "/questions/00000000-0000-4000-8000-000000000000/user-answer", {
          token: player.token,
          body: { text: "Marc", id: "a\u0000b" },
        });
        expect(res.status).toBe(400);
        expect(res.body.fields?.id).toBeDefined();
      });

      it("refuses a NUL in a sign-out refresh token with 400", async () => {
        const res = await h.call<Refusal>("POST", "/auth/sign-out", { body: { refreshToken: "abc\u0000def" } });
        expect(res.status).toBe(400);
      });
    });

    describe("a header value is parsed once by its schema", () => {
      it("refuses an empty accept-year header with 400", async () => {
        const riders = await h.call<{ result: { data: { id: string }[] } }>("GET", "/riders", { query: { take: 1 } });
        const res = await h.call<Refusal>("GET", `/riders/${riders.body.result.data[0]!.id}/performances`, {
          headers: { [ACCEPT_YEAR_HEADER]: "" },
        });
        expect(res.status).toBe(400);
        expect(res.body.code).toBe("validation");
      });
    });

    describe("a VIP invite link verifies only in its exact canonical encoding", () => {
      it("accepts the link as made and refuses its signature with a NUL inserted", async () => {
        const { fan, data, signature } = await vipLink(h);
        const tampered = await h.call<Refusal>("POST", "/leagues/link/use", {
          token: fan.token,
          body: { data, signature: `${signature.slice(0, 5)}\u0000${signature.slice(5)}` },
        });
        expect(tampered.status).toBe(400);
        const padded = await h.call<Refusal>("POST", "/leagues/link/use", {
          token: fan.token,
          body: { data, signature: `${signature}=` },
        });
        expect(padded.status).toBe(400);
        // 32 bytes are 43 characters whose last carries 2 unused bits: flipping one decodes to the same bytes.
        const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
        const twin = `${signature.slice(0, -1)}${alphabet[alphabet.indexOf(signature.at(-1)!) ^ 1]}`;
        const sameBytes = await h.call<Refusal>("POST", "/leagues/link/use", {
          token: fan.token,
          body: { data, signature: twin },
        });
        expect(sameBytes.status).toBe(400);
        expect(sameBytes.body.code).toBe("inviteLinkInvalid");
        const used = await h.call("POST", "/leagues/link/use", { token: fan.token, body: { data, signature } });
        expect(used.status).toBe(200);
      });
    });

    describe("the leagues' bodies say what the server takes", () => {
      it("refuses an end date that is not a date with 400 on fields.endDate, before anything is stored", async () => {
        const owner = await quickPlayer(h);
        const res = await h.call<Refusal>("POST", "/leagues", {
          token: owner.token,
          body: { name: "Dateless", type: "PRIVATE", endDate: "soon" },
        });
        expect(res.status).toBe(400);
        expect(res.body.fields?.endDate).toBeDefined();
      });
    });

    describe("431 comes over a real socket in the contract's error body", () => {
      it("answers headers over 16 KiB with 431 payloadTooLarge", async () => {
        const app = await h.buildApp({});
        await app.listen({ port: 0, host: "127.0.0.1" });
        {
          const { port } = app.server.address() as AddressInfo;
          const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
            const req = httpRequest(
              { host: "127.0.0.1", port, path: `/api/riders?search=${"a".repeat(17 * 1024)}`, method: "GET" },
              (res) => {
                let body = "";
                res.on("data", (c) => (body += c));
                res.on("end", () => resolve({ status: res.statusCode!, body }));
              },
            );
            req.on("error", reject);
            req.end();
          });
          expect(answer.status).toBe(431);
          expect(JSON.parse(answer.body).code).toBe("payloadTooLarge");
        }
      });
    });
  },
  { seed: true },
);

/** The properties of an operation's JSON body, as the document describes them. */
const bodyOf = (path: string, method: "post" | "put") =>
  (
    testDocument.paths[path]![method]!.requestBody!.content["application/json"]!.schema as {
      properties: Record<string, Record<string, unknown>>;
    }
  ).properties;

describe("the document names every refusal the server can answer", () => {
  const operations = Object.values(testDocument.paths).flatMap((ops) => Object.values(ops));

  it("documents 431 payloadTooLarge on every operation (headers and URL over 16 KiB)", () => {
    expect(operations.filter((op) => !op.responses["431"]).map((op) => op.operationId)).toEqual([]);
  });

  it("documents 413 on every operation and 415 on every one with a body", () => {
    expect(operations.filter((op) => !op.responses["413"]).map((op) => op.operationId)).toEqual([]);
    expect(operations.filter((op) => op.requestBody && !op.responses["415"]).map((op) => op.operationId)).toEqual([]);
  });

  it("documents 429 where a rate limit applies", () => {
    const limited = [
      "auth.signIn",
      "auth.signInEmail",
      "auth.signUp",
      "auth.signUpConfirm",
      "auth.refresh",
      "auth.recoveryValidate",
      "auth.recoverySendCode",
      "auth.recoveryNewPassword",
      "leagues.invite",
      "uploads.upload",
    ];
    const byId = new Map(operations.map((op) => [op.operationId, op]));
    expect(limited.filter((id) => !byId.get(id)?.responses["429"])).toEqual([]);
  });

  it("documents answerNotAnOption on grading from results", () => {
    const op = testDocument.paths["/admin/races/{raceId}/questions/grade"]!.post!;
    const ref = (op.responses["400"] as { $ref: string }).$ref;
    expect(ref).toContain("answerNotAnOption");
  });

  it("documents path ids as UUIDs and query ids by their schema", () => {
    const op = testDocument.paths["/leagues/{id}"]!.get!;
    expect(op.parameters?.find((p) => p.name === "id")?.schema).toMatchObject({ type: "string", format: "uuid" });
    const seasons = testDocument.paths["/system/seasons"]!.get!;
    expect(seasons.parameters?.find((p) => p.name === "riderId")?.schema).toMatchObject({ format: "uuid" });
  });

  it("documents what the bodies' fields really take: e-mails, confirmPassword, endDate, member status", () => {
    expect(bodyOf("/auth/sign-up", "post").email).toMatchObject({ format: "email", maxLength: 254 });
    expect(bodyOf("/auth/sign-up", "post").confirmPassword).toMatchObject({ minLength: 8, maxLength: 64 });
    expect(bodyOf("/auth/recovery/new-password", "post").confirmPassword).toMatchObject({
      minLength: 8,
      maxLength: 64,
    });
    for (const [path, method] of [
      ["/leagues", "post"],
      ["/leagues/{id}", "put"],
    ] as const) {
      expect(JSON.stringify(bodyOf(path, method).endDate)).toContain("date-time");
    }
    expect(bodyOf("/leagues/{id}/members/{userId}", "put").status).toMatchObject({ enum: ["ACCEPTED"] });
  });
});

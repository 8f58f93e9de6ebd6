// The contract's one parse of path, query and header values (contract/common.ts, contract/calls.ts): ids are UUIDs
// read in lower case, other path values safe keys, whole numbers of a query digits only.
import { describe, expect, expectTypeOf, it } from "vitest";
import { authCalls, call, pathParams, type PathNames, type PathValues } from "../../contract/calls";
import { leaguesCalls } from "../../contract/calls.leagues";
import { isUuid, PathKey, UPLOAD_REF_PATTERN, uploadIdOf, Uuid, VersionQuery } from "../../contract/common";
import type { Ctx } from "../../server/http/route";
import { email, opaqueToken } from "../../contract/validation";

describe("a row's id is a UUID, read in lower case", () => {
  it("takes a UUID in either case and gives it in lower case", () => {
    expect(Uuid.parse("7B5AD3D6-38F7-83D9-BFB4-D4DB64086E02")).toBe("7b5ad3d6-38f7-83d9-bfb4-d4db64086e02");
  });

  it("refuses text that cannot name a row: a NUL inside, a name, an empty value", () => {
    for (const value of ["a\u0000b", "00000000-0000-4000-8000-00000000000\u0000", "nope", ""])
      expect(Uuid.safeParse(value).success, JSON.stringify(value)).toBe(false);
  });
});

describe("a path value that is not an id is a safe key", () => {
  it("takes a provider's name or a token, refuses control characters, spaces and direction overrides", () => {
    expect(PathKey.parse("sandbox")).toBe("sandbox");
    for (const value of ["a\u0000b", "a b", "\u202eevil", "", "x".repeat(101)])
      expect(PathKey.safeParse(value).success, JSON.stringify(value)).toBe(false);
  });
});

describe("every call declares its path values", () => {
  it("types ids as UUIDs and providers, tokens and files as keys, by name", () => {
    const params = pathParams("/leagues/:id/members/:userId");
    expect(
      params.safeParse({ id: "00000000-0000-4000-8000-000000000000", userId: "00000000-0000-4000-8000-000000000001" })
        .success,
    ).toBe(true);
    expect(params.safeParse({ id: "nope", userId: "00000000-0000-4000-8000-000000000001" }).success).toBe(false);
    expect(pathParams("/diamonds/webhooks/:provider").safeParse({ provider: "sandbox" }).success).toBe(true);
  });

  it("keeps a call's own params and gives one to a call that declares none", () => {
    const declared = call({
      method: "GET",
      path: "/x/:id",
      auth: false,
      params: pathParams("/x/:token").transform(() => ({ id: "kept" })),
      result: Uuid,
    });
    expect(declared.params.parse({ token: "t" })).toEqual({ id: "kept" });
    expect(authCalls.signIn.params.parse({})).toEqual({});
  });
});

describe("a path's names type its values, for the handler and the client", () => {
  it("names each :name of a path and nothing else", () => {
    expectTypeOf<PathValues<"/leagues/:id/members/:userId">>().toEqualTypeOf<{ id: string; userId: string }>();
    expectTypeOf<PathNames<"/predictions/:raceId">>().toEqualTypeOf<"raceId">();
    expectTypeOf<PathNames<"/users/profile">>().toBeNever();
    expectTypeOf<Ctx<typeof leaguesCalls.setMemberStatus>["params"]>().toEqualTypeOf<{ id: string; userId: string }>();
    expect(
      Object.keys(
        pathParams("/leagues/:id/members/:userId").parse({
          id: "00000000-0000-4000-8000-000000000000",
          userId: "00000000-0000-4000-8000-000000000001",
        }),
      ).toSorted(),
    ).toEqual(["id", "userId"]);
  });
});

describe("an id that reaches a query by another way than a path is checked by one rule", () => {
  it("takes a UUID in either case and nothing else; an upload's reference names its id", () => {
    expect(isUuid("7B5AD3D6-38F7-83D9-BFB4-D4DB64086E02")).toBe(true);
    for (const value of ["nope", "", "7b5ad3d6-38f7-83d9-bfb4-d4db64086e0", "7b5ad3d6-38f7-83d9-bfb4-d4db64086e02x"])
      expect(isUuid(value), value).toBe(false);
    expect(uploadIdOf("/api/s3/7b5ad3d6-38f7-83d9-bfb4-d4db64086e02")).toBe("7b5ad3d6-38f7-83d9-bfb4-d4db64086e02");
    expect(uploadIdOf("/api/s3/nope")).toBeUndefined();
    expect(UPLOAD_REF_PATTERN.test("https://evil.example/api/s3/7b5ad3d6-38f7-83d9-bfb4-d4db64086e02")).toBe(false);
  });
});

describe("a whole number of a query is digits only", () => {
  it("refuses an empty version= instead of reading it as 0", () => {
    expect(VersionQuery.safeParse("").success).toBe(false);
    expect(VersionQuery.safeParse("1\u0000").success).toBe(false);
    expect(VersionQuery.safeParse("-1").success).toBe(false);
    expect(VersionQuery.parse("12")).toBe(12);
    expect(VersionQuery.parse(3)).toBe(3);
    expect(VersionQuery.parse(undefined)).toBeUndefined();
  });
});

describe("a token the server made is taken in its own alphabet", () => {
  it("refuses a NUL inside a refresh token", () => {
    expect(opaqueToken().safeParse("abc\u0000def").success).toBe(false);
    expect(opaqueToken().parse("Zx_9-a")).toBe("Zx_9-a");
  });
});

describe("an e-mail field's document says what the field takes", () => {
  it("states the format and the length the pipe requires", async () => {
    const { toJSONSchema } = await import("zod");
    expect(toJSONSchema(email(), { io: "input" })).toMatchObject({ type: "string", format: "email", maxLength: 254 });
  });
});

// contract/text.ts: what free text may hold, decided once for every schema that takes it.
import { describe, expect, it } from "vitest";
import * as z from "zod";
import { SignInBody, SignUpBody } from "../../contract/auth";
import { LeagueBody, LeaguesQuery } from "../../contract/leagues";
import { RidersQuery } from "../../contract/races";
import { isSafePathParam, optionalSafeText, safeName, safeText } from "../../contract/text";
import { UpdateProfileBody } from "../../contract/users";
import { fieldErrors } from "../../contract/validation";

const codeOf = (schema: z.ZodType, value: unknown) => {
  const parsed = schema.safeParse(value);
  return parsed.success ? null : Object.values(fieldErrors(parsed.error))[0]!.code;
};
const valueOf = (schema: z.ZodType, value: unknown) => schema.parse(value);

describe("text is trimmed and normalised to NFC", () => {
  it("stores one form of a name typed with a combining accent", () => {
    expect(valueOf(safeName(), "  Jose\u0301  ")).toBe("José");
    expect(valueOf(safeName(), "Jose\u0301")).toBe(valueOf(safeName(), "Jos\u00e9"));
  });

  it("turns pasted CRLF into plain newlines in multi-line fields", () => {
    expect(valueOf(safeText({ multiline: true }), "one\r\ntwo\rthree")).toBe("one\ntwo\nthree");
  });
});

describe("no NUL, control characters or lone surrogates anywhere: invalidCharacters", () => {
  it.each([
    ["NUL", "ab\u0000c"],
    ["a C0 control", "bell\u0007"],
    ["escape", "\u001b[31mred"],
    ["DEL", "del\u007f"],
    ["a C1 control", "x\u0085y"],
    ["a lone high surrogate", "x\ud800y"],
    ["a lone low surrogate", "x\udfffy"],
    ["a noncharacter", "x\uffffy"],
  ])("refuses %s", (_, text) => {
    expect(codeOf(safeText(), text)).toBe("invalidCharacters");
    expect(codeOf(safeText({ multiline: true }), text)).toBe("invalidCharacters");
    expect(codeOf(safeName(), text)).toBe("invalidCharacters");
  });

  it("keeps emoji, accents and every script", () => {
    for (const text of ["😀 👨‍👩‍👧 🏴󠁧󠁢󠁳󠁣󠁴󠁿", "Ñandú", "Μάρκος", "مارك", "マルク", "마르크", "มาร์ค"])
      expect(codeOf(safeText(), text)).toBeNull();
  });
});

describe("newline and tab only in multi-line fields: lineBreakNotAllowed", () => {
  it("refuses them on one line, keeps them in a bio or a description", () => {
    expect(codeOf(safeText(), "two\nlines")).toBe("lineBreakNotAllowed");
    expect(codeOf(safeText(), "a\ttab")).toBe("lineBreakNotAllowed");
    expect(valueOf(safeText({ multiline: true }), "two\n\tlines")).toBe("two\n\tlines");
  });
});

describe("names hold no direction overrides, isolates or invisible characters: invisibleCharacters", () => {
  it.each([
    ["a right-to-left override", "admin\u202Egnp.exe"],
    ["an isolate", "\u2067Bob\u2069"],
    ["a direction mark", "Bob\u200F"],
    ["a zero-width space", "Ma\u200Brc"],
    ["Hangul fillers", "\u3164\u3164\u3164"],
    ["a soft hyphen", "Ma\u00ADrc"],
    ["a byte order mark", "Ma\uFEFFrc"],
  ])("refuses %s", (_, name) => {
    expect(codeOf(safeName(), name)).toBe("invisibleCharacters");
  });

  it("keeps the joiners emoji and scripts need", () => {
    expect(codeOf(safeName(), "Fam 👨‍👩‍👧")).toBeNull();
    expect(codeOf(safeName(), "می‌خواهم")).toBeNull();
  });
});

describe("every schema that takes free text uses the rule", () => {
  it.each([
    ["sign-in login", SignInBody, { login: "x\u0000", password: "p" }, "login"],
    [
      "sign-up name",
      SignUpBody,
      {
        name: "Bob\u0000",
        email: "b@example.com",
        password: "Paddock#2026",
        confirmPassword: "Paddock#2026",
        agree: true,
      },
      "name",
    ],
    [
      "sign-up language",
      SignUpBody,
      {
        name: "Bob",
        email: "b@example.com",
        password: "Paddock#2026",
        confirmPassword: "Paddock#2026",
        agree: true,
        lng: "e\u0000",
      },
      "lng",
    ],
    ["profile zip code", UpdateProfileBody, { zipCode: "\u0000" }, "zipCode"],
    ["profile city", UpdateProfileBody, { city: "Rome\nBcc: x@y.z" }, "city"],
    ["profile bio", UpdateProfileBody, { bio: "hi\u0000" }, "bio"],
    ["profile name", UpdateProfileBody, { name: "\u202Eevil" }, "name"],
    ["profile picture", UpdateProfileBody, { img: "https://tracker.example/pixel.png" }, "img"],
    ["league name", LeagueBody, { name: "Fast\u0000", type: "PUBLIC" }, "name"],
    ["league description", LeagueBody, { name: "Fast", type: "PUBLIC", description: "\u0000" }, "description"],
    ["league search", LeaguesQuery, { text: "%\u0000" }, "text"],
    ["rider search", RidersQuery, { search: "\u0000" }, "search"],
  ])("%s", (_, schema, body, field) => {
    const parsed = (schema as z.ZodType).safeParse(body);
    expect(parsed.success).toBe(false);
    expect(Object.keys(fieldErrors(parsed.error!))).toContain(field);
  });

  it("treats an empty optional text as not set", () => {
    expect(valueOf(optionalSafeText(10), "   ")).toBeUndefined();
  });
});

describe("a path parameter that cannot name anything is never looked up", () => {
  it("accepts ids and codes, refuses control characters, overrides, spaces and empty text", () => {
    expect(isSafePathParam("3f1c2a9e-1b2c-4d5e-8f90-0123456789ab")).toBe(true);
    expect(isSafePathParam("google")).toBe(true);
    for (const bad of ["", "a\u0000", "x\ud800", "\u202Eid", "a b", "\u200B"])
      expect(isSafePathParam(bad), JSON.stringify(bad)).toBe(false);
  });
});

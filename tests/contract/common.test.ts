import { describe, expect, it } from "vitest";
import * as z from "zod";
import { DEFAULT_PAGE_SIZE, ErrorBody, MAX_PAGE_SIZE, PageQuery, envelope, paged } from "../../contract/common";

const Item = z.object({ id: z.string() });
const Page = paged(Item);

describe("a paged list has data, page, pages and count (spec section 3)", () => {
  it("parses a page of items", () => {
    expect(Page.parse({ data: [{ id: "a" }], page: 1, pages: 3, count: 101 })).toEqual({
      data: [{ id: "a" }],
      page: 1,
      pages: 3,
      count: 101,
    });
  });

  it("accepts an empty list with zero pages", () => {
    expect(Page.safeParse({ data: [], page: 1, pages: 0, count: 0 }).success).toBe(true);
  });

  it.each([
    ["a page below 1", { data: [], page: 0, pages: 0, count: 0 }],
    ["a negative count", { data: [], page: 1, pages: 0, count: -1 }],
    ["a fractional page", { data: [], page: 1.5, pages: 2, count: 3 }],
    ["an item of the wrong shape", { data: [{ id: 1 }], page: 1, pages: 1, count: 1 }],
    ["a missing field", { data: [], page: 1, pages: 1 }],
  ])("rejects %s", (_, value) => {
    expect(Page.safeParse(value).success).toBe(false);
  });
});

describe("paging params page and take arrive as text and have defaults", () => {
  it("defaults to the first page of the default size", () => {
    expect(PageQuery.parse({})).toEqual({ page: 1, take: DEFAULT_PAGE_SIZE });
  });

  it("reads numbers from query strings", () => {
    expect(PageQuery.parse({ page: "3", take: "20" })).toEqual({ page: 3, take: 20 });
  });

  it.each([{ page: "0" }, { take: "0" }, { take: String(MAX_PAGE_SIZE + 1) }, { page: "two" }])(
    "rejects %j",
    (query) => {
      expect(PageQuery.safeParse(query).success).toBe(false);
    },
  );
});

describe("every response body is { result }", () => {
  it("wraps the result schema", () => {
    expect(envelope(Item).parse({ result: { id: "a" } })).toEqual({ result: { id: "a" } });
    expect(envelope(Item).safeParse({ id: "a" }).success).toBe(false);
  });
});

describe("an error body is { statusCode, code, message } with per-field errors on 400", () => {
  it("parses a validation error", () => {
    const body = {
      statusCode: 400,
      code: "validation",
      message: "Some fields are not valid",
      fields: {
        name: { code: "minLength", params: { field: "name", min: 3 }, message: "Please enter more than 3 characters" },
      },
    };
    expect(ErrorBody.parse(body)).toEqual(body);
  });

  it("rejects a field error whose code is not a message code", () => {
    const body = {
      statusCode: 400,
      code: "validation",
      message: "x",
      fields: { name: { code: "tooShort", params: {}, message: "x" } },
    };
    expect(ErrorBody.safeParse(body).success).toBe(false);
  });
});

// The operators' news items through the API (PGlite and PostgreSQL): published once per url and language, listed
// by GET /system/news, the newest for a language served by GET /system/news-page/next?langCode, bad input refused.
import { sql } from "drizzle-orm";
import { beforeEach, expect, it } from "vitest";
import { ADMIN_TOKEN_HEADER } from "../../contract/calls.results";
import { ADMIN_TOKEN, onEachBackend } from "./harness";

const admin = { [ADMIN_TOKEN_HEADER]: ADMIN_TOKEN };
const url = "https://www.youtube.com/@MotoGP/videos";

const result = <T>(res: { body: unknown }) => (res.body as { result: T }).result;

onEachBackend("news", (h) => {
  beforeEach(async () => {
    await h.database.db.execute(sql`TRUNCATE news`);
  });
  const add = (body: Record<string, unknown>, headers: Record<string, string> = admin) =>
    h.call("POST", "/admin/news", { body, headers });

  it("publishes an item once per url and language, newest first, and serves the newest for a language", async () => {
    const first = await add({ url, title: "Guru speak show, round 1", publishedAt: "2026-03-01T10:00:00Z" });
    expect(first.status).toBe(200);
    expect(result<{ created: boolean }>(first).created).toBe(true);
    expect(result(await add({ url, title: "Another title" }))).toEqual({ ...result<object>(first), created: false });
    await add({
      url: "https://www.youtube.com/@MotoGP/shorts",
      title: "Show en español",
      lang: "es",
      publishedAt: "2026-03-02T10:00:00Z",
    });

    const list = result<{ title: string }[]>(await h.call("GET", "/system/news"));
    expect(list.map((n) => n.title)).toEqual(["Show en español", "Guru speak show, round 1"]);
    expect(
      result<{ title: string }>(await h.call("GET", "/system/news-page/next", { query: { langCode: "es" } })).title,
    ).toBe("Show en español");
    expect(
      result<{ title: string }>(await h.call("GET", "/system/news-page/next", { query: { langCode: "fr" } })).title,
    ).toBe("Guru speak show, round 1");
  });

  it("refuses a link that is not https, a missing title and a call without the operators' token", async () => {
    expect((await add({ url: "http://example.com/video", title: "Plain http" })).status).toBe(400);
    expect((await add({ url: "javascript:alert(1)", title: "Script" })).status).toBe(400);
    expect((await add({ url })).status).toBe(400);
    expect((await add({ url, title: "No token" }, {})).status).toBe(401);
    expect(result<unknown[]>(await h.call("GET", "/system/news"))).toEqual([]);
  });
});

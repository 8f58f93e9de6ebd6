// How the server delivers the SPA's pages and the API's JSON to a phone: JSON answers compressed
// when the client accepts it, and each client route's page linking what its first screen needs.
import Fastify from "fastify";
import { readFileSync } from "node:fs";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { installJsonCompression } from "../../server/http/compress";
import { preloadLinks } from "../../server/http/spa";
import { patternOf, readRoutes } from "../../scripts/build/routePreloads";

async function jsonApp(size: number) {
  const app = Fastify();
  installJsonCompression(app);
  app.get("/x", async () => ({ items: Array.from({ length: size }, (_, i) => ({ id: i, name: `race ${i}` })) }));
  await app.ready();
  return app;
}

describe("JSON answers of 1 KB or more go out compressed when accepted", () => {
  it("sends brotli when accepted, else gzip, and the same JSON either way", async () => {
    const app = await jsonApp(200);
    const plain = await app.inject({ url: "/x" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toContain("accept-encoding");
    const br = await app.inject({ url: "/x", headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.payload);
    const gzip = await app.inject({ url: "/x", headers: { "accept-encoding": "br;q=0, gzip" } });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.payload);
    await app.close();
  });

  it("leaves small answers alone", async () => {
    const app = await jsonApp(2);
    const small = await app.inject({ url: "/x", headers: { "accept-encoding": "br" } });
    expect(small.headers["content-encoding"]).toBeUndefined();
    await app.close();
  });
});

describe("each client route's page links what its first screen needs", () => {
  const routes = readRoutes(readFileSync("src/app/routes.tsx", "utf8"));

  it("reads the routes: /predictions is guarded, has the header and its own screen; / has neither", () => {
    const predictions = routes.find((r) => r.screen === "predictions");
    expect(predictions).toMatchObject({
      guarded: true,
      withHeader: true,
      modules: ["src/screens/predictions/PredictionsScreen"],
    });
    expect(routes.find((r) => r.screen === "home")).toMatchObject({
      guarded: false,
      withHeader: false,
      modules: ["src/screens/landing/LandingScreen"],
    });
    expect(routes.find((r) => r.screen === "profile")?.modules).toEqual(["src/screens/profile/ProfileScreen"]);
    expect(routes.length).toBeGreaterThan(20);
  });

  it("matches a path pattern exactly, with its parameters", () => {
    expect(new RegExp(patternOf("/leagues/:leagueId")).test("/leagues/abc")).toBe(true);
    expect(new RegExp(patternOf("/leagues/:leagueId")).test("/leagues/abc/x")).toBe(false);
    expect(new RegExp(patternOf("/")).test("/predictions")).toBe(false);
  });

  it("preloads the screen's calls only with a session, its own files at low priority", () => {
    const route = {
      pattern: "^/predictions/?$",
      files: ["assets/frame.js", "assets/frame.css"],
      later: ["assets/screen.js"],
      images: [],
      calls: ["/api/races?page=1&take=100"],
      guarded: true,
    };
    const guest = preloadLinks(route, false);
    expect(guest).toContain('<link rel="modulepreload" href="/assets/frame.js" crossorigin>');
    expect(guest).toContain('<link rel="preload" as="style" href="/assets/frame.css" crossorigin>');
    expect(guest).toContain('<link rel="modulepreload" href="/assets/screen.js" crossorigin fetchpriority="low">');
    expect(guest).not.toContain("/api/");
    expect(preloadLinks(route, true)).toContain(
      '<link rel="preload" as="fetch" href="/api/races?page=1&amp;take=100" crossorigin>',
    );
  });
});

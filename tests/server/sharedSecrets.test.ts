// Several instances sign and check each other's tokens only with the same secrets: an instance that says it is one
// of several (REDIS_URL, DATABASE_URL) but signs with its own DATA_DIR's secrets warns when it starts.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig, ownSecretsWarning } from "../../server/config";

const secrets = { JWT_ACCESS_SECRET: "a".repeat(32), JWT_REFRESH_SECRET: "r".repeat(32), ADMIN_TOKEN: "t".repeat(32) };

describe("secrets of several instances", () => {
  const dirs = [mkdtempSync(join(tmpdir(), "pp-secrets-")), mkdtempSync(join(tmpdir(), "pp-secrets-"))];
  afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

  it("two instances left to their own data folders sign with different secrets", () => {
    const [a, b] = dirs.map((DATA_DIR) => loadConfig({ DATA_DIR, REDIS_URL: "redis://127.0.0.1:6379" }));
    expect(a!.jwtAccessSecret).not.toBe(b!.jwtAccessSecret);
  });

  it("warns at start when REDIS_URL or DATABASE_URL is set and a secret comes from the data folder, naming them", () => {
    const redis = ownSecretsWarning({ REDIS_URL: "redis://cache:6379" });
    expect(redis).toContain("REDIS_URL");
    expect(redis).toContain("JWT_ACCESS_SECRET, JWT_REFRESH_SECRET, ADMIN_TOKEN");
    const database = ownSecretsWarning({
      DATABASE_URL: "postgres://db/pp",
      JWT_ACCESS_SECRET: secrets.JWT_ACCESS_SECRET,
      JWT_REFRESH_SECRET: secrets.JWT_REFRESH_SECRET,
    });
    expect(database).toContain("DATABASE_URL");
    expect(database).toContain("ADMIN_TOKEN comes from");
    expect(database).not.toContain("JWT_");
  });

  it("says nothing when every secret is given, or when nothing says the instance is one of several", () => {
    expect(
      ownSecretsWarning({ REDIS_URL: "redis://cache:6379", DATABASE_URL: "postgres://db/pp", ...secrets }),
    ).toBeUndefined();
    expect(ownSecretsWarning({})).toBeUndefined();
    // Production refuses to start without the JWT secrets, and serves no admin calls without ADMIN_TOKEN.
    expect(ownSecretsWarning({ NODE_ENV: "production", REDIS_URL: "redis://cache:6379" })).toBeUndefined();
  });
});

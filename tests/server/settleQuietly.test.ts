// The live hub's Redis clients while Redis is away: the adapter's unawaited commands must not become unhandled
// rejections when the client closes (each would end the process).
import { Redis } from "ioredis";
import { afterEach, describe, expect, it } from "vitest";
import { settleQuietly } from "../../server/live/settleQuietly";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const unhandled: unknown[] = [];
const record = (reason: unknown) => unhandled.push(reason);

describe("Redis commands sent without waiting, closed while Redis is unreachable", () => {
  afterEach(() => {
    process.off("unhandledRejection", record);
  });

  it("are rejected quietly, and a caller that awaits one still sees its failure", async () => {
    process.on("unhandledRejection", record);
    // Nothing listens on port 1: the client is still connecting when it is closed, and its queue is flushed.
    const client = new Redis("redis://127.0.0.1:1", { maxRetriesPerRequest: null });
    client.on("error", () => undefined);
    settleQuietly(client);
    void client.publish("pp-channel", "fire and forget");
    const awaited = client.get("pp-key").then(
      () => "resolved",
      (err: Error) => err.message,
    );
    client.disconnect();
    await sleep(300);
    expect(await awaited).toBe("Connection is closed.");
    expect(unhandled).toEqual([]);
  });
});

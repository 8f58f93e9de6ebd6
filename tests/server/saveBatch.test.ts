// server/modules/predictions/saveBatch.ts: one-round-trip saves ready in one turn share one transaction. The
// batcher alone, over a stand-in connection that records what it is sent (the saves themselves on PostgreSQL are in
// predictions.test.ts, "one round trip").
import type { PoolClient } from "pg";
import { describe, expect, it } from "vitest";
import { batches, saveBatcher } from "../../server/modules/predictions/saveBatch";

type Sent = { messages: string[]; released: (Error | boolean | undefined)[] };

/** A connection answering each statement of a message with `rows(statement)`, or failing on `failOn`. */
function standIn(rows: (statement: string) => { xmin: string }[], failOn?: string): { connect: () => Promise<PoolClient>; sent: Sent } {
  const sent: Sent = { messages: [], released: [] };
  const client = {
    async query(message: string) {
      sent.messages.push(message);
      if (failOn && message.includes(failOn)) throw new Error("relation is gone");
      return message.split(";\n").map((statement) => ({ rows: rows(statement) }));
    },
    release(err?: Error | boolean) {
      sent.released.push(err);
    },
  } as unknown as PoolClient;
  return { connect: async () => client, sent };
}

const save = (player: string, writes = true) => ({ key: `predictions:${player}`, lock: `LOCK ${player}`, insert: `INSERT ${player}${writes ? "" : " moved"}` });
const answer = (statement: string) => (statement.startsWith("INSERT") && !statement.endsWith("moved") ? [{ xmin: `x-${statement.slice(7)}` }] : []);

describe("saves ready in one turn share one transaction", () => {
  it("sends one message: BEGIN, every lock once in the order of its key, every INSERT in arrival order, COMMIT", async () => {
    const { connect, sent } = standIn(answer);
    const batcher = saveBatcher(connect);
    const sentBefore = batches.sent;
    const written = await Promise.all([batcher.write(save("c")), batcher.write(save("a")), batcher.write(save("b")), batcher.write(save("a"))]);
    expect(sent.messages).toEqual(["BEGIN;\nLOCK a;\nLOCK b;\nLOCK c;\nINSERT c;\nINSERT a;\nINSERT b;\nINSERT a;\nCOMMIT"]);
    expect(written.map((w) => w?.rows)).toEqual([[{ xmin: "x-c" }], [{ xmin: "x-a" }], [{ xmin: "x-b" }], [{ xmin: "x-a" }]]);
    expect(batches.sent).toBe(sentBefore + 1);
    expect(sent.released).toEqual([undefined]);
  });

  it("answers each save its own INSERT's rows: one whose rows moved costs the others nothing", async () => {
    const { connect } = standIn(answer);
    const batcher = saveBatcher(connect);
    const written = await Promise.all([batcher.write(save("a")), batcher.write(save("b", false)), batcher.write(save("c"))]);
    expect(written).toEqual([
      { rows: [{ xmin: "x-a" }], credited: [] },
      { rows: [], credited: [] },
      { rows: [{ xmin: "x-c" }], credited: [] },
    ]);
  });

  it("saves of a later turn go in a message of their own", async () => {
    const { connect, sent } = standIn(answer);
    const batcher = saveBatcher(connect);
    await batcher.write(save("a"));
    await batcher.write(save("b"));
    expect(sent.messages).toHaveLength(2);
  });
});

const credited = (player: string, writes = true, credits = true) => ({
  ...save(player, writes),
  credit: { key: player, lock: `BALANCE ${player}`, statement: `CREDIT ${player}${credits ? "" : " posted"}` },
});
/** Answers INSERTs as `answer` does, and a credit with the balance row's new version unless its key was posted. */
const withCredits = (statement: string) => (statement.startsWith("CREDIT") ? (statement.endsWith("posted") ? [] : [{ xmin: `b-${statement.slice(7)}` }]) : answer(statement));

describe("a save that credits diamonds commits only with its credit", () => {
  it("locks the balance rows after every save's lock, credits after every INSERT, and commits in a second message", async () => {
    const { connect, sent } = standIn(withCredits);
    const batcher = saveBatcher(connect);
    const written = await Promise.all([batcher.write(credited("b")), batcher.write(save("c")), batcher.write(credited("a"))]);
    expect(sent.messages).toEqual(["BEGIN;\nLOCK a;\nLOCK b;\nLOCK c;\nBALANCE a;\nBALANCE b;\nINSERT b;\nINSERT c;\nINSERT a;\nCREDIT b;\nCREDIT a", "COMMIT"]);
    expect(written).toEqual([
      { rows: [{ xmin: "x-b" }], credited: [{ xmin: "b-b" }] },
      { rows: [{ xmin: "x-c" }], credited: [] },
      { rows: [{ xmin: "x-a" }], credited: [{ xmin: "b-a" }] },
    ]);
  });

  it("commits a credited save that wrote neither its picks nor its credit with the others", async () => {
    const { connect, sent } = standIn(withCredits);
    const batcher = saveBatcher(connect);
    const written = await Promise.all([batcher.write(credited("a", false, false)), batcher.write(save("b"))]);
    expect(sent.messages.at(-1)).toBe("COMMIT");
    expect(written).toEqual([
      { rows: [], credited: [] },
      { rows: [{ xmin: "x-b" }], credited: [] },
    ]);
  });

  it("rolls the whole batch back when a save's picks went in without its credit (its key was posted before)", async () => {
    const { connect, sent } = standIn(withCredits);
    const batcher = saveBatcher(connect);
    const written = await Promise.all([batcher.write(credited("a", true, false)), batcher.write(save("b"))]);
    expect(sent.messages.at(-1)).toBe("ROLLBACK");
    expect(written).toEqual([undefined, undefined]);
  });

  it("rolls the whole batch back when a save's credit went in without its picks (its rows moved)", async () => {
    const { connect, sent } = standIn(withCredits);
    const batcher = saveBatcher(connect);
    expect(await batcher.write(credited("a", false, true))).toBeUndefined();
    expect(sent.messages.at(-1)).toBe("ROLLBACK");
  });
});

describe("a batch that fails writes nothing and each save is decided again", () => {
  it("rolls back, answers undefined to every save and gives the connection back", async () => {
    const { connect, sent } = standIn(answer, "INSERT b");
    const batcher = saveBatcher(connect);
    const failedBefore = batches.failed;
    const written = await Promise.all([batcher.write(save("a")), batcher.write(save("b"))]);
    expect(written).toEqual([undefined, undefined]);
    expect(sent.messages.at(-1)).toBe("ROLLBACK");
    expect(batches.failed).toBe(failedBefore + 1);
    expect(sent.released).toEqual([undefined]);
  });

  it("answers undefined when no connection can be had", async () => {
    const batcher = saveBatcher(async () => {
      throw new Error("too many clients");
    });
    expect(await batcher.write(save("a"))).toBeUndefined();
  });
});

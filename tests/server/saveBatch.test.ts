// server/modules/predictions/saveBatch.ts: one-round-trip saves share one transaction, one batch out at a time. The
// batcher alone, over a stand-in connection that records what it is sent (the saves themselves on PostgreSQL, where
// pp_save_batch writes each save only if its own rows held, are in predictions.test.ts, "one round trip").
import type { PoolClient } from "pg";
import { describe, expect, it } from "vitest";
import { batches, saveBatcher, type BatchedSave } from "../../server/modules/predictions/saveBatch";

type Sent = { messages: string[]; released: (Error | boolean | undefined)[] };
type StandIn = {
  /** Players whose picks the batch's INSERT writes (the others' rows moved). */
  writing?: string[];
  /** Players whose credit's key was posted before (their credit writes nothing). */
  posted?: string[];
  /** A message containing this fails. */
  failOn?: string;
  /** Messages wait for this before they are answered. */
  held?: Promise<void>;
};

const RACE = "race-1";
const player = (name: string) => `player-${name}`;

/** A connection answering each statement of a message as PostgreSQL would for the players of `writing`. */
function standIn({ writing = [], posted = [], failOn, held }: StandIn): { connect: () => Promise<PoolClient>; sent: Sent } {
  const sent: Sent = { messages: [], released: [] };
  const rowsOf = (statement: string) => {
    if (statement.startsWith("EXECUTE pp_save_batch")) {
      return writing.filter((p) => statement.includes(`"${player(p)}"`)).map((p) => ({ user_id: player(p), race_id: RACE, xmin: `x-${p}` }));
    }
    if (statement.startsWith("CREDIT")) return posted.includes(statement.slice(7)) ? [] : [{ xmin: `b-${statement.slice(7)}` }];
    return [];
  };
  const client = {
    async query(message: string) {
      sent.messages.push(message);
      await held;
      if (failOn && message.includes(failOn)) throw new Error("relation is gone");
      return message.split(";\n").map((statement) => ({ rows: rowsOf(statement) }));
    },
    release(err?: Error | boolean) {
      sent.released.push(err);
    },
  } as unknown as PoolClient;
  return { connect: async () => client, sent };
}

const save = (name: string): BatchedSave => ({
  key: `predictions:${player(name)}:${RACE}`,
  insert: {
    userId: player(name),
    raceId: RACE,
    at: "2026-11-27T00:00:00.000Z",
    raceStamp: "7:8,9",
    picksStamp: "",
    balanceXmin: null,
    riders: [{ id: `rider-${name}`, xmin: "5" }],
    picks: [{ id: `pick-${name}`, category: "FP2", riderId: `rider-${name}`, upgrades: [] }],
  },
});
const credited = (name: string): BatchedSave => ({ ...save(name), credit: { key: player(name), lock: `BALANCE ${name}`, statement: `CREDIT ${name}` } });

/** The statements of a message. */
const statementsOf = (message: string | undefined) => message?.split(";\n") ?? [];
/** The players of a message's INSERT, in the order it names them. */
const playersOf = (message: string | undefined) => {
  const insert = statementsOf(message).find((s) => s.startsWith("EXECUTE pp_save_batch")) ?? "";
  return [...insert.matchAll(/"player-(\w+)"/g)].map((m) => m[1]);
};

describe("saves ready together share one transaction: one statement for their locks, one for their picks", () => {
  it("sends BEGIN, the plans kept, every lock in the order of its key, one INSERT of every save in arrival order, COMMIT", async () => {
    const { connect, sent } = standIn({ writing: ["a", "b", "c"] });
    const batcher = saveBatcher(connect);
    const sentBefore = batches.sent;
    const written = await Promise.all([batcher.write(save("c")), batcher.write(save("a")), batcher.write(save("b"))]);
    expect(sent.messages).toHaveLength(1);
    const statements = statementsOf(sent.messages[0]);
    expect(statements.slice(0, 3)).toEqual([
      "BEGIN",
      "SET LOCAL plan_cache_mode = force_generic_plan",
      `EXECUTE pp_save_locks('{"predictions:player-a:race-1","predictions:player-b:race-1","predictions:player-c:race-1"}')`,
    ]);
    expect(statements[3]).toMatch(/^EXECUTE pp_save_batch\(/);
    expect(statements.slice(4)).toEqual(["COMMIT"]);
    expect(playersOf(sent.messages[0])).toEqual(["c", "a", "b"]);
    expect(written.map((w) => w?.rows)).toEqual([[{ xmin: "x-c" }], [{ xmin: "x-a" }], [{ xmin: "x-b" }]]);
    expect(batches.sent).toBe(sentBefore + 1);
    expect(sent.released).toEqual([undefined]);
  });

  it("answers each save its own rows: one whose rows moved costs the others nothing", async () => {
    const { connect } = standIn({ writing: ["a", "c"] });
    const batcher = saveBatcher(connect);
    const written = await Promise.all([batcher.write(save("a")), batcher.write(save("b")), batcher.write(save("c"))]);
    expect(written).toEqual([
      { rows: [{ xmin: "x-a" }], credited: [] },
      { rows: [], credited: [] },
      { rows: [{ xmin: "x-c" }], credited: [] },
    ]);
  });

  it("puts a second save of one player's race in the next batch: one statement would not see the first's picks", async () => {
    const { connect, sent } = standIn({ writing: ["a", "b"] });
    const batcher = saveBatcher(connect);
    await Promise.all([batcher.write(save("a")), batcher.write(save("b")), batcher.write(save("a"))]);
    expect(sent.messages.map(playersOf)).toEqual([["a", "b"], ["a"]]);
  });
});

describe("one batch out at a time", () => {
  it("saves decided while a batch is out go together in the next one", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const { connect, sent } = standIn({ writing: ["a", "b", "c"], held });
    const batcher = saveBatcher(connect);
    const first = batcher.write(save("a"));
    await new Promise((resolve) => setImmediate(resolve));
    const later = [batcher.write(save("b")), batcher.write(save("c"))];
    await new Promise((resolve) => setImmediate(resolve));
    expect(sent.messages).toHaveLength(1);
    release();
    await Promise.all([first, ...later]);
    expect(sent.messages.map(playersOf)).toEqual([["a"], ["b", "c"]]);
  });

  it("the next batch goes out on the same connection, before the saves of the one before are answered", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const { connect, sent } = standIn({ writing: ["a", "b"], held });
    let connects = 0;
    const batcher = saveBatcher(() => (connects++, connect()));
    let messagesWhenAnswered = 0;
    const first = batcher.write(save("a")).then(() => (messagesWhenAnswered = sent.messages.length));
    await new Promise((resolve) => setImmediate(resolve));
    const second = batcher.write(save("b"));
    release();
    await Promise.all([first, second]);
    expect(messagesWhenAnswered).toBe(2);
    expect(connects).toBe(1);
    expect(sent.released).toEqual([undefined]);
  });

  it("a batch held up (a lock another transaction holds) does not hold the next one back past 20 ms", async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const { connect, sent } = standIn({ writing: ["a", "b"], held });
    const batcher = saveBatcher(connect);
    const first = batcher.write(save("a"));
    await new Promise((resolve) => setImmediate(resolve));
    const second = batcher.write(save("b"));
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(sent.messages.map(playersOf)).toEqual([["a"], ["b"]]);
    release();
    expect((await Promise.all([first, second])).map((w) => w?.rows)).toEqual([[{ xmin: "x-a" }], [{ xmin: "x-b" }]]);
  });
});

describe("a save that credits diamonds commits only with its credit", () => {
  it("locks the balance rows after every save's lock, credits after the INSERT, and commits in a second message", async () => {
    const { connect, sent } = standIn({ writing: ["a", "b", "c"] });
    const batcher = saveBatcher(connect);
    const written = await Promise.all([batcher.write(credited("b")), batcher.write(save("c")), batcher.write(credited("a"))]);
    const statements = statementsOf(sent.messages[0]);
    expect(statements[2]).toMatch(/^EXECUTE pp_save_locks/);
    expect(statements.slice(3, 5)).toEqual(["BALANCE a", "BALANCE b"]);
    expect(statements[5]).toMatch(/^EXECUTE pp_save_batch/);
    expect(statements.slice(6)).toEqual(["CREDIT b", "CREDIT a"]);
    expect(sent.messages.slice(1)).toEqual(["COMMIT"]);
    expect(written).toEqual([
      { rows: [{ xmin: "x-b" }], credited: [{ xmin: "b-b" }] },
      { rows: [{ xmin: "x-c" }], credited: [] },
      { rows: [{ xmin: "x-a" }], credited: [{ xmin: "b-a" }] },
    ]);
  });

  it("commits a credited save that wrote neither its picks nor its credit with the others", async () => {
    const { connect, sent } = standIn({ writing: ["b"], posted: ["a"] });
    const batcher = saveBatcher(connect);
    const written = await Promise.all([batcher.write(credited("a")), batcher.write(save("b"))]);
    expect(sent.messages.at(-1)).toBe("COMMIT");
    expect(written).toEqual([
      { rows: [], credited: [] },
      { rows: [{ xmin: "x-b" }], credited: [] },
    ]);
  });

  it("rolls the whole batch back when a save's picks went in without its credit (its key was posted before)", async () => {
    const { connect, sent } = standIn({ writing: ["a", "b"], posted: ["a"] });
    const batcher = saveBatcher(connect);
    const written = await Promise.all([batcher.write(credited("a")), batcher.write(save("b"))]);
    expect(sent.messages.at(-1)).toBe("ROLLBACK");
    expect(written).toEqual([undefined, undefined]);
  });

  it("rolls the whole batch back when a save's credit went in without its picks (its rows moved)", async () => {
    const { connect, sent } = standIn({ writing: [] });
    const batcher = saveBatcher(connect);
    expect(await batcher.write(credited("a"))).toBeUndefined();
    expect(sent.messages.at(-1)).toBe("ROLLBACK");
  });
});

describe("a batch that fails writes nothing and each save is decided again", () => {
  it("rolls back, answers undefined to every save and gives the connection back", async () => {
    const { connect, sent } = standIn({ writing: ["a", "b"], failOn: "pp_save_batch" });
    const batcher = saveBatcher(connect);
    const failedBefore = batches.failed;
    const written = await Promise.all([batcher.write(save("a")), batcher.write(save("b"))]);
    expect(written).toEqual([undefined, undefined]);
    expect(sent.messages.at(-1)).toBe("ROLLBACK");
    expect(batches.failed).toBe(failedBefore + 1);
    expect(sent.released).toEqual([undefined]);
  });

  it("answers undefined when no connection can be had, and sends the next batch", async () => {
    const batcher = saveBatcher(async () => {
      throw new Error("too many clients");
    });
    expect(await batcher.write(save("a"))).toBeUndefined();
    expect(await batcher.write(save("b"))).toBeUndefined();
  });
});

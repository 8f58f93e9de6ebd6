// The diamond history says what each entry is about: the other player of a donation, the race (and the pick's
// category) of what was spent or earned on a race weekend.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { signUpConfirmed, type Player } from "./accounts";
import { onEachBackend, type Harness } from "./harness";

type Row = Record<string, unknown>;
const rows = (h: Harness, text: string, params: unknown[]) =>
  h.database.withConnection((c) => c.query<Row>(text, params));
const history = async (h: Harness, p: Player) =>
  (await h.call<{ result: { data: Row[] } }>("GET", "/diamonds/user/history", { token: p.tokens.accessToken })).body
    .result.data;

onEachBackend(
  "diamond history: each row names what it is about",
  (h) => {
    describe("a donation names the other player", () => {
      it("the receiver's row names the giver, the giver's row the receiver", async () => {
        const giver = await signUpConfirmed(h, `Giver${Date.now() % 10000}`);
        const receiver = await signUpConfirmed(h, `Taker${Date.now() % 10000}`);
        const sent = await h.call("POST", "/diamonds/transactions/internal", {
          token: giver.tokens.accessToken,
          body: { data: { toUserId: receiver.id, amount: 10 }, idempotencyKey: randomUUID() },
        });
        expect(sent.status).toBe(200);
        const received = (await history(h, receiver)).find((e) => e.reason === "DONATION");
        expect(received).toMatchObject({
          delta: 10,
          about: { user: { id: giver.id, name: giver.name }, race: null, category: null },
        });
        const given = (await history(h, giver)).find((e) => e.reason === "DONATION");
        expect(given).toMatchObject({ delta: -10, about: { user: { id: receiver.id, name: receiver.name } } });
      });
    });

    describe("a race weekend's entry names its race, and a pick's its category", () => {
      it("a paid change of one pick names the race and the category; the completion bonus the race; the sign-up grant nothing", async () => {
        const p = await signUpConfirmed(h);
        const [race] = await rows(h, "SELECT id, name FROM races ORDER BY round LIMIT 1", []);
        const [rider] = await rows(h, "SELECT id FROM riders LIMIT 1", []);
        const pickId = randomUUID();
        await rows(
          h,
          "INSERT INTO predictions (id, user_id, race_id, category, rider_id, saved_at, updated_at) VALUES ($1, $2, $3, 'POLEMAN', $4, now(), now())",
          [pickId, p.id, race!.id, rider!.id],
        );
        const ledger = h.app.deps.ledger;
        await h.database.db.transaction((tx) =>
          ledger.post(tx, {
            userId: p.id,
            delta: -5,
            reason: "PREDICTION_CHANGE",
            ref: `prediction:${pickId}`,
            idempotencyKey: `t:${pickId}`,
          }),
        );
        await h.database.db.transaction((tx) =>
          ledger.post(tx, {
            userId: p.id,
            delta: 20,
            reason: "ALL_PICKS_BONUS",
            ref: `race:${race!.id}`,
            idempotencyKey: `b:${pickId}`,
          }),
        );
        const entries = await history(h, p);
        expect(entries.find((e) => e.reason === "PREDICTION_CHANGE")).toMatchObject({
          about: { user: null, race: { id: race!.id, name: race!.name }, category: "POLEMAN" },
        });
        expect(entries.find((e) => e.reason === "ALL_PICKS_BONUS")).toMatchObject({
          about: { user: null, race: { id: race!.id, name: race!.name }, category: null },
        });
        expect(entries.find((e) => e.reason === "SIGN_UP")).toMatchObject({
          about: { user: null, race: null, category: null },
        });
      });
    });
  },
  { seed: true },
);

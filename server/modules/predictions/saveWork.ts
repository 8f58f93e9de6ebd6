import type { LedgerTx, Posting, PostResult } from "../diamonds/ledger";
import type { PickRow, RaceInfo } from "./rows";

// What a save's transaction hands the service's decision and takes back from it, on either database: the contract
// between the service and the repository's save (repository.ts), whichever adapter runs it.

/** What the rules decide a save from, read under the per-(player, race) lock (or, on PostgreSQL, as last seen there). */
export type SaveFacts = {
  race: RaceInfo;
  picks: PickRow[];
  riders: Map<string, { id: string; raceClass: string; status: string }>;
  balance: number;
};

/**
 * Posts a credit in the save's transaction (the completion reward) through the ledger; answers the balance after it,
 * null when its key had been posted before and nothing moved.
 */
export type Credit = (posting: Posting) => Promise<number | null>;

/** The ledger's posting in a transaction (`deps.ledger.post`). */
export type Post = (tx: LedgerTx, posting: Posting) => Promise<PostResult>;

/** A credit posted through the ledger in `tx` (the save's transaction). */
export const creditIn =
  (post: Post, tx: LedgerTx): Credit =>
  async (posting) => {
    const posted = await post(tx, posting);
    return posted.replayed ? null : posted.balance;
  };

/**
 * What the service decided: the picks to insert (written with COMMIT) and its answer; `meanwhile`, when given, runs
 * while the database writes and commits (work that needs nothing from it, such as building the answer), so the
 * connection and the lock are not held while it runs. Its result is used only once the commit succeeded. Diamonds
 * move through `tx` and the ledger; a credit (the completion reward) through `credit`, which the PostgreSQL adapter
 * can send in its own message.
 */
export type SaveWork<T> = (
  facts: SaveFacts,
  tx: LedgerTx,
  credit: Credit,
) => Promise<{ inserts: PickRow[]; value: T; meanwhile?: () => void }>;

/**
 * Runs one save of `userId` on `raceId` naming `riderIds` (UUIDs, checked): reads under the lock, lets `work` decide,
 * writes, commits; answers what `work` answered.
 */
export type SavePicks = <T>(userId: string, raceId: string, riderIds: string[], work: SaveWork<T>) => Promise<T>;

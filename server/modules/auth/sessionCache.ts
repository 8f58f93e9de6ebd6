import type { Database, Db } from "../../db/open";

// The sessions (token families) this instance found valid, in memory, so an access token's revocation check costs
// no statement per request. Correct across instances because every change that ends a session's validity NOTIFYs
// every instance (migration 015's triggers); this instance also forgets at once what it changes itself.
//
// Rules that keep it from answering a stale "valid":
// - nothing is cached while the listening connection is down (a notification could be missed), and everything
//   is forgotten when it drops;
// - a value read from the database is kept only if no change was announced while it was being read (a read that
//   raced a revocation would otherwise be kept after the revocation's notification was handled);
// - only valid sessions are kept, for at most a minute, and at most 50,000 of them.

export type SessionFacts = { userId: string; mustChangePassword: boolean };

const MAX_AGE_MS = 60_000;
const MAX_ENTRIES = 50_000;
export const CHANGES_CHANNEL = "pp_changes";

export type SessionCache = {
  /** The facts of a valid family of this user, or undefined (unknown here: ask the database). */
  get(familyId: string, userId: string): SessionFacts | undefined;
  /** Reads through `load` and keeps a valid answer when that is safe. */
  load(familyId: string, load: () => Promise<SessionFacts | null>): Promise<SessionFacts | null>;
  forgetFamily(familyId: string): void;
  forgetUser(userId: string): void;
};

type Entry = SessionFacts & { at: number };

function createCache(): SessionCache & { apply(payload: string): void; setLive(live: boolean): void } {
  const entries = new Map<string, Entry>();
  let live = false;
  // Bumped on every change announced or made here: a read started before it is not kept.
  let generation = 0;

  const forgetAll = () => {
    entries.clear();
    generation++;
  };
  const forgetFamily = (familyId: string) => {
    entries.delete(familyId);
    generation++;
  };
  const forgetUser = (userId: string) => {
    for (const [id, e] of entries) if (e.userId === userId) entries.delete(id);
    generation++;
  };

  return {
    get(familyId, userId) {
      const e = entries.get(familyId);
      if (!e || !live) return undefined;
      if (e.userId !== userId || Date.now() - e.at > MAX_AGE_MS) {
        entries.delete(familyId);
        return undefined;
      }
      return e;
    },
    async load(familyId, load) {
      const before = generation;
      const facts = await load();
      if (facts && live && generation === before) {
        if (entries.size >= MAX_ENTRIES) entries.clear();
        entries.set(familyId, { ...facts, at: Date.now() });
      }
      return facts;
    },
    forgetFamily,
    forgetUser,
    apply(payload) {
      const [kind, id] = payload.split(" ");
      if (kind === "family" && id) forgetFamily(id);
      else if (kind === "user" && id) forgetUser(id);
      else forgetAll();
    },
    setLive(value) {
      live = value;
      forgetAll();
    },
  };
}

// One cache per database, found by its query builder (what the token service and the writers hold).
const caches = new WeakMap<Db, ReturnType<typeof createCache>>();
const starting = new WeakMap<Db, Promise<void>>();

/** Starts this database's session cache and its listening (once per database; later calls wait for the first). */
export function attachSessionCache(database: Database): Promise<void> {
  const known = starting.get(database.db);
  if (known) return known;
  const cache = createCache();
  caches.set(database.db, cache);
  const started = database.listen(
    CHANGES_CHANNEL,
    (payload) => cache.apply(payload),
    (live) => cache.setLive(live),
  );
  starting.set(database.db, started);
  return started;
}

/** The database's session cache, when one was attached (else every check reads the database). */
export const sessionCacheOf = (db: Db): SessionCache | undefined => caches.get(db);

/** For writers that end sessions: this instance forgets them at once (others hear it from the trigger's NOTIFY). */
export const forgetSessions = (db: Db, which: { familyId?: string; userId?: string }): void => {
  const cache = caches.get(db);
  if (which.familyId) cache?.forgetFamily(which.familyId);
  if (which.userId) cache?.forgetUser(which.userId);
};

// What must hold in the database whatever requests came before: the invariants the fuzz test checks
// after each route's runs. Each query returns the rows that break its rule (none, when all is well).
import type { Database } from "../../../server/db/open";

const checks: Record<string, string> = {
  "every balance equals its ledger sum and is not negative": `
    SELECT b.user_id, b.balance, COALESCE(SUM(l.delta), 0) AS ledger
    FROM diamond_balances b LEFT JOIN diamond_ledger l ON l.user_id = b.user_id
    GROUP BY b.user_id, b.balance
    HAVING b.balance <> COALESCE(SUM(l.delta), 0) OR b.balance < 0`,
  "every ledger entry has a balance row": `
    SELECT DISTINCT l.user_id FROM diamond_ledger l LEFT JOIN diamond_balances b ON b.user_id = l.user_id WHERE b.user_id IS NULL`,
  "each ledger entry's balance_after is the running sum": `
    SELECT id FROM (
      SELECT id, balance_after, SUM(delta) OVER (PARTITION BY user_id ORDER BY seq) AS running FROM diamond_ledger
    ) t WHERE balance_after <> running`,
  "every league's members_count equals its accepted seats, within its max": `
    SELECT g.id FROM leagues g
    WHERE g.members_count <> (SELECT count(*) FROM league_members m WHERE m.league_id = g.id AND m.status = 'ACCEPTED')
       OR g.members_count > g.max_members`,
  "every league's owner holds an accepted seat in it": `
    SELECT g.id FROM leagues g
    WHERE NOT EXISTS (SELECT 1 FROM league_members m WHERE m.league_id = g.id AND m.user_id = g.owner_id AND m.status = 'ACCEPTED')`,
  "no player holds more than 11 picks of a race": `
    SELECT user_id, race_id FROM predictions GROUP BY user_id, race_id HAVING count(*) > 11`,
  "every pick's rider rides in the race's class": `
    SELECT p.id FROM predictions p JOIN riders r ON r.id = p.rider_id WHERE r.race_class <> 'MOTOGP'`,
  "every league image and avatar points at a stored upload": `
    SELECT 'league' AS kind, id::text FROM leagues WHERE image IS NOT NULL AND image !~ '^/api/s3/[0-9a-f-]{36}$'
    UNION ALL SELECT 'user', id::text FROM users WHERE img IS NOT NULL AND img !~ '^/api/s3/[0-9a-f-]{36}$'`,
  "no stored text holds control characters, nor a name direction controls": `
    SELECT 'user' AS kind, id::text FROM users
      WHERE name ~ '[\\x01-\\x1f\\x7f\\u202a-\\u202e\\u2066-\\u2069]'
         OR concat_ws('|', bio, favourite_rider, favourite_manufacturer, favourite_circuit, twitter, instagram, address, zip_code, city) ~ '[\\x01-\\x08\\x0b-\\x1f\\x7f]'
    UNION ALL SELECT 'league', id::text FROM leagues
      WHERE name ~ '[\\x01-\\x1f\\x7f\\u202a-\\u202e\\u2066-\\u2069]' OR description ~ '[\\x01-\\x08\\x0b-\\x1f\\x7f]'`,
};

/** The rules broken right now, each with a few of the rows that break it. */
export async function brokenInvariants(database: Database): Promise<Record<string, unknown[]>> {
  const broken: Record<string, unknown[]> = {};
  await database.withConnection(async (conn) => {
    for (const [rule, query] of Object.entries(checks)) {
      const rows = await conn.query(`${query} LIMIT 5`);
      if (rows.length) broken[rule] = rows;
    }
  });
  return broken;
}

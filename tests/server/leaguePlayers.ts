// Players for the league suites, made straight in the database with a real session each: the
// concurrency test needs a hundred, and signing up a hundred through the API would only test sign-up.
import { randomBytes, randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { users } from "../../server/db/schema";
import { tokenService } from "../../server/modules/auth/tokens";
import type { Harness } from "./harness";

export type QuickPlayer = { id: string; name: string; email: string; token: string };

export async function quickPlayers(
  h: Harness,
  count: number,
  opts: { guru?: boolean; points?: (i: number) => number } = {},
): Promise<QuickPlayer[]> {
  const now = h.clock.now();
  const rows = Array.from({ length: count }, (_, i) => {
    const tag = randomBytes(5).toString("hex");
    return {
      id: randomUUID(),
      name: `p${tag}`,
      email: `p.${tag}@example.com`,
      emailConfirmedAt: now,
      isGuru: opts.guru ?? false,
      points: opts.points?.(i) ?? 0,
      createdAt: now,
      updatedAt: now,
    };
  });
  if (rows.length) await h.database.db.insert(users).values(rows);
  const tokens = tokenService({ db: h.database.db, clock: h.clock, config: h.config });
  const out: QuickPlayer[] = [];
  for (const r of rows)
    out.push({ id: r.id, name: r.name, email: r.email, token: (await tokens.startSession(r.id)).accessToken });
  return out;
}

export async function quickPlayer(h: Harness, opts: { guru?: boolean; points?: number } = {}): Promise<QuickPlayer> {
  const [p] = await quickPlayers(h, 1, { guru: opts.guru, points: () => opts.points ?? 0 });
  return p!;
}

/** A fresh access token (after the test moved the clock past the old one's expiry). */
export async function freshToken(h: Harness, userId: string): Promise<string> {
  const tokens = tokenService({ db: h.database.db, clock: h.clock, config: h.config });
  return (await tokens.startSession(userId)).accessToken;
}

export async function setPoints(h: Harness, userId: string, points: number) {
  await h.database.db.update(users).set({ points }).where(eq(users.id, userId));
}

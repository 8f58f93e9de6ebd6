import { and, eq, inArray, ne } from "drizzle-orm";
import type { DiamondEntryAbout } from "../../../contract/calls.diamonds";
import type { PredictionCategory } from "../../../contract/enums";
import { bets, diamondLedger, predictions, races, users } from "../../db/schema";
import type { Db } from "../../db/open";
import { isUuid } from "../../../contract/common";

// What a history row is about, read from its ledger ref (each posting names its subject: `race:<id>`,
// `prediction:<id>`, `podium:<raceId>:<target>`, `bet:<placementId>`, `bets:<raceId>`, `donation:<fromId>:<key>`).
// A page's refs are resolved in a few set-based reads, not one per row.

type Entry = { userId: string; ref: string | null; reason: string };

const nothing: DiamondEntryAbout = { user: null, race: null, category: null };

/** The kind and the first id of a ref (`prediction:<id>` → ["prediction", id]). */
function split(ref: string | null): [string, string] | null {
  if (!ref) return null;
  const [kind, id] = ref.split(":");
  return kind && id && isUuid(id) ? [kind, id] : null;
}

export async function aboutEntries(
  db: Pick<Db, "select" | "execute">,
  userId: string,
  entries: readonly Entry[],
): Promise<DiamondEntryAbout[]> {
  const parts = entries.map((e) => split(e.ref));
  const ids = (kind: string) => [
    ...new Set(parts.filter((p): p is [string, string] => p?.[0] === kind).map((p) => p[1])),
  ];

  const picks = new Map<string, { raceId: string; category: PredictionCategory }>();
  const pickIds = ids("prediction");
  if (pickIds.length) {
    for (const r of await db
      .select({ id: predictions.id, raceId: predictions.raceId, category: predictions.category })
      .from(predictions)
      .where(inArray(predictions.id, pickIds))) {
      picks.set(r.id, { raceId: r.raceId, category: r.category });
    }
  }
  const placements = new Map<string, string>();
  const placementIds = ids("bet");
  if (placementIds.length) {
    for (const r of await db
      .select({ placementId: bets.placementId, raceId: bets.raceId })
      .from(bets)
      .where(inArray(bets.placementId, placementIds)))
      placements.set(r.placementId, r.raceId);
  }
  // A donation's two postings share its ref: the other player is the one on the other posting.
  const others = new Map<string, string>();
  const donationRefs = [...new Set(entries.filter((e) => e.reason === "DONATION" && e.ref).map((e) => e.ref!))];
  if (donationRefs.length) {
    const rows = await db
      .select({ ref: diamondLedger.ref, userId: diamondLedger.userId })
      .from(diamondLedger)
      .where(
        and(
          inArray(diamondLedger.ref, donationRefs),
          eq(diamondLedger.reason, "DONATION"),
          ne(diamondLedger.userId, userId),
        ),
      );
    for (const r of rows) if (r.ref) others.set(r.ref, r.userId);
  }

  const raceOf = (part: [string, string] | null): string | null => {
    if (!part) return null;
    const [kind, id] = part;
    if (kind === "race" || kind === "bets" || kind === "podium") return id;
    if (kind === "prediction") return picks.get(id)?.raceId ?? null;
    if (kind === "bet") return placements.get(id) ?? null;
    return null;
  };
  const raceIds = [...new Set(parts.map(raceOf).filter((id): id is string => id !== null))];
  const raceNames = new Map<string, string>();
  if (raceIds.length)
    for (const r of await db.select({ id: races.id, name: races.name }).from(races).where(inArray(races.id, raceIds)))
      raceNames.set(r.id, r.name);
  const userIds = [...new Set(others.values())];
  const names = new Map<string, string>();
  if (userIds.length)
    for (const r of await db.select({ id: users.id, name: users.name }).from(users).where(inArray(users.id, userIds)))
      names.set(r.id, r.name);

  return entries.map((e, i) => {
    const part = parts[i] ?? null;
    const raceId = raceOf(part);
    const otherId = e.ref ? others.get(e.ref) : undefined;
    if (!raceId && !otherId) return nothing;
    return {
      user: otherId && names.has(otherId) ? { id: otherId, name: names.get(otherId)! } : null,
      race: raceId && raceNames.has(raceId) ? { id: raceId, name: raceNames.get(raceId)! } : null,
      category: part?.[0] === "prediction" ? (picks.get(part[1])?.category ?? null) : null,
    };
  });
}

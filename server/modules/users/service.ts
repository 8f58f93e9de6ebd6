import { and, asc, desc, eq, exists, isNotNull, sql, type SQL } from "drizzle-orm";
import type * as z from "zod";
import type { PlayersQuery, Profile, PublicProfile, UpdateProfileBody } from "../../../contract/users";
import type { Db } from "../../db/open";
import { follows, users, type UserRow } from "../../db/schema";
import { AppError } from "../../http/errors";
import type { AppDeps } from "../../http/deps";
import { noteEmailMail } from "../../mail/templates";
import { mailLanguage } from "../../mail/texts";
import { isUniqueViolation } from "../../db/errors";
import { byName, nameTakenError } from "../auth/service";
import { forgetSessions } from "../auth/sessionCache";
import { isUuid } from "../../../contract/common";

export function publicProfileOf(row: UserRow, isFavorite: boolean): z.input<typeof PublicProfile> {
  return {
    id: row.id,
    img: row.img,
    name: row.name,
    stat: { points: row.points, average: row.average, wins: row.wins, podiums: row.podiums, poles: row.poles },
    country: row.country,
    bio: row.bio,
    favourites: { rider: row.favouriteRider, manufacturer: row.favouriteManufacturer, circuit: row.favouriteCircuit },
    twitter: row.twitter,
    instagram: row.instagram,
    isGuru: row.isGuru,
    isFavorite,
    createdAt: row.createdAt.toISOString(),
  };
}

export function profileOf(row: UserRow): z.input<typeof Profile> {
  return {
    ...publicProfileOf(row, false),
    email: row.email ?? "",
    noteEmail: row.noteEmail,
    walletAddress: row.walletAddress,
    address: row.address,
    zipCode: row.zipCode,
    city: row.city,
    phone: row.phone,
    mustChangePassword: row.mustChangePassword,
  };
}

// Body key → column; a key sent (even empty) sets the column, a key left out keeps it.
const editable = {
  name: "name",
  img: "img",
  country: "country",
  bio: "bio",
  favouriteRider: "favouriteRider",
  favouriteManufacturer: "favouriteManufacturer",
  favouriteCircuit: "favouriteCircuit",
  twitter: "twitter",
  instagram: "instagram",
  address: "address",
  zipCode: "zipCode",
  city: "city",
  phone: "phone",
  walletAddress: "walletAddress",
} as const satisfies Record<keyof z.output<typeof UpdateProfileBody>, keyof UserRow>;

export function usersService(deps: AppDeps) {
  const db: Db = deps.db.db;
  const { clock, mailer } = deps;

  async function get(id: string): Promise<UserRow> {
    const [row] = isUuid(id) ? await db.select().from(users).where(eq(users.id, id)) : [];
    if (!row) throw new AppError(404, "notFound");
    return row;
  }

  const followsSql = (followerId: string, followee: typeof users.id) =>
    exists(
      db
        .select({ one: sql`1` })
        .from(follows)
        .where(and(eq(follows.followerId, followerId), eq(follows.followeeId, followee))),
    );

  async function isFollowing(followerId: string | undefined, followeeId: string): Promise<boolean> {
    if (!followerId) return false;
    const [row] = await db
      .select({ one: sql`1` })
      .from(follows)
      .where(and(eq(follows.followerId, followerId), eq(follows.followeeId, followeeId)));
    return Boolean(row);
  }

  async function publicProfile(id: string, callerId: string | undefined) {
    const row = await get(id);
    // Only players who finished signing up are shown to others.
    if (!row.emailConfirmedAt && row.id !== callerId) throw new AppError(404, "notFound");
    return publicProfileOf(row, await isFollowing(callerId, row.id));
  }

  async function update(userId: string, body: z.output<typeof UpdateProfileBody>, sent: Record<string, unknown>) {
    const set: Partial<typeof users.$inferInsert> = { updatedAt: clock.now() };
    for (const [key, column] of Object.entries(editable) as [
      keyof typeof editable,
      (typeof editable)[keyof typeof editable],
    ][]) {
      if (!Object.hasOwn(sent, key)) continue;
      const value = body[key];
      if (key === "name") {
        if (typeof value !== "string") continue;
        const [owner] = await db.select({ id: users.id }).from(users).where(byName(value));
        if (owner && owner.id !== userId) throw nameTakenError();
      }
      (set as Record<string, unknown>)[column] =
        key === "country" && typeof value === "string" ? value.toUpperCase() : (value ?? null);
    }
    try {
      await db.update(users).set(set).where(eq(users.id, userId));
    } catch (err) {
      if (isUniqueViolation(err, "users_name_lower_key")) throw nameTakenError();
      throw err;
    }
    return profileOf(await get(userId));
  }

  async function players(query: z.output<typeof PlayersQuery>, callerId: string | undefined) {
    if (query.type === "follow" && !callerId) throw new AppError(401, "unauthorized");
    const conditions: SQL[] = [isNotNull(users.emailConfirmedAt)];
    if (query.type === "guru") conditions.push(eq(users.isGuru, true));
    if (query.type === "follow") conditions.push(followsSql(callerId!, users.id));
    const where = and(...conditions);
    const [{ count }] = (await db
      .select({ count: sql<number>`count(*)::int` })
      .from(users)
      .where(where)) as [{ count: number }];
    const rows = await db
      .select({
        id: users.id,
        name: users.name,
        img: users.img,
        country: users.country,
        points: users.points,
        isGuru: users.isGuru,
        isFavorite: callerId ? followsSql(callerId, users.id).mapWith(Boolean) : sql<boolean>`false`.mapWith(Boolean),
      })
      .from(users)
      .where(where)
      // Seasons and races rank by points (per-race points arrive with scoring); ties by name, then id for a stable order.
      .orderBy(desc(users.points), asc(users.name), asc(users.id))
      .limit(query.take)
      .offset((query.page - 1) * query.take);
    return { data: rows, page: query.page, pages: Math.ceil(count / query.take), count };
  }

  async function setFollow(callerId: string, targetId: string, follow: boolean) {
    if (callerId === targetId) throw new AppError(403, "forbidden");
    const target = await get(targetId);
    if (!target.emailConfirmedAt) throw new AppError(404, "notFound");
    if (follow)
      await db
        .insert(follows)
        .values({ followerId: callerId, followeeId: targetId, createdAt: clock.now() })
        .onConflictDoNothing();
    else await db.delete(follows).where(and(eq(follows.followerId, callerId), eq(follows.followeeId, targetId)));
    return { isFavorite: follow };
  }

  async function addNoteEmail(userId: string, email: string) {
    const row = await get(userId);
    await db.update(users).set({ noteEmail: email, updatedAt: clock.now() }).where(eq(users.id, userId));
    await mailer.send(noteEmailMail(email, row.name, mailLanguage(row.lng)));
  }

  /** Removes the account and everything hanging off it (tokens, follows, social links cascade). */
  async function remove(userId: string) {
    await db.delete(users).where(eq(users.id, userId));
    forgetSessions(db, { userId });
  }

  return {
    profile: async (id: string) => profileOf(await get(id)),
    publicProfile,
    update,
    players,
    setFollow,
    addNoteEmail,
    remove,
  };
}

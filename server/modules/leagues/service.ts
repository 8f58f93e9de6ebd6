import { randomUUID } from "node:crypto";
import { and, eq, ne, sql } from "drizzle-orm";
import type * as z from "zod";
import type { LeagueMemberStatus } from "../../../contract/enums";
import {
  isFull,
  planAccept,
  planCreate,
  planJoin,
  planLeave,
  planOwnerAction,
  planRemove,
  type LeagueFacts,
} from "../../../contract/leagueRules";
import {
  INVITATIONS_MAX,
  VIP_LEAGUE_REWARDS,
  type Invitation,
  type League,
  type LeagueBody,
  type Seat,
} from "../../../contract/leagues";
import type { Db } from "../../db/open";
import { leagueMembers, leagues, uploads, users, type LeagueRow } from "../../db/schema";
import type { AppDeps } from "../../http/deps";
import { isUniqueViolation } from "../../db/errors";
import { allowed, AppError, fieldError } from "../../http/errors";
import { inviteLinks } from "./inviteLink";
import { mailLanguage } from "../../mail/texts";
import { invitationMail } from "./mail";
import { leagueNotices, type LeagueNotices, type LeagueRef, type UserRef } from "./notices";
import { acceptedIds, leagueReads, seatIds } from "./repository";
import { isUuid, uploadIdOf } from "../../../contract/common";

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
type Body = z.output<typeof LeagueBody>;

/** Notifications a player can act on; they go when the invitation or request is answered. */
const INVITE = ["LEAGUE_INVITATION"] as const;
const REQUEST = ["MEMBERSHIP_REQUESTED"] as const;

const notFound = () => new AppError(404, "notFound");
/** The rules' view of a locked league row. */
const factsOf = (row: LeagueRow): LeagueFacts => ({
  type: row.type,
  ownerId: row.ownerId,
  membersCount: row.membersCount,
  max: row.maxMembers,
});

async function lock(tx: Tx, id: string): Promise<LeagueRow> {
  if (!isUuid(id)) throw notFound();
  const [row] = await tx.select().from(leagues).where(eq(leagues.id, id)).for("update");
  if (!row) throw notFound();
  return row;
}

async function seat(tx: Tx, leagueId: string, userId: string): Promise<LeagueMemberStatus | null> {
  if (!isUuid(userId)) return null;
  const [row] = await tx
    .select({ status: leagueMembers.status })
    .from(leagueMembers)
    .where(and(eq(leagueMembers.leagueId, leagueId), eq(leagueMembers.userId, userId)));
  return row?.status ?? null;
}

/** The accepted count as the trigger left it. */
async function countOf(tx: Tx, leagueId: string): Promise<number> {
  const [row] = await tx.select({ n: leagues.membersCount }).from(leagues).where(eq(leagues.id, leagueId));
  return row?.n ?? 0;
}

async function userRef(tx: Tx, id: string): Promise<UserRef> {
  const [row] = await tx.select({ id: users.id, name: users.name }).from(users).where(eq(users.id, id));
  return row ?? { id, name: "" };
}

async function removeSeat(tx: Tx, leagueId: string, userId: string) {
  await tx.delete(leagueMembers).where(and(eq(leagueMembers.leagueId, leagueId), eq(leagueMembers.userId, userId)));
}

/** Tells the other accepted members' open tabs that the seats changed. */
async function refreshOthers(
  tx: Tx,
  n: LeagueNotices,
  league: LeagueRef,
  user: UserRef,
  status: LeagueMemberStatus,
  exclude: string[],
) {
  const ids = (await acceptedIds(tx, league.id)).filter((id) => !exclude.includes(id));
  n.refresh(ids, league, user, status);
}

/** Inside the owner's transaction: the league goes, with every seat; open invitations and requests about it go too. */
async function dropLeague(tx: Tx, n: LeagueNotices, league: LeagueRow, callerId: string) {
  const ref = { id: league.id, name: league.name };
  const holders = (await seatIds(tx, league.id)).filter((id) => id !== callerId);
  await n.drop(league.id, [...INVITE, ...REQUEST]);
  await tx.delete(leagues).where(eq(leagues.id, league.id));
  n.refresh(holders, ref, await userRef(tx, callerId), "LEAVED");
}

/**
 * The write side of leagues. Every change of seats runs in one transaction that first locks the league's
 * row (SELECT … FOR UPDATE): joins, acceptances and removals of one league queue up behind each other, so
 * the count read under the lock is the truth and no two joins can both take the 100th seat.
 */
export function leaguesService(deps: AppDeps) {
  const db: Db = deps.db.db;
  const { clock, config, mailer } = deps;
  const reads = leagueReads(db);
  const links = inviteLinks(config.jwtAccessSecret, config.publicUrl);
  const notices = leagueNotices(deps.live, clock);

  /** Runs `fn` in a transaction with a notice collector; the notices go out after commit. */
  async function change<T>(fn: (tx: Tx, n: LeagueNotices) => Promise<T>): Promise<T> {
    let n: LeagueNotices | undefined;
    const result = await db.transaction(async (tx) => {
      n = notices(tx);
      return fn(tx, n);
    });
    await n?.commit();
    return result;
  }

  async function setSeat(
    tx: Tx,
    leagueId: string,
    userId: string,
    status: LeagueMemberStatus,
    invitedBy: string | null = null,
  ) {
    const now = clock.now();
    await tx
      .insert(leagueMembers)
      .values({ leagueId, userId, status: status as never, invitedBy, createdAt: now, updatedAt: now })
      .onConflictDoUpdate({
        target: [leagueMembers.leagueId, leagueMembers.userId],
        set: { status: status as never, updatedAt: now, ...(invitedBy ? { invitedBy } : {}) },
      });
  }

  async function isGuru(userId: string): Promise<boolean> {
    const [me] = await db.select({ isGuru: users.isGuru }).from(users).where(eq(users.id, userId));
    return me?.isGuru ?? false;
  }

  /** Checks the body beyond the contract: a real end date, our own upload as the image. */
  async function checkBody(body: Body) {
    let endDate: Date | null = null;
    if (body.endDate) {
      endDate = new Date(body.endDate);
      if (Number.isNaN(endDate.getTime())) throw fieldError(400, "validation", "endDate");
    }
    if (body.image) {
      const id = uploadIdOf(body.image);
      const [found] = id ? await db.select({ id: uploads.id }).from(uploads).where(eq(uploads.id, id)) : [];
      if (!found) throw fieldError(400, "notImage", "image");
    }
    return {
      name: body.name,
      type: body.type!,
      description: body.description?.trim() || null,
      endDate,
      country: body.country ? body.country.toUpperCase() : null,
      image: body.image ?? null,
    };
  }

  async function read(callerId: string, id: string): Promise<League> {
    const league = await reads.one(callerId, id);
    if (!league) throw notFound();
    return league;
  }

  /** POST /leagues: the caller's one league, with the caller as its first accepted member. */
  async function create(callerId: string, body: Body): Promise<League> {
    const values = await checkBody(body);
    const [mine] = await db.select({ id: leagues.id }).from(leagues).where(eq(leagues.ownerId, callerId));
    allowed(planCreate({ ownsLeague: mine !== undefined, isGuru: await isGuru(callerId), type: values.type }));
    const id = randomUUID();
    const now = clock.now();
    try {
      await db.transaction(async (tx) => {
        await tx.insert(leagues).values({ id, ...values, ownerId: callerId, createdAt: now, updatedAt: now });
        await setSeat(tx, id, callerId, "ACCEPTED");
      });
    } catch (err) {
      // Two creations at once: the unique index on owner_id keeps one.
      if (isUniqueViolation(err, "leagues_owner_key")) throw new AppError(409, "leagueOwned");
      throw err;
    }
    return read(callerId, id);
  }

  /** PUT /leagues/{id}: the owner edits. */
  async function update(callerId: string, id: string, body: Body): Promise<League> {
    const league = await read(callerId, id);
    allowed(planOwnerAction({ ownerId: league.owner.id }, callerId));
    const values = await checkBody(body);
    // The type may change only to one the owner may create (their own league counts as not owned here).
    allowed(planCreate({ ownsLeague: false, isGuru: await isGuru(callerId), type: values.type }));
    await db
      .update(leagues)
      .set({ ...values, updatedAt: clock.now() })
      .where(and(eq(leagues.id, id), eq(leagues.ownerId, callerId)));
    return read(callerId, id);
  }

  /** DELETE /leagues/{id}: only the owner, and only once alone (spec: the owner leaving alone removes the league). */
  async function remove(callerId: string, id: string): Promise<void> {
    await change(async (tx, n) => {
      const league = await lock(tx, id);
      allowed(planOwnerAction(factsOf(league), callerId));
      allowed(planLeave(factsOf(league), { id: callerId, status: "ACCEPTED" }));
      await dropLeague(tx, n, league, callerId);
    });
  }

  /** POST /leagues/{id}/members: PUBLIC → ACCEPTED, PRIVATE → PENDING, VIP → FOLLOWING; an invitation waiting → ACCEPTED. */
  async function join(callerId: string, id: string): Promise<Seat> {
    return change(async (tx, n) => {
      const league = await lock(tx, id);
      const current = await seat(tx, league.id, callerId);
      const { status, changed } = allowed(planJoin(factsOf(league), current));
      // Already in (or asked, or following): joining again changes nothing.
      if (!changed) return { memberStatus: status, membersCount: league.membersCount };
      await setSeat(tx, league.id, callerId, status);
      const ref = { id: league.id, name: league.name };
      const me = await userRef(tx, callerId);
      if (current === "INVITED") await n.drop(league.id, [...INVITE], { userIds: [callerId] });
      const others = (await acceptedIds(tx, league.id)).filter((u) => u !== callerId);
      // Spec: a private league's members accept or decline the request, so each of them hears of it.
      if (status === "PENDING") await n.notify(others, "MEMBERSHIP_REQUESTED", ref, { user: me });
      n.refresh(others, ref, me, status);
      return { memberStatus: status, membersCount: await countOf(tx, league.id) };
    });
  }

  /**
   * PUT /leagues/{id}/members/{userId} with ACCEPTED: the invitee accepts their own invitation, or an
   * accepted member approves a pending request. Both take a seat, so both respect the 100.
   */
  async function setStatus(callerId: string, id: string, userId: string, status: LeagueMemberStatus): Promise<Seat> {
    if (status !== "ACCEPTED") throw fieldError(400, "validation", "status");
    return change(async (tx, n) => {
      const league = await lock(tx, id);
      const target = await seat(tx, league.id, userId);
      const caller = userId === callerId ? target : await seat(tx, league.id, callerId);
      const { changed, self } = allowed(
        planAccept(factsOf(league), { id: callerId, status: caller }, { id: userId, status: target }),
      );
      if (!changed) return { memberStatus: "ACCEPTED", membersCount: league.membersCount };
      await setSeat(tx, league.id, userId, "ACCEPTED");
      const ref = { id: league.id, name: league.name };
      const who = await userRef(tx, userId);
      if (self) {
        await n.drop(league.id, [...INVITE], { userIds: [userId] });
      } else {
        // The request is answered: it leaves every member's bell, and the player hears the answer.
        await n.drop(league.id, [...REQUEST], { aboutUserId: userId });
        await n.notify([userId], "MEMBER_STATUS_CHANGED", ref, {
          status: "ACCEPTED",
          user: await userRef(tx, callerId),
        });
      }
      await refreshOthers(tx, n, ref, who, "ACCEPTED", [callerId, userId]);
      return { memberStatus: "ACCEPTED", membersCount: await countOf(tx, league.id) };
    });
  }

  /**
   * DELETE /leagues/{id}/members/{userId}. On oneself: leave, unfollow, cancel a request or decline an
   * invitation (the owner only when alone, which removes the league). On another: the owner removes
   * anyone; an accepted member may only reject a pending request.
   */
  async function removeMember(callerId: string, id: string, userId: string): Promise<Seat> {
    return change(async (tx, n) => {
      const league = await lock(tx, id);
      const ref = { id: league.id, name: league.name };
      const target = await seat(tx, league.id, userId);
      if (userId === callerId) {
        const leaving = allowed(planLeave(factsOf(league), { id: callerId, status: target }));
        if (leaving === "ownerLeavesAlone") {
          await dropLeague(tx, n, league, callerId);
          return { memberStatus: null, membersCount: 0 };
        }
        if (leaving === "nothing" || !target) return { memberStatus: null, membersCount: league.membersCount };
        await removeSeat(tx, league.id, callerId);
        // Spec: "Declining or leaving removes the notification."
        await n.drop(league.id, ["LEAGUE_INVITATION", "MEMBER_STATUS_CHANGED", "MEMBER_DELETED"], {
          userIds: [callerId],
        });
        if (target === "PENDING") await n.drop(league.id, [...REQUEST], { aboutUserId: callerId });
        await refreshOthers(tx, n, ref, await userRef(tx, callerId), "LEAVED", [callerId]);
        return { memberStatus: null, membersCount: await countOf(tx, league.id) };
      }
      allowed(
        planRemove(
          factsOf(league),
          { id: callerId, status: await seat(tx, league.id, callerId) },
          { id: userId, status: target },
        ),
      );
      if (!target) throw notFound();
      await removeSeat(tx, league.id, userId);
      if (target === "INVITED") {
        await n.drop(league.id, [...INVITE], { userIds: [userId] });
      } else {
        if (target === "PENDING") await n.drop(league.id, [...REQUEST], { aboutUserId: userId });
        await n.notify([userId], "MEMBER_DELETED", ref, { status: target, user: await userRef(tx, callerId) });
      }
      await refreshOthers(tx, n, ref, await userRef(tx, userId), "LEAVED", [callerId]);
      return { memberStatus: null, membersCount: await countOf(tx, league.id) };
    });
  }

  /**
   * POST /leagues/manage/{id}/invitations: the owner invites by e-mail. A player with that address gets
   * an INVITED seat and a stored notification; every address gets a mail with the signed invite link.
   * The answer is the same whether an address belongs to a player or not.
   */
  async function invite(
    callerId: string,
    id: string,
    body: z.output<typeof Invitation>,
  ): Promise<{ failed: string[] }> {
    const emails = [...new Set(body.emails.map((e) => e.trim().toLowerCase()))];
    if (emails.length > INVITATIONS_MAX) throw fieldError(400, "validation", "emails");
    const sent = await change(async (tx, n) => {
      const league = await lock(tx, id);
      allowed(planOwnerAction(factsOf(league), callerId));
      const owner = await userRef(tx, callerId);
      const ref = { id: league.id, name: league.name };
      const found = await tx
        .select({ id: users.id, email: users.email, lng: users.lng })
        .from(users)
        .where(
          and(
            sql`lower(${users.email}) IN (${sql.join(
              emails.map((e) => sql`${e}`),
              sql`, `,
            )})`,
            ne(users.id, callerId),
          ),
        );
      const accepted = new Set<string>();
      for (const player of found) {
        const current = await seat(tx, league.id, player.id);
        if (current === "ACCEPTED") {
          accepted.add((player.email ?? "").toLowerCase());
          continue;
        }
        await setSeat(tx, league.id, player.id, "INVITED", callerId);
        // One invitation per league in the bell: a repeated invitation replaces the old one.
        await n.drop(league.id, [...INVITE], { userIds: [player.id] });
        await n.notify([player.id], "LEAGUE_INVITATION", ref, { user: owner });
      }
      const self = (
        await tx.select({ email: users.email, lng: users.lng }).from(users).where(eq(users.id, callerId))
      )[0];
      const selfEmail = self?.email?.toLowerCase();
      // A player reads it in their own language; an address that does not play yet, in the owner's.
      const languages = new Map(found.map((p) => [(p.email ?? "").toLowerCase(), p.lng]));
      const mailTo = emails
        .filter((e) => !accepted.has(e) && e !== selfEmail)
        .map((to) => ({ to, language: mailLanguage(languages.get(to) ?? self?.lng) }));
      return { ref, owner, mailTo };
    });
    const url = links.make(sent.ref.id, clock.now()).link;
    const results = await Promise.allSettled(
      sent.mailTo.map(({ to, language }) =>
        mailer.send(invitationMail(to, sent.owner.name, sent.ref.name, url, language)),
      ),
    );
    return { failed: sent.mailTo.filter((_, i) => results[i]!.status === "rejected").map(({ to }) => to) };
  }

  /** GET /leagues/{id}/link: the owner's signed invite link. */
  async function link(callerId: string, id: string): Promise<{ link: string }> {
    const league = await read(callerId, id);
    allowed(planOwnerAction({ ownerId: league.owner.id }, callerId));
    return { link: links.make(league.id, clock.now()).link };
  }

  /** POST /leagues/link/use: a genuine, unexpired link makes the caller an accepted member (509 when already one). */
  async function useLink(callerId: string, data: string, signature: string): Promise<{ leagueId: string }> {
    const leagueId = links.verify(data, signature, clock.now());
    return change(async (tx, n) => {
      const league = await lock(tx, leagueId);
      const current = await seat(tx, league.id, callerId);
      // The spec's quiet failure: the client shows no retry for 509.
      if (current === "ACCEPTED") throw new AppError(509, "alreadyMember");
      if (isFull(factsOf(league))) throw new AppError(409, "leagueFull");
      await setSeat(tx, league.id, callerId, "ACCEPTED", league.ownerId);
      await n.drop(league.id, [...INVITE], { userIds: [callerId] });
      if (current === "PENDING") await n.drop(league.id, [...REQUEST], { aboutUserId: callerId });
      await refreshOthers(tx, n, { id: league.id, name: league.name }, await userRef(tx, callerId), "ACCEPTED", [
        callerId,
      ]);
      return { leagueId: league.id };
    });
  }

  async function members(callerId: string, id: string, query: Parameters<typeof reads.members>[2]) {
    return reads.members(callerId, await read(callerId, id), query);
  }

  async function rewards(callerId: string, id: string) {
    const league = await read(callerId, id);
    return league.type === "VIP" ? [...VIP_LEAGUE_REWARDS] : [];
  }

  async function leaderboard(callerId: string, query: Parameters<typeof reads.leaderboard>[0]) {
    await read(callerId, query.leagueId);
    return reads.leaderboard(query);
  }

  return {
    reads,
    read,
    create,
    update,
    remove,
    join,
    setStatus,
    removeMember,
    invite,
    link,
    useLink,
    members,
    rewards,
    leaderboard,
  };
}
export type LeaguesService = ReturnType<typeof leaguesService>;

// Leagues, the server half: every league rule of spec section 4 and game-rules.md, through the real API.
import { describe, expect, it } from "vitest";
import { onEachBackend, PUBLIC_URL, type Harness } from "./harness";
import { outbox } from "./accounts";
import { freshToken, quickPlayer, quickPlayers, setPoints, type QuickPlayer } from "./leaguePlayers";

type League = {
  id: string;
  name: string;
  type: string;
  membersCount: number;
  max: number;
  memberStatus: string | null;
  owner: { id: string };
  guru: { id: string } | null;
};
type Seat = { memberStatus: string | null; membersCount: number };
type Answer<T> = { result: T; code?: string; message?: string };
type Member = { id: string; name: string; status: string };
type Notice = {
  id: string;
  type: string;
  value: { league?: { id: string; name: string }; user?: { id: string }; status?: string };
};

async function create(h: Harness, owner: QuickPlayer, body: Record<string, unknown> = {}): Promise<League> {
  const res = await h.call<{ result: League }>("POST", "/leagues", {
    token: owner.token,
    body: { name: `L${owner.name.slice(1, 9)}`, type: "PUBLIC", ...body },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.result;
}

const join = (h: Harness, p: QuickPlayer, id: string) =>
  h.call<Answer<Seat>>("POST", `/leagues/${id}/members`, { token: p.token });
const accept = (h: Harness, p: QuickPlayer, id: string, userId: string) =>
  h.call<Answer<Seat>>("PUT", `/leagues/${id}/members/${userId}`, { token: p.token, body: { status: "ACCEPTED" } });
const remove = (h: Harness, p: QuickPlayer, id: string, userId: string) =>
  h.call<Answer<Seat>>("DELETE", `/leagues/${id}/members/${userId}`, { token: p.token });
const league = async (h: Harness, p: QuickPlayer, id: string) =>
  h.call<{ result: League }>("GET", `/leagues/${id}`, { token: p.token });
const notices = async (h: Harness, p: QuickPlayer) =>
  (await h.call<{ result: Notice[] }>("GET", "/notifications", { token: p.token })).body.result;
const members = async (h: Harness, p: QuickPlayer, id: string, query: Record<string, number> = {}) =>
  h.call<{ result: { data: Member[]; page: number; pages: number; count: number } }>("GET", `/leagues/${id}/members`, {
    token: p.token,
    query,
  });
/** Fills a league through the dev route (generated accepted players) up to `total` accepted members. */
const fillTo = async (h: Harness, id: string, total: number, current = 1) => {
  const res = await h.call<Answer<Seat>>("POST", `/dev/leagues/${id}/fill`, { body: { count: total - current } });
  expect(res.body.result.membersCount).toBe(total);
};
const linkOf = async (h: Harness, owner: QuickPlayer, id: string) => {
  const res = await h.call<{ result: { link: string } }>("GET", `/leagues/${id}/link`, { token: owner.token });
  expect(res.status).toBe(200);
  const url = new URL(res.body.result.link);
  return { url, data: url.searchParams.get("data")!, signature: url.searchParams.get("signature")! };
};
const useLink = (h: Harness, p: QuickPlayer, data: string, signature: string) =>
  h.call("POST", "/leagues/link/use", { token: p.token, body: { data, signature } });

onEachBackend("leagues", (h) => {
  describe("creating and reading", () => {
    it("creates a league with its owner as the first accepted member; one league per player", async () => {
      const owner = await quickPlayer(h);
      const made = await create(h, owner, {
        name: "Late Brakers",
        type: "PRIVATE",
        description: "Only the brave",
        country: "it",
      });
      expect(made).toMatchObject({
        name: "Late Brakers",
        type: "PRIVATE",
        membersCount: 1,
        max: 100,
        memberStatus: "ACCEPTED",
        country: "IT",
        owner: { id: owner.id },
        guru: null,
      });
      const again = await h.call("POST", "/leagues", { token: owner.token, body: { name: "Second", type: "PUBLIC" } });
      expect(again).toMatchObject({ status: 409, body: { code: "leagueOwned" } });
      const seen = await league(h, await quickPlayer(h), made.id);
      expect(seen.body.result).toMatchObject({ id: made.id, memberStatus: null, membersCount: 1 });
    });

    it("refuses a second league even when both are created at once", async () => {
      const owner = await quickPlayer(h);
      const both = await Promise.all(
        [0, 1].map((i) =>
          h.call("POST", "/leagues", { token: owner.token, body: { name: `Twin${i}`, type: "PUBLIC" } }),
        ),
      );
      expect(both.map((r) => r.status).toSorted()).toEqual([200, 409]);
    });

    it("checks the name (3-20), the type, and keeps VIP leagues for Gurus", async () => {
      const p = await quickPlayer(h);
      const short = await h.call("POST", "/leagues", { token: p.token, body: { name: "ab", type: "PUBLIC" } });
      expect(short).toMatchObject({
        status: 400,
        body: { code: "validation", fields: { name: { code: "minLength" } } },
      });
      const long = await h.call("POST", "/leagues", { token: p.token, body: { name: "x".repeat(21), type: "PUBLIC" } });
      expect(long.body.fields.name.code).toBe("maxLength");
      const noType = await h.call("POST", "/leagues", { token: p.token, body: { name: "Typeless" } });
      expect(noType.body.fields.type.code).toBe("required");
      const vip = await h.call("POST", "/leagues", { token: p.token, body: { name: "Fake VIP", type: "VIP" } });
      expect(vip).toMatchObject({ status: 403, body: { code: "forbidden" } });
      const image = await h.call("POST", "/leagues", {
        token: p.token,
        body: { name: "Pic", type: "PUBLIC", image: "https://evil.example/x.png" },
      });
      expect(image).toMatchObject({ status: 400, body: { fields: { image: { code: "notImage" } } } });
      const guru = await quickPlayer(h, { guru: true });
      const made = await create(h, guru, { name: "Guru Club", type: "VIP" });
      expect(made.guru).toMatchObject({ id: guru.id });
    });

    it("answers 404 for a missing or malformed league and 401 without a session", async () => {
      const p = await quickPlayer(h);
      expect((await league(h, p, "2b1f8f8e-0000-4000-8000-000000000000")).status).toBe(404);
      expect((await league(h, p, "not-a-uuid")).status).toBe(404);
      expect((await h.call("GET", "/leagues")).status).toBe(401);
      expect((await h.call("GET", "/leagues/vip")).status).toBe(401);
    });

    it("lists leagues 20 a page, biggest first, by name text and country", async () => {
      const owners = await quickPlayers(h, 23);
      for (const [i, o] of owners.entries())
        await create(h, o, { name: `Squad ${String(i).padStart(2, "0")}`, country: i % 2 ? "ES" : "IT" });
      const viewer = await quickPlayer(h);
      await join(
        h,
        viewer,
        (
          await h.call<{ result: { data: League[] } }>("GET", "/leagues", {
            token: viewer.token,
            query: { text: "Squad 07" },
          })
        ).body.result.data[0]!.id,
      );
      const page1 = await h.call<{ result: { data: League[]; page: number; pages: number; count: number } }>(
        "GET",
        "/leagues",
        { token: viewer.token },
      );
      expect(page1.body.result).toMatchObject({ page: 1, pages: 2, count: 23 });
      expect(page1.body.result.data).toHaveLength(20);
      expect(page1.body.result.data[0]).toMatchObject({ name: "Squad 07", membersCount: 2, memberStatus: "ACCEPTED" });
      const page2 = await h.call<{ result: { data: League[] } }>("GET", "/leagues", {
        token: viewer.token,
        query: { page: 2 },
      });
      expect(page2.body.result.data).toHaveLength(3);
      const spain = await h.call<{ result: { count: number; data: League[] } }>("GET", "/leagues", {
        token: viewer.token,
        query: { country: "es" },
      });
      expect(spain.body.result.count).toBe(11);
      const text = await h.call<{ result: { count: number } }>("GET", "/leagues", {
        token: viewer.token,
        query: { text: "squad 1" },
      });
      expect(text.body.result.count).toBe(10);
      // % and _ are letters, not wildcards.
      const wildcard = await h.call<{ result: { count: number } }>("GET", "/leagues", {
        token: viewer.token,
        query: { text: "%" },
      });
      expect(wildcard.body.result.count).toBe(0);
    });

    it("routes the static paths before /leagues/{id}", async () => {
      const owner = await quickPlayer(h);
      const made = await create(h, owner);
      const vip = await h.call("GET", "/leagues/vip", { token: owner.token });
      expect(vip).toMatchObject({ status: 200, body: { result: [] } });
      const manage = await h.call<{ result: League[] }>("GET", "/leagues/manage", { token: owner.token });
      expect(manage.body.result.map((l) => l.id)).toEqual([made.id]);
      const mine = await h.call<{ result: League[] }>("GET", "/leagues/owner", {
        token: owner.token,
        query: { type: "PUBLIC" },
      });
      expect(mine.body.result.map((l) => l.id)).toEqual([made.id]);
      const none = await h.call<{ result: League[] }>("GET", "/leagues/owner", {
        token: owner.token,
        query: { type: "PRIVATE" },
      });
      expect(none.body.result).toEqual([]);
      const board = await h.call("GET", "/leagues/leaderboard", { token: owner.token, query: { leagueId: made.id } });
      expect(board.status).toBe(200);
      const user = await h.call<{ result: League[] }>("GET", `/leagues/users/${owner.id}`, { token: owner.token });
      expect(user.body.result.map((l) => l.id)).toEqual([made.id]);
      const badLink = await h.call("POST", "/leagues/link/use", {
        token: owner.token,
        body: { data: "x", signature: "y" },
      });
      expect(badLink.body.code).toBe("inviteLinkInvalid");
    });

    it("lets only the owner edit", async () => {
      const owner = await quickPlayer(h);
      const other = await quickPlayer(h);
      const made = await create(h, owner);
      const denied = await h.call("PUT", `/leagues/${made.id}`, {
        token: other.token,
        body: { name: "Hijacked", type: "PUBLIC" },
      });
      expect(denied).toMatchObject({ status: 403, body: { code: "forbidden" } });
      const edited = await h.call<{ result: League }>("PUT", `/leagues/${made.id}`, {
        token: owner.token,
        body: { name: "Renamed", type: "PRIVATE", endDate: "2026-11-30T23:59:59.000Z" },
      });
      expect(edited.body.result).toMatchObject({
        name: "Renamed",
        type: "PRIVATE",
        endDate: "2026-11-30T23:59:59.000Z",
      });
    });
  });

  describe("joining by type", () => {
    it("PUBLIC: join → ACCEPTED and membersCount + 1; joining twice changes nothing", async () => {
      const owner = await quickPlayer(h);
      const p = await quickPlayer(h);
      const made = await create(h, owner);
      expect((await join(h, p, made.id)).body.result).toEqual({ memberStatus: "ACCEPTED", membersCount: 2 });
      expect((await join(h, p, made.id)).body.result).toEqual({ memberStatus: "ACCEPTED", membersCount: 2 });
      expect((await league(h, p, made.id)).body.result).toMatchObject({ memberStatus: "ACCEPTED", membersCount: 2 });
    });

    it("PRIVATE: join → PENDING; accepted members hear of it and approve or reject; others may not", async () => {
      const owner = await quickPlayer(h);
      const [member, asker, rejected, stranger] = await quickPlayers(h, 4);
      const made = await create(h, owner, { type: "PRIVATE", name: "Closed Shop" });
      // The owner approves a first member so that a plain member can answer later requests.
      expect((await join(h, member!, made.id)).body.result).toEqual({ memberStatus: "PENDING", membersCount: 1 });
      expect((await accept(h, owner, made.id, member!.id)).body.result).toEqual({
        memberStatus: "ACCEPTED",
        membersCount: 2,
      });

      expect((await join(h, asker!, made.id)).body.result).toEqual({ memberStatus: "PENDING", membersCount: 2 });
      for (const p of [owner, member!]) {
        const got = (await notices(h, p)).filter(
          (n) => n.type === "MEMBERSHIP_REQUESTED" && n.value.user?.id === asker!.id,
        );
        expect(got).toHaveLength(1);
        expect(got[0]!.value.league).toEqual({ id: made.id, name: "Closed Shop" });
      }
      // Not theirs to answer: an outsider, and the asker for themself.
      expect((await accept(h, stranger!, made.id, asker!.id)).status).toBe(403);
      expect((await accept(h, asker!, made.id, asker!.id)).status).toBe(403);
      expect((await remove(h, stranger!, made.id, asker!.id)).status).toBe(403);
      // Outsiders see accepted members only; requests are the league's business.
      expect((await members(h, stranger!, made.id)).body.result.data.map((m) => m.status)).toEqual([
        "ACCEPTED",
        "ACCEPTED",
      ]);
      expect((await members(h, member!, made.id)).body.result.data.find((m) => m.id === asker!.id)?.status).toBe(
        "PENDING",
      );

      expect((await accept(h, member!, made.id, asker!.id)).body.result).toEqual({
        memberStatus: "ACCEPTED",
        membersCount: 3,
      });
      // Answered: the request leaves every bell, and the asker hears the answer.
      for (const p of [owner, member!])
        expect((await notices(h, p)).filter((n) => n.type === "MEMBERSHIP_REQUESTED")).toHaveLength(0);
      expect((await notices(h, asker!)).map((n) => [n.type, n.value.status])).toEqual([
        ["MEMBER_STATUS_CHANGED", "ACCEPTED"],
      ]);

      await join(h, rejected!, made.id);
      // A plain member may reject a request, but not remove an accepted member.
      expect((await remove(h, member!, made.id, asker!.id)).status).toBe(403);
      expect((await remove(h, member!, made.id, rejected!.id)).body.result).toEqual({
        memberStatus: null,
        membersCount: 3,
      });
      expect((await league(h, rejected!, made.id)).body.result.memberStatus).toBeNull();
      expect((await notices(h, rejected!)).map((n) => n.type)).toEqual(["MEMBER_DELETED"]);
    });

    it("a player cancels their own request, and the request leaves the members' bells", async () => {
      const owner = await quickPlayer(h);
      const asker = await quickPlayer(h);
      const made = await create(h, owner, { type: "PRIVATE" });
      await join(h, asker, made.id);
      expect(await notices(h, owner)).toHaveLength(1);
      expect((await remove(h, asker, made.id, asker.id)).body.result).toEqual({ memberStatus: null, membersCount: 1 });
      expect(await notices(h, owner)).toHaveLength(0);
    });

    it("VIP: join → FOLLOWING (not counted); a signed link makes the player ACCEPTED; rewards for the top three", async () => {
      const guru = await quickPlayer(h, { guru: true });
      const fan = await quickPlayer(h);
      const made = await create(h, guru, { type: "VIP", name: "Guru Garage" });
      expect((await join(h, fan, made.id)).body.result).toEqual({ memberStatus: "FOLLOWING", membersCount: 1 });
      const vip = await h.call<{ result: League[] }>("GET", "/leagues/vip", { token: fan.token });
      expect(vip.body.result.map((l) => [l.id, l.memberStatus])).toEqual([[made.id, "FOLLOWING"]]);
      // Following is not membership: no approving oneself in.
      expect((await accept(h, fan, made.id, fan.id)).status).toBe(403);
      const { data, signature, url } = await linkOf(h, guru, made.id);
      expect(url.origin + url.pathname).toBe(`${PUBLIC_URL}/leagues`);
      const used = await useLink(h, fan, data, signature);
      expect(used).toMatchObject({ status: 200, body: { result: { leagueId: made.id } } });
      expect((await league(h, fan, made.id)).body.result).toMatchObject({ memberStatus: "ACCEPTED", membersCount: 2 });
      const rewards = await h.call<{ result: { place: number }[] }>("GET", `/leagues/${made.id}/rewards`, {
        token: fan.token,
      });
      expect(rewards.body.result.map((r) => r.place)).toEqual([1, 2, 3]);
      const plain = await create(h, fan);
      expect((await h.call("GET", `/leagues/${plain.id}/rewards`, { token: fan.token })).body.result).toEqual([]);
    });
  });

  describe("the 100-member limit", () => {
    it("refuses joins, acceptances and links at 100 with leagueFull (409)", async () => {
      const owner = await quickPlayer(h);
      const [late, invited, linked] = await quickPlayers(h, 3);
      const made = await create(h, owner);
      await h.call("POST", `/leagues/manage/${made.id}/invitations`, {
        token: owner.token,
        body: { emails: [invited!.email] },
      });
      const { data, signature } = await linkOf(h, owner, made.id);
      await fillTo(h, made.id, 100);
      expect(await join(h, late!, made.id)).toMatchObject({
        status: 409,
        body: {
          code: "leagueFull",
          message: "The maximum number of participants in the league has already been reached",
        },
      });
      expect((await accept(h, invited!, made.id, invited!.id)).body.code).toBe("leagueFull");
      expect((await useLink(h, linked!, data, signature)).body.code).toBe("leagueFull");
      expect((await league(h, owner, made.id)).body.result.membersCount).toBe(100);
    });

    it("100 players joining a league of 99 at once: exactly one gets in", async () => {
      const owner = await quickPlayer(h);
      const made = await create(h, owner);
      await fillTo(h, made.id, 99);
      const crowd = await quickPlayers(h, 100);
      const answers = await Promise.all(crowd.map((p) => join(h, p, made.id)));
      const statuses = answers.map((a) => a.status);
      expect(statuses.filter((s) => s === 200)).toHaveLength(1);
      expect(statuses.filter((s) => s === 409)).toHaveLength(99);
      expect(answers.filter((a) => a.status === 409).every((a) => a.body.code === "leagueFull")).toBe(true);
      expect((await league(h, owner, made.id)).body.result.membersCount).toBe(100);
      const listed = await members(h, owner, made.id, { take: 100 });
      expect(listed.body.result.count).toBe(100);
    }, 60_000);
  });

  describe("owners and leaving", () => {
    it("the owner cannot leave while others remain, removes members, then leaves alone and the league is gone", async () => {
      const owner = await quickPlayer(h);
      const p = await quickPlayer(h);
      const made = await create(h, owner);
      await join(h, p, made.id);
      expect(await remove(h, owner, made.id, owner.id)).toMatchObject({
        status: 409,
        body: {
          code: "ownerCannotLeave",
          message: "You cannot leave your league while there are other members in it.",
        },
      });
      expect((await h.call("DELETE", `/leagues/${made.id}`, { token: owner.token })).body.code).toBe(
        "ownerCannotLeave",
      );
      // Nobody else deletes it or removes the owner.
      expect((await h.call("DELETE", `/leagues/${made.id}`, { token: p.token })).status).toBe(403);
      expect((await remove(h, p, made.id, owner.id)).status).toBe(403);

      expect((await remove(h, owner, made.id, p.id)).body.result).toEqual({ memberStatus: null, membersCount: 1 });
      expect((await notices(h, p)).map((n) => n.type)).toEqual(["MEMBER_DELETED"]);
      expect((await remove(h, owner, made.id, owner.id)).body.result).toEqual({ memberStatus: null, membersCount: 0 });
      expect((await league(h, owner, made.id)).status).toBe(404);
      // The player may found a new league now.
      await create(h, owner, { name: "Second Life" });
    });

    it("DELETE /leagues/{id} removes an owner's league once alone", async () => {
      const owner = await quickPlayer(h);
      const made = await create(h, owner);
      expect((await h.call("DELETE", `/leagues/${made.id}`, { token: owner.token })).body.result).toEqual({ ok: true });
      expect((await league(h, owner, made.id)).status).toBe(404);
    });

    it("a member leaves: the count drops and their notifications about the league go", async () => {
      const owner = await quickPlayer(h);
      const p = await quickPlayer(h);
      const made = await create(h, owner, { type: "PRIVATE" });
      await join(h, p, made.id);
      await accept(h, owner, made.id, p.id);
      expect(await notices(h, p)).toHaveLength(1);
      expect((await remove(h, p, made.id, p.id)).body.result).toEqual({ memberStatus: null, membersCount: 1 });
      expect(await notices(h, p)).toHaveLength(0);
      // Leaving twice is harmless.
      expect((await remove(h, p, made.id, p.id)).status).toBe(200);
    });
  });

  describe("invitations", () => {
    it("the owner invites by e-mail: a player gets a seat and a notification, every address a mail with the link", async () => {
      const owner = await quickPlayer(h);
      const [b, stranger] = await quickPlayers(h, 2);
      const made = await create(h, owner, { type: "PRIVATE", name: "Invites Only" });
      const newcomer = "someone.new@example.com";
      const denied = await h.call("POST", `/leagues/manage/${made.id}/invitations`, {
        token: stranger!.token,
        body: { emails: [b!.email] },
      });
      expect(denied.status).toBe(403);
      const sent = await h.call("POST", `/leagues/manage/${made.id}/invitations`, {
        token: owner.token,
        body: { emails: [b!.email.toUpperCase(), newcomer] },
      });
      expect(sent).toMatchObject({ status: 200, body: { result: { ok: true } } });
      expect((await league(h, b!, made.id)).body.result.memberStatus).toBe("INVITED");
      const invitation = (await notices(h, b!)).filter((n) => n.type === "LEAGUE_INVITATION");
      expect(invitation).toHaveLength(1);
      expect(invitation[0]!.value).toMatchObject({
        league: { id: made.id, name: "Invites Only" },
        user: { id: owner.id },
      });
      for (const to of [b!.email, newcomer]) {
        const [mail] = await outbox(h, to);
        expect(mail!.subject).toContain("Invites Only");
        expect(mail!.text).toMatch(new RegExp(`${PUBLIC_URL}/leagues\\?data=[\\w-]+&signature=[\\w-]+`));
      }

      // Declining removes the seat and the notification.
      expect((await remove(h, b!, made.id, b!.id)).body.result).toEqual({ memberStatus: null, membersCount: 1 });
      expect(await notices(h, b!)).toHaveLength(0);
      // Invited again, B accepts: a seat, and the invitation leaves the bell.
      await h.call("POST", `/leagues/manage/${made.id}/invitations`, {
        token: owner.token,
        body: { emails: [b!.email] },
      });
      expect((await accept(h, b!, made.id, b!.id)).body.result).toEqual({ memberStatus: "ACCEPTED", membersCount: 2 });
      expect(await notices(h, b!)).toHaveLength(0);
      // Already a member: invited again, nothing changes and no mail goes.
      const before = (await outbox(h, b!.email)).length;
      await h.call("POST", `/leagues/manage/${made.id}/invitations`, {
        token: owner.token,
        body: { emails: [b!.email] },
      });
      expect((await outbox(h, b!.email)).length).toBe(before);
      expect((await league(h, b!, made.id)).body.result.memberStatus).toBe("ACCEPTED");
    });

    it("the owner can withdraw an invitation (its notification goes too)", async () => {
      const owner = await quickPlayer(h);
      const b = await quickPlayer(h);
      const made = await create(h, owner);
      await h.call("POST", `/leagues/manage/${made.id}/invitations`, {
        token: owner.token,
        body: { emails: [b.email] },
      });
      expect(await notices(h, b)).toHaveLength(1);
      expect((await remove(h, owner, made.id, b.id)).status).toBe(200);
      expect(await notices(h, b)).toHaveLength(0);
    });

    it("checks the addresses", async () => {
      const owner = await quickPlayer(h);
      const made = await create(h, owner);
      const bad = await h.call("POST", `/leagues/manage/${made.id}/invitations`, {
        token: owner.token,
        body: { emails: ["not-an-address"] },
      });
      expect(bad.status).toBe(400);
      const none = await h.call("POST", `/leagues/manage/${made.id}/invitations`, {
        token: owner.token,
        body: { emails: [] },
      });
      expect(none.status).toBe(400);
    });
  });

  describe("invite links", () => {
    it("only the owner gets the link; a forged or tampered one is refused", async () => {
      const owner = await quickPlayer(h);
      const [p, other] = await quickPlayers(h, 2);
      const made = await create(h, owner);
      const otherLeague = await create(h, other!);
      expect((await h.call("GET", `/leagues/${made.id}/link`, { token: p!.token })).status).toBe(403);
      const { data, signature } = await linkOf(h, owner, made.id);
      const forged = await useLink(
        h,
        p!,
        data,
        signature.replace(/^./, (c) => (c === "A" ? "B" : "A")),
      );
      expect(forged).toMatchObject({
        status: 400,
        body: { code: "inviteLinkInvalid", message: "This invite link is not valid" },
      });
      // The signed data of one league, pointed at another.
      const payload = JSON.parse(Buffer.from(data, "base64url").toString()) as { l: string; e: number };
      const tampered = Buffer.from(JSON.stringify({ ...payload, l: otherLeague.id })).toString("base64url");
      expect((await useLink(h, p!, tampered, signature)).body.code).toBe("inviteLinkInvalid");
      const longer = Buffer.from(JSON.stringify({ ...payload, e: payload.e + 86_400 * 365 })).toString("base64url");
      expect((await useLink(h, p!, longer, signature)).body.code).toBe("inviteLinkInvalid");
      expect((await league(h, p!, made.id)).body.result.memberStatus).toBeNull();
    });

    it("an expired link answers 410 inviteLinkExpired; an already accepted member gets the quiet 509", async () => {
      const owner = await quickPlayer(h);
      const p = await quickPlayer(h);
      const made = await create(h, owner);
      const { data, signature } = await linkOf(h, owner, made.id);
      const again = await useLink(h, owner, data, signature);
      expect(again).toMatchObject({ status: 509, body: { code: "alreadyMember" } });
      h.clock.setOffset(8 * 24 * 3600_000);
      const late = { ...p, token: await freshToken(h, p.id) };
      expect(await useLink(h, late, data, signature)).toMatchObject({
        status: 410,
        body: { code: "inviteLinkExpired", message: "This invite link has expired" },
      });
      expect((await league(h, late, made.id)).body.result.memberStatus).toBeNull();
    });

    it("a newcomer uses the mailed link after signing up", async () => {
      const owner = await quickPlayer(h);
      const made = await create(h, owner);
      await h.call("POST", `/leagues/manage/${made.id}/invitations`, {
        token: owner.token,
        body: { emails: ["fresh.face@example.com"] },
      });
      const [mail] = await outbox(h, "fresh.face@example.com");
      const url = new URL(/https?:\/\/\S+/.exec(mail!.text)![0]);
      const newcomer = await quickPlayer(h);
      const used = await useLink(h, newcomer, url.searchParams.get("data")!, url.searchParams.get("signature")!);
      expect(used.body.result).toEqual({ leagueId: made.id });
      expect((await league(h, newcomer, made.id)).body.result.memberStatus).toBe("ACCEPTED");
    });
  });

  describe("members and leaderboard", () => {
    it("pages members 50 at a time, owner first", async () => {
      const owner = await quickPlayer(h);
      const made = await create(h, owner);
      await fillTo(h, made.id, 60);
      const first = await members(h, owner, made.id);
      expect(first.body.result).toMatchObject({ page: 1, pages: 2, count: 60 });
      expect(first.body.result.data).toHaveLength(50);
      expect(first.body.result.data[0]!.id).toBe(owner.id);
      const second = await members(h, owner, made.id, { page: 2 });
      expect(second.body.result.data).toHaveLength(10);
    });

    it("ranks accepted members by points, followers not ranked", async () => {
      const guru = await quickPlayer(h, { guru: true, points: 10 });
      const [a, b, fan] = await quickPlayers(h, 3, { points: (i) => [50, 30, 99][i]! });
      const made = await create(h, guru, { type: "VIP" });
      for (const p of [a!, b!]) {
        const { data, signature } = await linkOf(h, guru, made.id);
        await useLink(h, p, data, signature);
      }
      await join(h, fan!, made.id);
      await setPoints(h, b!.id, 70);
      const board = await h.call<{
        result: { data: { rank: number; user: { id: string }; points: number }[]; count: number };
      }>("GET", "/leagues/leaderboard", {
        token: fan!.token,
        query: { leagueId: made.id },
      });
      expect(board.body.result.count).toBe(3);
      expect(board.body.result.data.map((r) => [r.rank, r.user.id, r.points])).toEqual([
        [1, b!.id, 70],
        [2, a!.id, 50],
        [3, guru.id, 10],
      ]);
      expect(
        (
          await h.call("GET", "/leagues/leaderboard", {
            token: fan!.token,
            query: { leagueId: "00000000-0000-4000-8000-000000000000" },
          })
        ).status,
      ).toBe(404);
      // Text that is no league's id at all is a malformed query, as on every call.
      expect(
        (await h.call("GET", "/leagues/leaderboard", { token: fan!.token, query: { leagueId: "nope" } })).status,
      ).toBe(400);
    });

    it("lists a player's leagues and the leagues they manage", async () => {
      const owner = await quickPlayer(h);
      const p = await quickPlayer(h);
      const open = await create(h, owner);
      const other = await quickPlayer(h);
      const closed = await create(h, other, { type: "PRIVATE" });
      await join(h, p, open.id);
      await join(h, p, closed.id);
      const theirs = await h.call<{ result: League[] }>("GET", `/leagues/users/${p.id}`, { token: owner.token });
      expect(theirs.body.result.map((l) => l.id)).toEqual([open.id]);
      const manage = await h.call<{ result: League[] }>("GET", "/leagues/manage", { token: p.token });
      expect(manage.body.result.map((l) => [l.id, l.memberStatus])).toEqual([
        [open.id, "ACCEPTED"],
        [closed.id, "PENDING"],
      ]);
      const pendingOnly = await h.call<{ result: League[] }>("GET", "/leagues/manage", {
        token: p.token,
        query: { status: "PENDING" },
      });
      expect(pendingOnly.body.result.map((l) => l.id)).toEqual([closed.id]);
    });

    it("keeps membersCount right when a member deletes their account", async () => {
      const owner = await quickPlayer(h);
      const p = await quickPlayer(h);
      const made = await create(h, owner);
      await join(h, p, made.id);
      expect((await h.call("DELETE", "/users", { token: p.token })).status).toBe(200);
      expect((await league(h, owner, made.id)).body.result.membersCount).toBe(1);
    });
  });
});

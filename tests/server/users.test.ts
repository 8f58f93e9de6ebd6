import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { Profile, PublicProfile } from "../../contract/users";
import { users } from "../../server/db/schema";
import { onEachBackend } from "./harness";
import { latestMail, PASSWORD, signIn, signUp, signUpConfirmed, uniqueEmail } from "./accounts";

const privateKeys = [
  "email",
  "noteEmail",
  "walletAddress",
  "address",
  "zipCode",
  "city",
  "phone",
  "mustChangePassword",
  "passwordHash",
  "password_hash",
];
const WALLET = "0x52908400098527886E0F7030069857D2E4169EE7";

onEachBackend("users", (h) => {
  describe("GET /users/profile: the player's own profile", () => {
    it("has the spec's fields, a zero stat, and no password hash", async () => {
      const p = await signUpConfirmed(h);
      const res = await h.call("GET", "/users/profile", { token: p.tokens.accessToken });
      expect(Profile.strict().parse(res.body.result)).toBeTruthy();
      expect(res.body.result).toMatchObject({
        id: p.id,
        name: p.name,
        email: p.email,
        stat: { points: 0, average: 0, wins: 0, podiums: 0, poles: 0 },
      });
      expect(JSON.stringify(res.body)).not.toMatch(/argon2|passwordHash|password_hash/);
    });
  });

  describe("PUT /users edits the profile", () => {
    it("saves the sent fields and keeps the ones left out", async () => {
      const p = await signUpConfirmed(h);
      const token = p.tokens.accessToken;
      const first = await h.call("PUT", "/users", {
        token,
        body: {
          country: "it",
          bio: "Fast on Sundays",
          favouriteRider: "No. 63",
          favouriteManufacturer: "DUCATI",
          favouriteCircuit: "Mugello",
          twitter: "@me",
          instagram: "me",
          address: "Via Roma 1",
          zipCode: "47843",
          city: "Misano",
          phone: "+39 0541 123456",
          walletAddress: WALLET,
        },
      });
      expect(first.status).toBe(200);
      expect(first.body.result).toMatchObject({
        country: "IT",
        bio: "Fast on Sundays",
        favourites: { rider: "No. 63", manufacturer: "DUCATI", circuit: "Mugello" },
        walletAddress: WALLET,
        phone: "+39 0541 123456",
      });
      const second = await h.call("PUT", "/users", { token, body: { bio: "", name: "Renamed Rider" } });
      expect(second.body.result).toMatchObject({
        bio: null,
        name: "Renamed Rider",
        city: "Misano",
        walletAddress: WALLET,
      });
    });

    it("answers 'It is not ETH address' to a bad wallet and 'Phone is not valid' to a bad phone", async () => {
      const p = await signUpConfirmed(h);
      const res = await h.call("PUT", "/users", {
        token: p.tokens.accessToken,
        body: { walletAddress: "0x123", phone: "call me" },
      });
      expect(res.status).toBe(400);
      expect(res.body.fields.walletAddress).toMatchObject({ code: "ethAddress", message: "It is not ETH address" });
      expect(res.body.fields.phone).toMatchObject({ code: "phone", message: "Phone is not valid" });
    });

    it("refuses another player's name", async () => {
      const a = await signUpConfirmed(h, "Alpha Rider");
      const b = await signUpConfirmed(h);
      expect(
        (await h.call("PUT", "/users", { token: b.tokens.accessToken, body: { name: "alpha rider" } })).status,
      ).toBe(400);
      expect(
        (await h.call("PUT", "/users", { token: a.tokens.accessToken, body: { name: "Alpha Rider" } })).status,
      ).toBe(200);
    });

    it("needs a signed-in player", async () => {
      expect((await h.call("PUT", "/users", { body: { bio: "x" } })).status).toBe(401);
    });
  });

  describe("GET /users/:id/profile shows only public fields", () => {
    it("hides e-mail, wallet, address and the rest from everybody", async () => {
      const owner = await signUpConfirmed(h);
      await h.call("PUT", "/users", {
        token: owner.tokens.accessToken,
        body: { walletAddress: WALLET, city: "Jerez", bio: "Public bio" },
      });
      const viewer = await signUpConfirmed(h);
      for (const token of [undefined, viewer.tokens.accessToken, owner.tokens.accessToken]) {
        const res = await h.call("GET", `/users/${owner.id}/profile`, { token });
        expect(res.status).toBe(200);
        expect(PublicProfile.strict().parse(res.body.result).bio).toBe("Public bio");
        for (const key of privateKeys) expect(res.body.result).not.toHaveProperty(key);
        expect(JSON.stringify(res.body)).not.toContain(owner.email);
      }
    });

    it("answers 404 for an unknown, malformed or unconfirmed player", async () => {
      const email = uniqueEmail();
      await signUp(h, "Hidden", email);
      const [hidden] = await h.database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
      for (const id of ["00000000-0000-4000-8000-000000000000", "not-a-uuid", hidden!.id]) {
        const res = await h.call("GET", `/users/${id}/profile`);
        expect(res.status).toBe(404);
        expect(res.body.code).toBe("notFound");
      }
    });
  });

  describe("favorites: follow and unfollow players", () => {
    it("follows idempotently, shows isFavorite to the follower, and unfollows idempotently", async () => {
      const me = await signUpConfirmed(h);
      const guru = await signUpConfirmed(h);
      const token = me.tokens.accessToken;
      for (let i = 0; i < 2; i++)
        expect((await h.call("POST", `/users/${guru.id}/favorite`, { token })).body).toEqual({
          result: { isFavorite: true },
        });
      expect((await h.call("GET", `/users/${guru.id}/profile`, { token })).body.result.isFavorite).toBe(true);
      expect((await h.call("GET", `/users/${guru.id}/profile`)).body.result.isFavorite).toBe(false);
      const follow = await h.call("GET", "/users", { token, query: { type: "follow" } });
      expect(follow.body.result).toMatchObject({ count: 1, data: [{ id: guru.id, isFavorite: true }] });
      for (let i = 0; i < 2; i++)
        expect((await h.call("DELETE", `/users/${guru.id}/favorite`, { token })).body).toEqual({
          result: { isFavorite: false },
        });
      expect((await h.call("GET", "/users", { token, query: { type: "follow" } })).body.result.count).toBe(0);
    });

    it("refuses to follow yourself (403) or an unknown player (404), and needs a signed-in player", async () => {
      const me = await signUpConfirmed(h);
      expect((await h.call("POST", `/users/${me.id}/favorite`, { token: me.tokens.accessToken })).status).toBe(403);
      expect(
        (await h.call("POST", "/users/00000000-0000-4000-8000-000000000000/favorite", { token: me.tokens.accessToken }))
          .status,
      ).toBe(404);
      expect((await h.call("POST", `/users/${me.id}/favorite`)).status).toBe(401);
    });
  });

  describe("GET /users lists players, paged", () => {
    it("pages with page and take, ranks by points, and lists only confirmed players", async () => {
      const created = [];
      for (let i = 0; i < 3; i++) created.push(await signUpConfirmed(h));
      await signUp(h, "Not Confirmed", uniqueEmail());
      await h.database.db.update(users).set({ points: 50 }).where(eq(users.id, created[2]!.id));
      const page1 = await h.call("GET", "/users", { query: { type: "seasons", page: 1, take: 2 } });
      expect(page1.body.result).toMatchObject({ page: 1, pages: 2, count: 3 });
      expect(page1.body.result.data[0]).toMatchObject({ id: created[2]!.id, points: 50, isFavorite: false });
      for (const player of page1.body.result.data)
        for (const key of privateKeys) expect(player).not.toHaveProperty(key);
      const page2 = await h.call("GET", "/users", { query: { page: 2, take: 2 } });
      expect(page2.body.result.data).toHaveLength(1);
    });

    it("lists gurus for type guru", async () => {
      const guru = await signUpConfirmed(h);
      await signUpConfirmed(h);
      await h.database.db.update(users).set({ isGuru: true }).where(eq(users.id, guru.id));
      const res = await h.call("GET", "/users", { query: { type: "guru" } });
      expect(res.body.result.data.map((p: { id: string }) => p.id)).toEqual([guru.id]);
    });

    it("needs a signed-in player for type follow, and checks the query", async () => {
      expect((await h.call("GET", "/users", { query: { type: "follow" } })).status).toBe(401);
      const bad = await h.call("GET", "/users", { query: { type: "everyone", take: 1000 } });
      expect(bad.status).toBe(400);
      expect(Object.keys(bad.body.fields).toSorted()).toEqual(["take", "type"]);
    });
  });

  describe("POST /users/add-note-email", () => {
    it("stores the note e-mail, mails it, and checks it", async () => {
      const p = await signUpConfirmed(h);
      const note = uniqueEmail("notes");
      expect(
        (await h.call("POST", "/users/add-note-email", { token: p.tokens.accessToken, body: { email: note } })).body,
      ).toEqual({ result: { ok: true } });
      expect((await h.call("GET", "/users/profile", { token: p.tokens.accessToken })).body.result.noteEmail).toBe(note);
      expect((await latestMail(h, note)).subject).toMatch(/notes/);
      const bad = await h.call("POST", "/users/add-note-email", {
        token: p.tokens.accessToken,
        body: { email: "nope" },
      });
      expect(bad.body.fields.email.message).toBe("Please enter valid email");
    });
  });

  describe("DELETE /users deletes the player's own account", () => {
    it("removes the account and its sessions, and frees the e-mail", async () => {
      const p = await signUpConfirmed(h);
      const fan = await signUpConfirmed(h);
      await h.call("POST", `/users/${p.id}/favorite`, { token: fan.tokens.accessToken });
      expect((await h.call("DELETE", "/users", { token: p.tokens.accessToken })).body).toEqual({
        result: { ok: true },
      });
      expect((await h.call("GET", "/users/profile", { token: p.tokens.accessToken })).status).toBe(401);
      expect((await h.call("POST", "/auth/refresh", { body: { refreshToken: p.tokens.refreshToken } })).status).toBe(
        401,
      );
      expect((await signIn(h, p.email, PASSWORD)).status).toBe(401);
      expect(
        (await h.call("GET", "/users", { token: fan.tokens.accessToken, query: { type: "follow" } })).body.result.count,
      ).toBe(0);
      const again = await signUpConfirmed(h, p.name, p.email);
      expect(again.id).not.toBe(p.id);
    });
  });
});

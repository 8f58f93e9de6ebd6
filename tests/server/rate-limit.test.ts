import { describe, expect, it } from "vitest";
import { messages } from "../../contract/messages";
import { onEachBackend } from "./harness";
import { PASSWORD, uniqueEmail } from "./accounts";

onEachBackend("rate limits on sign-in, sign-up, refresh and recovery", (h) => {
  describe("answer 429 tooManyRequests past the limit per client and account", () => {
    it("limits sign-in attempts for one e-mail, and not for another", async () => {
      const app = await h.buildApp({ rateLimitMax: 3 });
      const email = uniqueEmail();
      const attempt = (e: string) =>
        h.call("POST", "/auth/sign-in/email", { body: { email: e, password: PASSWORD } }, app);
      for (let i = 0; i < 3; i++) expect((await attempt(email)).status).toBe(401);
      const limited = await attempt(email);
      expect(limited.status).toBe(429);
      expect(limited.body).toEqual({ statusCode: 429, code: "tooManyRequests", message: messages.tooManyRequests });
      expect((await attempt(uniqueEmail())).status).toBe(401);
    });

    it("limits recovery codes, sign-up and refresh too", async () => {
      const app = await h.buildApp({ rateLimitMax: 1 });
      const email = uniqueEmail();
      const calls: [string, object][] = [
        ["/auth/recovery/send-code", { email }],
        ["/auth/recovery/validate", { email, code: "123456" }],
        ["/auth/sign-up", { name: "Limited", email, password: PASSWORD, confirmPassword: PASSWORD, agree: true }],
        ["/auth/refresh", { refreshToken: "x" }],
      ];
      for (const [path, body] of calls) {
        await h.call("POST", path, { body }, app);
        expect((await h.call("POST", path, { body }, app)).status).toBe(429);
      }
    });

    it("tells the client when to retry: within the one-minute window", async () => {
      const app = await h.buildApp({ rateLimitMax: 1 });
      const body = { email: uniqueEmail() };
      await h.call("POST", "/auth/recovery/send-code", { body }, app);
      expect((await h.call("POST", "/auth/recovery/send-code", { body }, app)).status).toBe(429);
      const retryAfter = Number(
        (await h.call("POST", "/auth/recovery/send-code", { body }, app)).headers["retry-after"],
      );
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
    });
  });
});

import { describe, expect, it } from "vitest";
import { mailLanguage, mailText } from "../../server/mail/texts";
import { onEachBackend } from "./harness";
import { latestMail, PASSWORD, tokenFrom, uniqueEmail, type Tokens } from "./accounts";

let counter = 0;

describe("a mail's language is the recipient's stored one, English when it is none of the product's", () => {
  it("reads a language tag down to its language", () => {
    expect(mailLanguage("ja")).toBe("ja");
    expect(mailLanguage("pt-BR")).toBe("pt");
    expect(mailLanguage("tlh")).toBe("en");
    expect(mailLanguage(null)).toBe("en");
  });

  it("fills the params in and keeps English word for word", () => {
    expect(mailText("en", "confirm.subject")).toBe("Confirm your e-mail for Paddock Predictor");
    expect(mailText("ja", "greeting", { name: "Aoi" })).toBe("Aoi さん");
  });
});

onEachBackend("mails in the recipient's language", (h) => {
  async function signUpIn(lng: string) {
    const name = `Lng${lng}${Date.now().toString(36).slice(-5)}${++counter}`;
    const email = uniqueEmail(`lng${lng}`);
    const res = await h.call("POST", "/auth/sign-up", {
      body: { name, email, password: PASSWORD, confirmPassword: PASSWORD, agree: true, lng },
    });
    expect(res.status).toBe(200);
    return { name, email };
  }

  it("the confirmation mail is in the language the player signed up in", async () => {
    const { email } = await signUpIn("ja");
    const mail = await latestMail(h, email);
    expect(mail.subject).toBe("Paddock Predictor のメールアドレスを確認してください");
    expect(mail.text).toContain("48時間有効");
    expect(mail.html).toContain('lang="ja"');
    expect(tokenFrom(mail)).not.toBe("");
  });

  it("the invitation mail is in the invited player's language, and in the owner's for an address that does not play yet", async () => {
    const owner = await signUpIn("de");
    const invited = await signUpIn("ja");
    const confirm = await h.call<{ result: Tokens }>("POST", "/auth/sign-up/confirm", {
      body: { token: tokenFrom(await latestMail(h, owner.email)) },
    });
    const token = confirm.body.result.accessToken;
    const made = await h.call<{ result: { id: string } }>("POST", "/leagues", {
      token,
      body: { name: `Mail${counter}x`, type: "PRIVATE" },
    });
    expect(made.status).toBe(200);
    const newcomer = uniqueEmail("newcomer");
    const sent = await h.call("POST", `/leagues/manage/${made.body.result.id}/invitations`, {
      token,
      body: { emails: [invited.email, newcomer] },
    });
    expect(sent.status).toBe(200);
    const toPlayer = await latestMail(h, invited.email);
    expect(toPlayer.subject).toContain("さんからリーグ");
    expect(toPlayer.text).toContain("7日間有効");
    const toNewcomer = await latestMail(h, newcomer);
    expect(toNewcomer.subject).toBe(`${owner.name} lädt dich in die Liga Mail${counter}x ein`);
  });
});

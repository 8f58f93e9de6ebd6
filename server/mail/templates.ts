import type { LanguageCode } from "../../contract/enums";
import { mailText } from "./texts";
import type { Mail } from "./transport";

// Every mail in its recipient's language (users.lng, picked at sign-up), subject and text, with a plain HTML twin.
const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const html = (language: LanguageCode, lines: string[], link?: string) =>
  `<!doctype html><html lang="${language}"><body style="font-family:sans-serif">${lines.map((l) => `<p>${escape(l)}</p>`).join("")}${
    link ? `<p><a href="${escape(link)}">${escape(link)}</a></p>` : ""
  }</body></html>`;

function mail(to: string, language: LanguageCode, subject: string, lines: string[], link?: string): Mail {
  return {
    to,
    subject,
    text: `${lines.join("\n\n")}\n${link ? `\n${link}\n` : ""}`,
    html: html(language, lines, link),
  };
}

export function confirmEmailMail(
  to: string,
  name: string,
  publicUrl: string,
  token: string,
  language: LanguageCode = "en",
): Mail {
  const link = `${publicUrl}/?token=${encodeURIComponent(token)}`;
  const t = (key: string) => mailText(language, key, { name });
  return mail(to, language, t("confirm.subject"), [t("greeting"), t("confirm.text")], link);
}

export function alreadyRegisteredMail(to: string, publicUrl: string, language: LanguageCode = "en"): Mail {
  const link = `${publicUrl}/?state=recovery&email=${encodeURIComponent(to)}`;
  const t = (key: string) => mailText(language, key);
  return mail(
    to,
    language,
    t("alreadyRegistered.subject"),
    [t("alreadyRegistered.text"), t("alreadyRegistered.action")],
    link,
  );
}

export function recoveryCodeMail(to: string, code: string, publicUrl: string, language: LanguageCode = "en"): Mail {
  const link = `${publicUrl}/?state=recovery&email=${encodeURIComponent(to)}`;
  const t = (key: string) => mailText(language, key, { code });
  return mail(to, language, t("recovery.subject"), [t("recovery.code"), t("recovery.text")], link);
}

export function noteEmailMail(to: string, name: string, language: LanguageCode = "en"): Mail {
  const t = (key: string) => mailText(language, key, { name });
  return mail(to, language, t("noteEmail.subject"), [t("greeting"), t("noteEmail.text")]);
}

/** An owner's e-mail invitation: the signed invite link joins the league (after signing up, for a newcomer). */
export function invitationMail(
  to: string,
  owner: string,
  league: string,
  link: string,
  language: LanguageCode = "en",
): Mail {
  const t = (key: string) => mailText(language, key, { owner, league });
  return mail(to, language, t("invitation.subject"), [t("invitation.text"), t("invitation.action")], link);
}

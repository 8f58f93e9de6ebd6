import type { Mail } from "../../mail/transport";

// English only, like the account mails (server/mail/templates.ts); kept here as only leagues send it.
const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** An owner's e-mail invitation: the signed invite link joins the league (after signing up, for a newcomer). */
export function invitationMail(to: string, owner: string, league: string, link: string): Mail {
  const lines = [
    `${owner} invited you to join the league "${league}" on Paddock Predictor.`,
    "Open this link to join (valid for 7 days). If you don't play yet, sign up first: the link waits for you.",
  ];
  return {
    to,
    subject: `${owner} invited you to the league ${league}`,
    text: `${lines.join("\n\n")}\n\n${link}\n`,
    html: `<!doctype html><html><body style="font-family:sans-serif">${lines.map((l) => `<p>${escape(l)}</p>`).join("")}<p><a href="${escape(link)}">${escape(link)}</a></p></body></html>`,
  };
}

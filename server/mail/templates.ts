import type { Mail } from "./transport";

// English only for now: subject and text, with a plain HTML twin.
const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const html = (lines: string[], link?: string) =>
  `<!doctype html><html><body style="font-family:sans-serif">${lines.map((l) => `<p>${escape(l)}</p>`).join("")}${
    link ? `<p><a href="${escape(link)}">${escape(link)}</a></p>` : ""
  }</body></html>`;

export function confirmEmailMail(to: string, name: string, publicUrl: string, token: string): Mail {
  const link = `${publicUrl}/?token=${encodeURIComponent(token)}`;
  const lines = [`Hi ${name},`, "Welcome to Paddock Predictor! Please confirm your e-mail address by opening this link (valid for 48 hours):"];
  return { to, subject: "Confirm your e-mail for Paddock Predictor", text: `${lines.join("\n\n")}\n\n${link}\n`, html: html(lines, link) };
}

export function alreadyRegisteredMail(to: string, publicUrl: string): Mail {
  const link = `${publicUrl}/?state=recovery&email=${encodeURIComponent(to)}`;
  const lines = [
    "Someone tried to create a Paddock Predictor account with this e-mail address, but it already has one.",
    "If it was you, sign in instead, or recover your password here:",
  ];
  return { to, subject: "You already have a Paddock Predictor account", text: `${lines.join("\n\n")}\n\n${link}\n`, html: html(lines, link) };
}

export function recoveryCodeMail(to: string, code: string, publicUrl: string): Mail {
  const link = `${publicUrl}/?state=recovery&email=${encodeURIComponent(to)}`;
  const lines = [`Your password recovery code is ${code}`, "It is valid for 15 minutes. Enter it in the recovery window, which opens from this link:"];
  return { to, subject: `Your Paddock Predictor recovery code: ${code}`, text: `${lines.join("\n\n")}\n\n${link}\n`, html: html(lines, link) };
}

export function noteEmailMail(to: string, name: string): Mail {
  const lines = [`Hi ${name},`, "This address will now receive your Paddock Predictor notes."];
  return { to, subject: "Paddock Predictor notes e-mail added", text: `${lines.join("\n\n")}\n`, html: html(lines) };
}

import { randomUUID } from "node:crypto";
import { createTransport } from "nodemailer";
import type { Clock } from "../clock";
import type { Db } from "../db/open";
import { outbox } from "../db/schema";

export type Mail = { to: string; subject: string; text: string; html: string };
export type Mailer = { send(mail: Mail): Promise<void> };

/** Without an SMTP server mail is kept in the database, where the dev outbox endpoint reads it. */
export function outboxMailer(db: Db, clock: Clock): Mailer {
  return {
    send: async (mail) => {
      await db.insert(outbox).values({
        id: randomUUID(),
        toAddress: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        createdAt: clock.now(),
      });
    },
  };
}

export function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = createTransport(smtpUrl);
  return {
    send: async (mail) => {
      await transport.sendMail({ from, ...mail });
    },
  };
}

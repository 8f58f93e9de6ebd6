// The invitation is written with the other mails, in the recipient's language (server/mail/templates.ts).
export { invitationMail } from "../../mail/templates";

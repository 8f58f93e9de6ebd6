import type { AuditChannel } from "../../contract/audit";

/** Who sent an operator call, and through what: the audit log's "who" and "through what". */
export type Operator = { userId: string | null; channel: AuditChannel };

/** The command line's operator, for commands that write to the database themselves (grant, revoke, guru…). */
export const CLI_OPERATOR: Operator = { userId: null, channel: "cli" };

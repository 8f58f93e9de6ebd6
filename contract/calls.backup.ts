import { raw } from "./calls";

/** The backup's media type: PGlite's data folder as a gzip-compressed tarball. */
export const BACKUP_MEDIA_TYPE = "application/gzip";

/**
 * Backups of the embedded database (docs/operations.md "Backups"). PGlite is one process's database, so while the
 * server runs only the server can read it: `npm run admin -- backup <file>` asks it here, with the admin token (or an
 * operator's session). POST, not GET: taking a backup is an act the audit log records, never something a link or a
 * prefetch sets off. On PostgreSQL it answers 409 backupNeedsPgDump: pg_dump takes that database's backups.
 */
export const backupCalls = {
  backup: raw({
    method: "POST",
    path: "/admin/backup",
    auth: false,
    answers: { 200: [BACKUP_MEDIA_TYPE] },
    errors: { 409: ["backupNeedsPgDump"] },
  }),
} as const;

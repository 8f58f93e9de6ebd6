import { randomInt } from "node:crypto";
import { eq } from "drizzle-orm";
import { DiagnosticsBundle, redact, type StoredReport } from "../../../contract/diagnostics";
import type { AppDeps } from "../../http/deps";
import { AppError } from "../../http/errors";
import { problemReports } from "../../db/schema";

const ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
const newId = () => Array.from({ length: 8 }, () => ALPHABET[randomInt(ALPHABET.length)]).join("");

/** Needs only the database and the clock (`npm run replay` reads reports without a running server). */
export function reportsService(deps: Pick<AppDeps, "db" | "clock">) {
  const db = deps.db.db;
  return {
    /** Stores the bundle redacted once more (the browser already did): a short id the player can quote. */
    async create(userId: string, bundle: DiagnosticsBundle): Promise<{ id: string }> {
      const clean = DiagnosticsBundle.parse(redact(bundle));
      for (;;) {
        const id = newId();
        const rows = await db
          .insert(problemReports)
          .values({ id, userId, bundle: clean, createdAt: deps.clock.now() })
          .onConflictDoNothing()
          .returning({ id: problemReports.id });
        if (rows.length) return { id };
      }
    },

    async read(id: string): Promise<StoredReport> {
      const [row] = await db.select().from(problemReports).where(eq(problemReports.id, id.toUpperCase()));
      if (!row) throw new AppError(404, "notFound");
      return { id: row.id, createdAt: row.createdAt.toISOString(), bundle: DiagnosticsBundle.parse(row.bundle) };
    },
  };
}

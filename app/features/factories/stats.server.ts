import { eq, sql } from "drizzle-orm";
import { normalizeFactoryFilters } from "~/domain/factory-filters";
import { type Db, schema } from "~/platform/db.server";
import { countDirectory } from "./factories.server";

/** Live figures for the landing page hero. */
export async function landingStats(db: Db): Promise<{ factories: number; activeTenders: number }> {
  const [factories, tenders] = await Promise.all([
    // The directory's own count (kept by the database, blocked owners left out): one row.
    countDirectory(db, normalizeFactoryFilters({})).then((n) => [{ n }]),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(schema.tenders)
      .where(eq(schema.tenders.status, "active")),
  ]);
  return { factories: factories[0]?.n ?? 0, activeTenders: tenders[0]?.n ?? 0 };
}

import { eq, sql } from "drizzle-orm";
import { normalizeFactoryFilters } from "~/domain/factory-filters";
import { schema } from "./db.server";
import { countDirectory } from "./factories.server";
import { getRuntime } from "./runtime.server";

/** Live figures for the landing page hero. */
export async function landingStats(): Promise<{ factories: number; activeTenders: number }> {
  const { db } = await getRuntime();
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

import { eq } from "drizzle-orm";
import type { Locale } from "~/domain/locale";
import type { CurrentUser } from "~/platform/actor.server";
import { type Db, schema } from "~/platform/db.server";

/**
 * Remembers the language the account chose in the header's switcher: its letters are written in
 * it. A failure is logged and changes nothing else (the page's cookie still switches). The
 * language is no column visitors' pages show: the page cache stays (migration 0014).
 */
export async function rememberLanguage(db: Db, actor: CurrentUser, locale: Locale): Promise<void> {
  if (!actor.profile) return;
  await db
    .update(schema.profiles)
    .set({ locale })
    .where(eq(schema.profiles.id, actor.id))
    .catch((error) => console.warn("[language] saving the account's language failed:", error));
}

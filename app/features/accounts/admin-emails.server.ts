import { inArray, sql } from "drizzle-orm";
import type { Db } from "~/platform/db.server";
import { schema } from "~/platform/db.server";

/**
 * ADMIN_EMAILS grants the admin role to those accounts (the only other way is
 * `npm run admin -- grant EMAIL`: docs/guides/permissions.md). Runs on start; the accounts issue
 * also runs it on sign-up and verification.
 */
export async function applyAdminEmails(db: Db, emails: readonly string[]): Promise<number> {
  if (emails.length === 0) return 0;
  const rows = await db
    .update(schema.users)
    .set({ role: "admin" })
    .where(
      sql`${inArray(sql`lower(${schema.users.email})`, [...emails])} and ${schema.users.role} is distinct from 'admin'`,
    )
    .returning({ id: schema.users.id });
  return rows.length;
}

export async function setAdminRole(db: Db, email: string, admin: boolean): Promise<boolean> {
  const rows = await db
    .update(schema.users)
    .set({ role: admin ? "admin" : "user" })
    .where(sql`lower(${schema.users.email}) = ${email.trim().toLowerCase()}`)
    .returning({ id: schema.users.id });
  return rows.length > 0;
}

/**
 * People put straight into the tables, for tests of services that need no sign-up: a user row,
 * a profile and, when asked, a factory. Each is returned as the guards see them.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { type CurrentUser, loadProfileSummary, toCurrentUser } from "~/platform/actor.server";
import { type Db, schema } from "~/platform/db.server";
import type { UserType } from "~db/schema";

export interface NewPerson {
  /** users.role: none (the default), better-auth's "user", or "admin". */
  role?: "admin" | "user" | null;
  /** More profile columns (factoryName, locale, avatarUrl, ...). */
  profile?: Partial<typeof schema.profiles.$inferInsert>;
  /** A factory of the person with these columns (named as the person unless given). */
  factory?: Partial<typeof schema.factories.$inferInsert>;
}

export type InsertedPerson = CurrentUser & {
  /** The person's factory, when one was asked for. */
  factoryId: string | null;
};

export async function insertPerson(
  db: Db,
  userType: UserType,
  name: string,
  { role = null, profile, factory }: NewPerson = {},
): Promise<InsertedPerson> {
  const id = randomUUID();
  const email = `${userType}-${id}@example.com`;
  await db.insert(schema.users).values({ id, name, email, emailVerified: true, role });
  await db.insert(schema.profiles).values({ id, userType, name, ...profile });
  const [made] = factory
    ? await db
        .insert(schema.factories)
        .values({ userId: id, name, ...factory })
        .returning({ id: schema.factories.id })
    : [];
  const user = toCurrentUser(
    { id, email, emailVerified: true, role },
    await loadProfileSummary(db, id),
  );
  return { ...user, factoryId: made?.id ?? null };
}

/**
 * Someone who signed up through a form (a production server's), found by address and returned as
 * the services see them: confirmed, without a stored role.
 */
export async function userByEmail(db: Db, email: string): Promise<CurrentUser> {
  const [row] = await db
    .select({ id: schema.users.id, email: schema.users.email })
    .from(schema.users)
    .where(eq(schema.users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return toCurrentUser(
    { id: row.id, email: row.email, emailVerified: true, role: null },
    await loadProfileSummary(db, row.id),
  );
}

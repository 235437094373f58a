/**
 * Own profile: read, save (factory or buyer form), profile picture, and deletion of the whole
 * account. Every function acts on the signed-in user (`actor`) only: no id comes from the
 * client, so nobody can reach another user's rows whatever a request carries.
 */
import { eq, sql } from "drizzle-orm";
import type { AccountHoldings } from "~/domain/account-holdings";
import type { BuyerProfileInput, FactoryProfileInput } from "~/features/factories/schema";
import {
  detachNotifications,
  notifyTendersDeleted,
} from "~/features/notifications/notifications.server";
import type { CurrentUser } from "~/platform/actor.server";
import { type Db, schema } from "~/platform/db.server";
import { accountFiles } from "~/platform/file-columns.server";
import { type FactoryRecord, factoryRecordColumns } from "./factories.server";

export class ForbiddenError extends Error {
  readonly status = 403;
}

export interface ProfileDto {
  userType: string;
  email: string;
  name: string | null;
  phone: string | null;
  whatsappNumber: string | null;
  telegramUrl: string | null;
  instagramUrl: string | null;
  aboutMe: string | null;
  avatarUrl: string | null;
}

export async function loadOwnProfile(
  db: Db,
  actor: CurrentUser,
): Promise<{ profile: ProfileDto; factory: FactoryRecord | null }> {
  const [profile] = await db
    .select({
      userType: schema.profiles.userType,
      name: schema.profiles.name,
      phone: schema.profiles.phone,
      whatsappNumber: schema.profiles.whatsappNumber,
      telegramUrl: schema.profiles.telegramUrl,
      instagramUrl: schema.profiles.instagramUrl,
      aboutMe: schema.profiles.aboutMe,
      avatarUrl: schema.profiles.avatarUrl,
    })
    .from(schema.profiles)
    .where(eq(schema.profiles.id, actor.id));
  const [factory] =
    actor.userType === "factory"
      ? await db
          .select(factoryRecordColumns)
          .from(schema.factories)
          .where(eq(schema.factories.userId, actor.id))
      : [];
  return {
    profile: {
      userType: profile?.userType ?? "buyer",
      email: actor.email,
      name: profile?.name ?? null,
      phone: profile?.phone ?? null,
      whatsappNumber: profile?.whatsappNumber ?? null,
      telegramUrl: profile?.telegramUrl ?? null,
      instagramUrl: profile?.instagramUrl ?? null,
      aboutMe: profile?.aboutMe ?? null,
      avatarUrl: profile?.avatarUrl ?? null,
    },
    factory: factory ?? null,
  };
}

const orNull = <T>(value: T | undefined): T | null => value ?? null;

/**
 * Saves the factory form: the first save creates the factory (one per user), later saves update
 * it; the profile's name and contacts follow. One transaction.
 */
export async function saveFactoryProfile(
  db: Db,
  actor: CurrentUser,
  input: FactoryProfileInput,
): Promise<{ factoryId: string; created: boolean }> {
  if (actor.userType !== "factory") throw new ForbiddenError("not a factory");
  const values = {
    name: input.name,
    description: orNull(input.description),
    nameEn: orNull(input.nameEn),
    descriptionEn: orNull(input.descriptionEn),
    email: orNull(input.email),
    phone: orNull(input.phone),
    website: orNull(input.website),
    instagramUrl: orNull(input.instagramUrl),
    telegramUrl: orNull(input.telegramUrl),
    whatsappNumber: orNull(input.whatsappNumber),
    country: orNull(input.country),
    city: input.country ? orNull(input.city) : null,
    address: orNull(input.address),
    categories: input.categories,
  };
  return db.transaction(async (tx) => {
    const [profile] = await tx
      .update(schema.profiles)
      .set({
        name: input.name,
        factoryName: input.name,
        email: values.email,
        phone: values.phone,
        instagramUrl: values.instagramUrl,
        telegramUrl: values.telegramUrl,
        whatsappNumber: values.whatsappNumber,
        address: values.address,
        updatedAt: new Date(),
      })
      .where(eq(schema.profiles.id, actor.id))
      .returning({ avatarUrl: schema.profiles.avatarUrl });
    const [row] = await tx
      .insert(schema.factories)
      .values({ ...values, userId: actor.id, logoUrl: profile?.avatarUrl ?? null })
      .onConflictDoUpdate({
        target: schema.factories.userId,
        set: { ...values, updatedAt: new Date() },
      })
      .returning({ id: schema.factories.id, created: sql<boolean>`(xmax = 0)` });
    return { factoryId: row?.id as string, created: Boolean(row?.created) };
  });
}

/** Saves the buyer form (any signed-in user who is not a factory). */
export async function saveBuyerProfile(db: Db, actor: CurrentUser, input: BuyerProfileInput) {
  if (actor.userType === "factory") throw new ForbiddenError("factories use the factory form");
  const saved = await db
    .update(schema.profiles)
    .set({
      name: input.name,
      phone: orNull(input.phone),
      whatsappNumber: orNull(input.whatsappNumber),
      telegramUrl: orNull(input.telegramUrl),
      instagramUrl: orNull(input.instagramUrl),
      aboutMe: orNull(input.aboutMe),
      updatedAt: new Date(),
    })
    .where(eq(schema.profiles.id, actor.id))
    .returning({ id: schema.profiles.id });
  // An account always has its profile (sign-up makes both); never report a save of nothing.
  if (saved.length !== 1) throw new ForbiddenError("the account has no profile");
}

/**
 * Sets (or clears) the profile picture: the avatar of a buyer, the logo of a factory (kept on
 * the profile and on the factory). Returns the previous picture so the caller deletes its files.
 */
export async function setProfileImage(
  db: Db,
  actor: CurrentUser,
  url: string | null,
): Promise<string | null> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ avatarUrl: schema.profiles.avatarUrl, logoUrl: schema.factories.logoUrl })
      .from(schema.profiles)
      .leftJoin(schema.factories, eq(schema.factories.userId, schema.profiles.id))
      .where(eq(schema.profiles.id, actor.id))
      .for("update", { of: schema.profiles });
    if (!before) throw new ForbiddenError("the account has no profile");
    await tx
      .update(schema.profiles)
      .set({ avatarUrl: url, updatedAt: new Date() })
      .where(eq(schema.profiles.id, actor.id));
    await tx
      .update(schema.factories)
      .set({ logoUrl: url, updatedAt: new Date() })
      .where(eq(schema.factories.userId, actor.id));
    return before?.logoUrl ?? before?.avatarUrl ?? null;
  });
}

/** The contacts of the account's profile, offered as a new tender's contacts. */
export async function loadProfileContacts(
  db: Db,
  actor: CurrentUser,
): Promise<{ phone: string | null; whatsapp: string | null; telegram: string | null }> {
  const [row] = await db
    .select({
      phone: schema.profiles.phone,
      whatsapp: schema.profiles.whatsappNumber,
      telegram: schema.profiles.telegramUrl,
    })
    .from(schema.profiles)
    .where(eq(schema.profiles.id, actor.id));
  return {
    phone: row?.phone ?? null,
    whatsapp: row?.whatsapp ?? null,
    telegram: row?.telegram ?? null,
  };
}

/** What deleting the account would take with it, for the danger zone to say. */
export async function accountHoldings(db: Db, actor: CurrentUser): Promise<AccountHoldings> {
  const { rows } = await db.execute<{
    factory_name: string | null;
    products: number;
    tenders: number;
    quotes: number;
    conversations: number;
    files: number;
  }>(sql`with going as (
      select id from quotes
      where user_id = ${actor.id} or tender_id in (select id from tenders where user_id = ${actor.id})
    ) select
      (select name from factories where user_id = ${actor.id}) as factory_name,
      (select count(*)::int from factory_products where user_id = ${actor.id}) as products,
      (select count(*)::int from tenders where user_id = ${actor.id}) as tenders,
      (select count(*)::int from going) as quotes,
      (select count(distinct quote_id)::int from quote_messages
        where quote_id in (select id from going)) as conversations,
      (select count(*)::int from (${accountFiles(actor.id)}) files) as files`);
  const row = rows[0];
  return {
    factoryName: row?.factory_name ?? null,
    products: Number(row?.products ?? 0),
    tenders: Number(row?.tenders ?? 0),
    quotes: Number(row?.quotes ?? 0),
    conversations: Number(row?.conversations ?? 0),
    files: Number(row?.files ?? 0),
  };
}

/**
 * Deletes the account and everything that belongs to it in one transaction (the user row
 * cascades to sessions, profile, factory, products and tenders). Returns the stored files that
 * the caller removes once the transaction has committed.
 */
export async function deleteAccount(db: Db, actor: CurrentUser): Promise<string[]> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.execute<{ url: string }>(accountFiles(actor.id));
    // Its tenders go with it: the factories that quoted are told, and nobody's notification
    // keeps a link to what goes (notifications.server.ts).
    const tenders = sql`(select id from tenders where user_id = ${actor.id})`;
    const quotes = sql`(select id from quotes where user_id = ${actor.id} or tender_id in ${tenders})`;
    await detachNotifications(tx, { account: actor.id, tenders, quotes });
    await notifyTendersDeleted(tx, tenders, null);
    const deleted = await tx
      .delete(schema.users)
      .where(eq(schema.users.id, actor.id))
      .returning({ id: schema.users.id });
    if (deleted.length !== 1) throw new Error("account not found");
    return rows.map((r) => r.url);
  });
}

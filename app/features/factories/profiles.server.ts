/**
 * Own profile: read, save (factory or buyer form), profile picture, and deletion of the whole
 * account. Every function acts on the signed-in user (`actor`) only: no id comes from the
 * client, so nobody can reach another user's rows whatever a request carries.
 *
 * The actions' use cases (profileGate, saveProfile, uploadProfileImage, removeProfileImage,
 * deleteOwnAccount) take the use-case context and the posted form and answer an Outcome
 * (problems.ts); the writers below them keep a `(db, actor, …)` shape for tests and the seed, and
 * throw for a caller's mistake (a buyer saving the factory form), which no action can make.
 */

import { eq, sql } from "drizzle-orm";
import type { AccountHoldings } from "~/domain/account-holdings";
import { failures, invalid, type Outcome, ok } from "~/domain/outcome";
import { isCityOf } from "~/domain/reference";
import { PROFILE_PROBLEMS, type ProfileProblem } from "~/features/factories/problems";
import {
  type BuyerProfileInput,
  buyerProfileSchema,
  type FactoryProfileInput,
  factoryProfileSchema,
} from "~/features/factories/schema";
import {
  detachNotifications,
  notifyTendersDeleted,
} from "~/features/notifications/notifications.server";
import { detachOrders } from "~/features/orders/orders.server";
import type { CurrentUser } from "~/platform/actor.server";
import { removeStoredFiles } from "~/platform/attachments.server";
import { type Db, schema } from "~/platform/db.server";
import { accountFiles } from "~/platform/file-columns.server";
import { removeImages, saveUpload, uploadErrorMessage } from "~/platform/storage.server";
import { readFields, type UseCaseContext } from "~/platform/use-case.server";
import { type FactoryRecord, factoryRecordColumns } from "./factories.server";

const fail = failures(PROFILE_PROBLEMS);

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
  if (actor.userType !== "factory") throw new Error("only a factory saves the factory form");
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
  if (actor.userType === "factory") throw new Error("factories use the factory form");
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
  if (saved.length !== 1) throw new Error("the account has no profile");
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
    if (!before) throw new Error("the account has no profile");
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
    // Its orders stay with the other side (decision 032).
    await detachOrders(tx, actor.id);
    await notifyTendersDeleted(tx, tenders, null);
    const deleted = await tx
      .delete(schema.users)
      .where(eq(schema.users.id, actor.id))
      .returning({ id: schema.users.id });
    if (deleted.length !== 1) throw new Error("account not found");
    return rows.map((r) => r.url);
  });
}

// ---------------------------------------------------------------------------------------------
// The profile page's use cases

/**
 * The gate of the profile's actions, before the body is read: sign-up makes an account and its
 * profile together; an account without one changes nothing ("no-profile").
 */
export function profileGate({
  actor,
}: Pick<UseCaseContext, "actor">): Outcome<undefined, ProfileProblem> {
  return actor.profile ? ok() : fail("no-profile");
}

/**
 * Saves the profile's form: the factory form for a factory (its first save creates the factory),
 * the buyer form for anyone else, read in the context's language.
 */
export async function saveProfile(
  context: UseCaseContext,
  { form }: { form: FormData },
): Promise<Outcome<undefined, "invalid">> {
  const { db, actor } = context;
  if (actor.userType === "factory") {
    await dropLeftBehindCity(db, actor, form);
    const read = readFields(context, factoryProfileSchema, form);
    if (!read.ok) return read;
    await saveFactoryProfile(db, actor, read.value);
    return ok();
  }
  const read = readFields(context, buyerProfileSchema, form);
  if (!read.ok) return read;
  await saveBuyerProfile(db, actor, read.value);
  return ok();
}

/**
 * Changing the country clears the city (the app does it as the country is chosen). Without
 * JavaScript the city select keeps the stored city of the old country; that city is dropped here
 * rather than refused, so the change of country saves at once. A city chosen anew is checked.
 */
async function dropLeftBehindCity(db: Db, actor: CurrentUser, form: FormData) {
  const country = form.get("country");
  const city = form.get("city");
  if (typeof city !== "string" || !city || typeof country !== "string") return;
  if (isCityOf(country, city)) return;
  const { factory } = await loadOwnProfile(db, actor);
  if (factory?.city === city && factory.country !== country) form.set("city", "");
}

/**
 * Stores the form's `image` as the profile picture (a factory's logo, anyone else's avatar) and
 * removes the previous one; a refused file is an "invalid" image in the context's language, and
 * the stored file goes again when the profile is not changed.
 */
export async function uploadProfileImage(
  { db, storage, actor, locale }: UseCaseContext,
  { form }: { form: FormData },
): Promise<Outcome<undefined, "invalid">> {
  const saved = await saveUpload(storage, form.get("image"), {
    folder: actor.userType === "factory" ? "logos" : "avatars",
  });
  if (!saved.ok) return invalid({ image: [uploadErrorMessage(saved.reason, locale)] });
  let previous: string | null;
  try {
    previous = await setProfileImage(db, actor, saved.url);
  } catch (error) {
    await removeImages(storage, [saved.url]);
    throw error;
  }
  if (previous) await removeImages(storage, [previous]);
  return ok();
}

/** Takes the profile picture off and removes its files. */
export async function removeProfileImage({
  db,
  storage,
  actor,
}: UseCaseContext): Promise<Outcome<undefined>> {
  const previous = await setProfileImage(db, actor, null);
  if (previous) await removeImages(storage, [previous]);
  return ok();
}

/**
 * Deletes the actor's account (deleteAccount), then its stored files (pictures and private
 * attachments alike, removeStoredFiles). A failed deletion changes nothing
 * and is "deletion-failed": the database's own words (its SQL, its parameters) stay in the log,
 * the page says it in ours.
 */
export async function deleteOwnAccount({
  db,
  storage,
  actor,
}: UseCaseContext): Promise<Outcome<undefined, ProfileProblem>> {
  let files: string[];
  try {
    files = await deleteAccount(db, actor);
  } catch (error) {
    console.error("[profile] deletion failed:", error);
    return fail("deletion-failed");
  }
  await removeStoredFiles(storage, files).catch((error) =>
    console.error("[profile] files left after deletion:", error),
  );
  return ok();
}

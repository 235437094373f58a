/**
 * The admin area (issue 6): the user list and details, factory verification (the direct mark and
 * the decision on a factory's request) and moderation.
 *
 * Every function takes the acting user and refuses anyone who is not an admin itself (a 403
 * response is thrown: the routes let only admins in, so another caller is a bug), whatever the
 * route already checked: admin is a role checked on the server
 * (docs/guides/permissions.md). Blocking sets users.banned (better-auth's admin plugin columns) and
 * deletes the user's sessions; the public queries hide a blocked owner's content
 * (app/platform/visibility.server.ts; for a factory, a trigger clears factories.listed in the same
 * statement, migration 0008); nothing is deleted.
 */
import { and, count, desc, eq, ilike, ne, or, type SQL, sql } from "drizzle-orm";
import { displayName } from "~/domain/display-name";
import { failures, type Outcome, ok } from "~/domain/outcome";
import { hasInvalidChars } from "~/domain/schemas/base";
import { cleanSearchText, containsPattern } from "~/domain/search-text";
import { insertNotifications } from "~/features/notifications/notifications.server";
import { verificationDecisionSchema } from "~/features/verification/schema";
import { closeOpenRequest, decisionNotice } from "~/features/verification/verification.server";
import { assertAdmin, type CurrentUser } from "~/platform/actor.server";
import { type Db, schema } from "~/platform/db.server";
import { isUuid } from "~/platform/ids.server";
import { type Page, readPage } from "~/platform/pagination.server";
import { readFields, type UseCaseContext } from "~/platform/use-case.server";
import {
  ADMIN_PROBLEMS,
  type AdminProblem,
  VERIFICATION_DECISION_PROBLEMS,
  type VerificationDecisionProblem,
} from "./problems";

export const ADMIN_PAGE_SIZE = 25;
export const ADMIN_USER_TYPES = ["all", "buyer", "factory"] as const;
export type AdminUserType = (typeof ADMIN_USER_TYPES)[number];

const fail = failures(ADMIN_PROBLEMS);
const failDecision = failures(VERIFICATION_DECISION_PROBLEMS);
const factories = schema.factories;

export interface AdminUserRow {
  id: string;
  name: string;
  email: string;
  userType: string | null;
  createdAt: Date;
  blocked: boolean;
  isAdmin: boolean;
}

export interface AdminUserList extends Page<AdminUserRow> {
  filters: { type: AdminUserType; q: string };
}

export function adminTypeOf(value: unknown): AdminUserType {
  return ADMIN_USER_TYPES.includes(value as AdminUserType) ? (value as AdminUserType) : "all";
}

/**
 * A note or reason as stored: trimmed, cut to `max` (never inside a surrogate pair), null when
 * empty; undefined (refused) with control characters or broken Unicode (PostgreSQL cannot store
 * NUL).
 */
function adminText(value: string, max: number): string | null | undefined {
  const trimmed = value.trim();
  if (hasInvalidChars(trimmed)) return undefined;
  const cut = trimmed.slice(0, max);
  return (/[\uD800-\uDBFF]$/.test(cut) ? cut.slice(0, -1) : cut) || null;
}

/** A user id as better-auth makes them; anything else (NUL, megabytes) matches no one. */
const plausibleUserId = (id: string) => id.length > 0 && id.length <= 200 && !hasInvalidChars(id);

/** Users newest first, 25 a page, filtered by type and by a name or email fragment. */
export async function listUsers(
  db: Db,
  actor: CurrentUser | null,
  input: { type?: unknown; q?: unknown; page?: unknown } = {},
): Promise<AdminUserList> {
  assertAdmin(actor);
  const users = schema.users;
  const profiles = schema.profiles;
  const type = adminTypeOf(input.type);
  const search = cleanSearchText(input.q, 200);
  const conditions: SQL[] = [];
  if (type !== "all") conditions.push(eq(profiles.userType, type));
  if (search) {
    const pattern = containsPattern(search);
    conditions.push(
      or(
        ilike(users.email, pattern),
        ilike(users.name, pattern),
        ilike(profiles.name, pattern),
        ilike(profiles.nickname, pattern),
        ilike(profiles.factoryName, pattern),
        ilike(profiles.businessName, pattern),
      ) as SQL,
    );
  }
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [{ total }] = (await db
    .select({ total: count() })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(where)) as [{ total: number }];
  const list = await readPage(
    total,
    String(input.page ?? ""),
    ADMIN_PAGE_SIZE,
    async ({ offset, pageSize }) => {
      const rows = await db
        .select({
          id: users.id,
          email: users.email,
          userName: users.name,
          role: users.role,
          banned: users.banned,
          createdAt: users.createdAt,
          userType: profiles.userType,
          name: profiles.name,
          nickname: profiles.nickname,
          factoryName: profiles.factoryName,
          businessName: profiles.businessName,
        })
        .from(users)
        .leftJoin(profiles, eq(profiles.id, users.id))
        .where(where)
        .orderBy(desc(users.createdAt), desc(users.id))
        .limit(pageSize)
        .offset(offset);
      return rows.map((row): AdminUserRow => {
        const profile = row.userType
          ? {
              userType: row.userType,
              name: row.name,
              nickname: row.nickname,
              factoryName: row.factoryName,
              businessName: row.businessName,
            }
          : null;
        return {
          id: row.id,
          name: profile ? displayName({ email: row.email, profile }) : row.userName || row.email,
          email: row.email,
          userType: row.userType ?? null,
          createdAt: row.createdAt,
          blocked: row.banned === true,
          isAdmin: row.role === "admin",
        };
      });
    },
  );
  return { ...list, filters: { type, q: search } };
}

export interface AdminFactoryDetail {
  id: string;
  name: string;
  description: string | null;
  phone: string | null;
  email: string | null;
  website: string | null;
  instagramUrl: string | null;
  whatsappNumber: string | null;
  country: string | null;
  city: string | null;
  categories: string[];
  productCount: number;
  portfolioHref: string;
  verified: boolean;
  verifiedAt: Date | null;
  verificationNote: string | null;
}

export interface AdminUserDetail {
  id: string;
  name: string;
  email: string;
  userType: string | null;
  isAdmin: boolean;
  createdAt: Date;
  blocked: boolean;
  banReason: string | null;
  phone: string | null;
  instagramUrl: string | null;
  whatsappNumber: string | null;
  about: string | null;
  /** For a factory user: the factory profile, or null when not filled yet. */
  factory: AdminFactoryDetail | null;
}

/** One user's details for the dialog, or null. */
export async function getUserDetail(
  db: Db,
  actor: CurrentUser | null,
  userId: string | null | undefined,
): Promise<AdminUserDetail | null> {
  assertAdmin(actor);
  if (!userId || !plausibleUserId(userId)) return null;
  const [row] = await db
    .select({ user: schema.users, profile: schema.profiles })
    .from(schema.users)
    .leftJoin(schema.profiles, eq(schema.profiles.id, schema.users.id))
    .where(eq(schema.users.id, userId));
  if (!row) return null;
  const { user, profile } = row;
  const isAdmin = user.role === "admin";
  let factory: AdminFactoryDetail | null = null;
  if (profile?.userType === "factory") {
    const [found] = await db
      .select()
      .from(schema.factories)
      .where(eq(schema.factories.userId, user.id));
    if (found) {
      const productCount = await db.$count(
        schema.factoryProducts,
        eq(schema.factoryProducts.factoryId, found.id),
      );
      factory = {
        id: found.id,
        name: found.name,
        description: found.description,
        phone: found.phone,
        email: found.email,
        website: found.website,
        instagramUrl: found.instagramUrl,
        whatsappNumber: found.whatsappNumber,
        country: found.country,
        city: found.city,
        categories: found.categories,
        productCount,
        portfolioHref: `/factory-products/${found.id}`,
        verified: found.verifiedAt !== null,
        verifiedAt: found.verifiedAt,
        verificationNote: found.verificationNote,
      };
    }
  }
  return {
    id: user.id,
    name: profile ? displayName({ email: user.email, profile }) : user.name || user.email,
    email: user.email,
    userType: profile?.userType ?? null,
    isAdmin,
    createdAt: user.createdAt,
    blocked: user.banned === true,
    banReason: user.banReason,
    phone: profile?.phone ?? null,
    instagramUrl: profile?.instagramUrl ?? null,
    whatsappNumber: profile?.whatsappNumber ?? null,
    about: profile?.aboutMe ?? null,
    factory,
  };
}

/** A posted field as text ("" when absent). */
const field = (form: FormData, name: string) => String(form.get(name) ?? "");

/**
 * Marks a factory verified (with a note) or revokes it: the form's `factoryId` and `note`.
 * As the request flow does (verification.server.ts): verifying decides the factory's open
 * request, and the factory is told when its mark comes or goes.
 */
export async function setFactoryVerified(
  context: UseCaseContext,
  input: { verified: boolean; form: FormData },
): Promise<Outcome<{ verified: boolean }, AdminProblem>> {
  const { db, actor } = context;
  assertAdmin(actor);
  const { verified, form } = input;
  const factoryId = field(form, "factoryId");
  if (!isUuid(factoryId)) return fail("not-found");
  const cleanNote = adminText(field(form, "note"), 1000);
  if (cleanNote === undefined) return fail("note-invalid");
  const found = await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ userId: factories.userId, verifiedAt: factories.verifiedAt })
      .from(factories)
      .where(eq(factories.id, factoryId))
      .for("update");
    if (!current) return false;
    const now = new Date();
    await tx
      .update(factories)
      .set({
        verifiedAt: verified ? (current.verifiedAt ?? now) : null,
        verifiedBy: actor.id,
        verificationNote: cleanNote,
      })
      .where(eq(factories.id, factoryId));
    const changed = verified === (current.verifiedAt === null);
    if (verified) await closeOpenRequest(tx, factoryId, actor.id, cleanNote, now);
    if (changed) {
      const kind = verified ? "factory-verified" : "verification-revoked";
      await insertNotifications(tx, [
        decisionNotice({ factoryId, userId: current.userId }, kind, actor.id, cleanNote),
      ]);
    }
    return true;
  });
  return found ? ok({ verified }) : fail("not-found");
}

/**
 * Blocks a user (the form's `userId`, with its `reason`): banned with the reason, and every
 * session deleted so they are signed out at once. An admin cannot block themself or another admin.
 */
export async function blockUser(
  context: UseCaseContext,
  input: { form: FormData },
): Promise<Outcome<undefined, AdminProblem>> {
  const { db, actor } = context;
  assertAdmin(actor);
  const userId = field(input.form, "userId");
  if (actor.id === userId) return fail("cannot-block-self");
  if (!plausibleUserId(userId)) return fail("not-found");
  const banReason = adminText(field(input.form, "reason"), 500);
  if (banReason === undefined) return fail("reason-invalid");
  const users = schema.users;
  const [target] = await db.select({ role: users.role }).from(users).where(eq(users.id, userId));
  if (!target) return fail("not-found");
  if (target.role === "admin") return fail("cannot-block-admin");
  await db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({
        banned: true,
        banReason,
        banExpires: null,
      })
      .where(and(eq(users.id, userId), or(ne(users.role, "admin"), sql`${users.role} is null`)));
    await tx.delete(schema.sessions).where(eq(schema.sessions.userId, userId));
  });
  return ok();
}

/** Lifts a block (the form's `userId`); the user can sign in again and their content is public. */
export async function unblockUser(
  context: UseCaseContext,
  input: { form: FormData },
): Promise<Outcome<undefined, AdminProblem>> {
  const { db, actor } = context;
  assertAdmin(actor);
  const userId = field(input.form, "userId");
  if (!plausibleUserId(userId)) return fail("not-found");
  const updated = await db
    .update(schema.users)
    .set({ banned: false, banReason: null, banExpires: null })
    .where(eq(schema.users.id, userId))
    .returning({ id: schema.users.id });
  return updated.length > 0 ? ok() : fail("not-found");
}

/**
 * An admin's decision on a factory's open verification request (the posted form: `requestId`,
 * `decision`, `note`): verify (the factory gets the badge) or refuse (a note says why). The
 * factory is told, with the note (app/features/verification/verification.server.ts keeps the
 * requests). 'not-found' for an unknown or decided request, or a form that names none; 'invalid'
 * when the note breaks the form's rules.
 */
export async function decideVerification(
  context: UseCaseContext,
  input: { form: FormData },
): Promise<
  Outcome<{ factoryId: string; decision: "verified" | "refused" }, VerificationDecisionProblem>
> {
  const { db, actor } = context;
  assertAdmin(actor);
  const fields = readFields(context, verificationDecisionSchema, input.form);
  if (!fields.ok) {
    // A form that names no request or no decision has nothing to decide.
    const errors = fields.fieldErrors ?? {};
    return errors.requestId || errors.decision ? failDecision("not-found") : fields;
  }
  const { requestId, decision } = fields.value;
  const note = fields.value.note ?? null;
  if (!isUuid(requestId)) return failDecision("not-found");
  const requests = schema.verificationRequests;
  return db.transaction(async (tx) => {
    const now = new Date();
    const [decided] = await tx
      .update(requests)
      .set({ status: decision, decidedAt: now, decidedBy: actor.id, decisionNote: note })
      .where(and(eq(requests.id, requestId), eq(requests.status, "pending")))
      .returning({ factoryId: requests.factoryId, userId: requests.userId });
    if (!decided) return failDecision("not-found");
    if (decision === "verified") {
      await tx
        .update(factories)
        .set({ verifiedAt: now, verifiedBy: actor.id, verificationNote: note })
        .where(eq(factories.id, decided.factoryId));
    }
    const kind = decision === "verified" ? "factory-verified" : "verification-refused";
    await insertNotifications(tx, [decisionNotice(decided, kind, actor.id, note)]);
    return ok({ factoryId: decided.factoryId, decision });
  });
}

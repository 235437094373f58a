/**
 * A factory's verification (issue 26, item 11): the factory asks for the check with documents,
 * an admin verifies or refuses it with a note, both sides are told.
 *
 * - One open ('pending') request per factory at a time: a partial unique index keeps it so
 *   whatever two requests race. A verified factory cannot ask; a refused (or revoked) one may ask
 *   again. Decided requests stay as the history.
 * - The documents are private attachments (app/platform/attachments.server.ts): stored before the
 *   row that names them and removed again when it is not written (withStoredFiles, in the factory's
 *   use case sendVerificationRequest);
 *   only the factory's owner and admins may fetch them (app/routes/verification-documents.ts).
 * - Verifying sets factories.verified_at / verified_by / verification_note, which the badge and
 *   the directory's 'verified' filter read (the directory's count triggers follow the column).
 * - Notifications in the writing transaction: every admin is told of a new request, the factory
 *   of the decision (with the note); the mail worker sends the letters.
 *
 * The admin's decision on a request (admin.server.ts decideVerification) and the direct verify /
 * revoke (setFactoryVerified, which decides an open request too) tell the factory, so both ways
 * agree.
 */
import { and, asc, count, desc, eq, ne, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { type Attachment, isEmptyFileInput } from "~/domain/attachments";
import { verification as verificationMessages } from "~/domain/catalogue";
import { MAX_VERIFICATION_DOCUMENTS } from "~/domain/limits";
import { DEFAULT_LOCALE } from "~/domain/locale";
import { failures, invalid, type Outcome, ok } from "~/domain/outcome";
import { isAttachmentKey } from "~/domain/uploads";
import { insertNotifications } from "~/features/notifications/notifications.server";
import { VERIFICATION_PROBLEMS, type VerificationProblem } from "~/features/verification/problems";
import { verificationRequestSchema } from "~/features/verification/schema";
import { assertAdmin, type CurrentUser } from "~/platform/actor.server";
import {
  assertStoredAttachments,
  removeAttachments,
  storeAttachments,
} from "~/platform/attachments.server";
import { type Db, type DbOrTx, schema } from "~/platform/db.server";
import { accountDisplayName } from "~/platform/display-names.server";
import { isUuid } from "~/platform/ids.server";
import { type Page, readPage } from "~/platform/pagination.server";
import { withStoredFiles } from "~/platform/stored-files.server";
import { readFields, type UseCaseContext } from "~/platform/use-case.server";
import { checkFields, type InvalidFields } from "~/platform/validation.server";
import type { VerificationStatus } from "~db/schema";

const requests = schema.verificationRequests;
const factories = schema.factories;

/** Why a request or a decision was refused (problems.ts); the page words it (`verification.problems`). */
export type { VerificationProblem };

const fail = failures(VERIFICATION_PROBLEMS);

export type VerificationOutcome<T> =
  | { ok: true; value: T }
  | { ok: false; problem: VerificationProblem }
  | InvalidFields;

/** A request's own fields, as the factory and the admins see them. */
export interface VerificationRequestView {
  id: string;
  status: VerificationStatus;
  message: string | null;
  documents: Attachment[];
  createdAt: Date;
  decidedAt: Date | null;
  decisionNote: string | null;
}

/** Where a factory stands. */
export type VerificationState =
  | { status: "none" }
  | { status: "pending"; since: Date }
  | { status: "verified"; at: Date; note: string | null }
  | { status: "refused"; at: Date; note: string | null }
  | { status: "revoked"; note: string | null };

export interface OwnVerification {
  factoryId: string;
  state: VerificationState;
  /** The latest request (open or decided), with its documents; null before the first. */
  latest: VerificationRequestView | null;
  /** Whether the factory may send a request now. */
  canRequest: boolean;
}

const requestColumns = {
  id: requests.id,
  status: requests.status,
  message: requests.message,
  documents: requests.documents,
  createdAt: requests.createdAt,
  decidedAt: requests.decidedAt,
  decisionNote: requests.decisionNote,
};

/** The state of a factory from its columns and its latest request. */
export function verificationStateOf(
  factory: { verifiedAt: Date | null; verifiedBy: string | null; verificationNote: string | null },
  latest: Pick<
    VerificationRequestView,
    "status" | "createdAt" | "decidedAt" | "decisionNote"
  > | null,
): VerificationState {
  if (factory.verifiedAt) {
    return { status: "verified", at: factory.verifiedAt, note: factory.verificationNote };
  }
  if (latest?.status === "pending") return { status: "pending", since: latest.createdAt };
  if (latest?.status === "refused") {
    return {
      status: "refused",
      at: latest.decidedAt ?? latest.createdAt,
      note: latest.decisionNote,
    };
  }
  // Verified once (by a request or directly), then the mark was taken off.
  if (latest?.status === "verified" || factory.verifiedBy) {
    return { status: "revoked", note: factory.verificationNote };
  }
  return { status: "none" };
}

/** The signed-in factory's verification, or null when it has no factory record. */
export async function ownVerification(
  db: Db,
  actor: Pick<CurrentUser, "id" | "userType">,
): Promise<OwnVerification | null> {
  if (actor.userType !== "factory") return null;
  const [factory] = await db
    .select({
      id: factories.id,
      verifiedAt: factories.verifiedAt,
      verifiedBy: factories.verifiedBy,
      verificationNote: factories.verificationNote,
    })
    .from(factories)
    .where(eq(factories.userId, actor.id));
  if (!factory) return null;
  const [latest] = await db
    .select(requestColumns)
    .from(requests)
    .where(and(eq(requests.factoryId, factory.id), eq(requests.userId, actor.id)))
    .orderBy(desc(requests.createdAt), desc(requests.id))
    .limit(1);
  const state = verificationStateOf(factory, latest ?? null);
  return {
    factoryId: factory.id,
    state,
    latest: latest ?? null,
    canRequest: state.status !== "verified" && state.status !== "pending",
  };
}

/** The admins (not blocked) who are told of a new request, but not the one who sent it. */
async function adminIds(tx: DbOrTx, except: string): Promise<string[]> {
  const rows = await tx
    .select({ id: schema.users.id })
    .from(schema.users)
    .where(
      and(
        eq(schema.users.role, "admin"),
        sql`${schema.users.banned} is not true`,
        ne(schema.users.id, except),
      ),
    );
  return rows.map((row) => row.id);
}

/**
 * The gate of the factory dashboard's actions, before the body is read: only a factory account
 * asks to be verified ("no-factory" for anyone else).
 */
export function verificationGate({
  actor,
}: Pick<UseCaseContext, "actor">): Outcome<undefined, VerificationProblem> {
  return actor.userType === "factory" ? ok() : fail("no-factory");
}

/**
 * The factory's request from its dashboard's form: the note is read in the context's language, at
 * least one document is asked for, the documents are stored as private attachments, then the
 * request is written (requestVerification); when it is not, the stored documents go again.
 */
export async function sendVerificationRequest(
  context: UseCaseContext,
  { form }: { form: FormData },
): Promise<Outcome<{ id: string }, VerificationProblem | "invalid">> {
  const { db, storage, actor, locale } = context;
  const read = readFields(context, verificationRequestSchema, form);
  if (!read.ok) return read;
  const documents = form.getAll("documents");
  const given = (file: FormDataEntryValue) =>
    typeof file === "string" ? file !== "" : !isEmptyFileInput(file);
  if (!documents.some(given)) {
    return invalid({ documents: [verificationMessages[locale].form.documentsRequired] });
  }
  const saved = await withStoredFiles(
    () => storeAttachments(storage, documents, locale),
    ({ attachments }) => requestVerification(db, actor, read.value, attachments),
    ({ attachments }) => removeAttachments(storage, attachments),
  );
  if (!saved.stored) return invalid({ documents: saved.refused.errors });
  return saved.written;
}

/**
 * Sends the factory's request with its documents, already stored (the caller removes them when
 * this refuses or throws). At least one document; the note is optional. Refused when the account
 * has no factory, the factory is verified, or a request is already open.
 */
export async function requestVerification(
  db: Db,
  actor: Pick<CurrentUser, "id" | "userType">,
  input: unknown,
  documents: readonly Attachment[],
): Promise<Outcome<{ id: string }, VerificationProblem | "invalid">> {
  const fields = checkFields(verificationRequestSchema, input, "documents");
  if (!fields.ok) return invalid(fields.fieldErrors);
  if (documents.length === 0) {
    const t = verificationMessages[DEFAULT_LOCALE].form;
    return invalid({ documents: [t.documentsRequired] });
  }
  if (documents.length > MAX_VERIFICATION_DOCUMENTS) return fail("too-many-documents");
  assertStoredAttachments("verification", documents);
  if (actor.userType !== "factory") return fail("no-factory");
  return db.transaction(async (tx) => {
    // A blocked owner's factory is hidden everywhere: it has nothing to ask for.
    const [factory] = await tx
      .select({ id: factories.id, verifiedAt: factories.verifiedAt })
      .from(factories)
      .innerJoin(schema.users, eq(schema.users.id, factories.userId))
      .where(and(eq(factories.userId, actor.id), sql`${schema.users.banned} is not true`))
      .for("update", { of: factories });
    if (!factory) return fail("no-factory");
    if (factory.verifiedAt) return fail("already-verified");
    // The partial unique index on open requests decides a race between two requests.
    const [row] = await tx
      .insert(requests)
      .values({
        factoryId: factory.id,
        userId: actor.id,
        message: fields.value.message ?? null,
        documents: [...documents],
      })
      .onConflictDoNothing()
      .returning({ id: requests.id });
    if (!row) return fail("already-pending");
    await insertNotifications(
      tx,
      (await adminIds(tx, actor.id)).map((userId) => ({
        userId,
        kind: "verification-requested" as const,
        actorId: actor.id,
        tenderId: null,
        quoteId: null,
        tenderTitle: null,
        factoryId: factory.id,
      })),
    );
    return ok({ id: row.id });
  });
}

/** The factory's notification of a decision about it. */
export function decisionNotice(
  factory: { factoryId: string; userId: string },
  kind: "factory-verified" | "verification-refused" | "verification-revoked",
  adminId: string,
  note: string | null,
) {
  return {
    userId: factory.userId,
    kind,
    actorId: adminId,
    tenderId: null,
    quoteId: null,
    tenderTitle: null,
    factoryId: factory.factoryId,
    note,
  };
}

/**
 * Closes the factory's open request as verified (the admin's direct verify), so the queue and
 * the factory's page agree with the mark.
 */
export async function closeOpenRequest(
  tx: DbOrTx,
  factoryId: string,
  adminId: string,
  note: string | null,
  at: Date,
): Promise<void> {
  await tx
    .update(requests)
    .set({ status: "verified", decidedAt: at, decidedBy: adminId, decisionNote: note })
    .where(and(eq(requests.factoryId, factoryId), eq(requests.status, "pending")));
}

// ---------------------------------------------------------------------------------------------
// The admins' queue and history

export const VERIFICATION_HISTORY_PAGE_SIZE = 20;
/** Open requests shown at once (oldest first); more wait for the next look. */
export const VERIFICATION_QUEUE_LIMIT = 50;

export interface AdminVerificationRow extends VerificationRequestView {
  factoryId: string;
  factoryName: string;
  factoryNameEn: string | null;
  ownerId: string;
  ownerEmail: string;
  /** The factory's verification mark now. */
  factoryVerified: boolean;
  /** Who decided (a deleted admin: null). */
  decidedBy: string | null;
}

export interface AdminVerifications {
  open: AdminVerificationRow[];
  openCount: number;
  history: Page<AdminVerificationRow>;
}

const decider = alias(schema.users, "decider");
const deciderProfile = alias(schema.profiles, "decider_profile");

const adminRowColumns = {
  ...requestColumns,
  factoryId: factories.id,
  factoryName: factories.name,
  factoryNameEn: factories.nameEn,
  factoryVerifiedAt: factories.verifiedAt,
  ownerId: schema.users.id,
  ownerEmail: schema.users.email,
  deciderEmail: decider.email,
  deciderProfile: {
    userType: deciderProfile.userType,
    name: deciderProfile.name,
    nickname: deciderProfile.nickname,
    factoryName: deciderProfile.factoryName,
    businessName: deciderProfile.businessName,
  },
};

function adminRows(db: Db, where: SQL) {
  return db
    .select(adminRowColumns)
    .from(requests)
    .innerJoin(factories, eq(factories.id, requests.factoryId))
    .innerJoin(schema.users, eq(schema.users.id, requests.userId))
    .leftJoin(decider, eq(decider.id, requests.decidedBy))
    .leftJoin(deciderProfile, eq(deciderProfile.id, requests.decidedBy))
    .where(where);
}

function toAdminRow(row: Awaited<ReturnType<typeof adminRows>>[number]): AdminVerificationRow {
  const { factoryVerifiedAt, deciderEmail, deciderProfile: profile, ...rest } = row;
  return {
    ...rest,
    documents: Array.isArray(rest.documents) ? rest.documents : [],
    factoryVerified: factoryVerifiedAt !== null,
    decidedBy: deciderEmail ? accountDisplayName(deciderEmail, profile) : null,
  };
}

/** The open requests (oldest first) and a page of decided ones (newest first). Admins only. */
export async function listVerifications(
  db: Db,
  actor: CurrentUser | null,
  { page }: { page?: string | number | null } = {},
): Promise<AdminVerifications> {
  assertAdmin(actor);
  const pending = eq(requests.status, "pending");
  const decided = ne(requests.status, "pending");
  const [[openTotal], [decidedTotal]] = await Promise.all([
    db.select({ n: count() }).from(requests).where(pending),
    db.select({ n: count() }).from(requests).where(decided),
  ]);
  const open = await adminRows(db, pending)
    .orderBy(asc(requests.createdAt), asc(requests.id))
    .limit(VERIFICATION_QUEUE_LIMIT);
  const history = await readPage(
    decidedTotal?.n ?? 0,
    page,
    VERIFICATION_HISTORY_PAGE_SIZE,
    async ({ offset, pageSize }) =>
      (
        await adminRows(db, decided)
          .orderBy(desc(requests.decidedAt), desc(requests.id))
          .limit(pageSize)
          .offset(offset)
      ).map(toAdminRow),
  );
  return { open: open.map(toAdminRow), openCount: Number(openTotal?.n ?? 0), history };
}

/** How many requests wait for a decision (the admin area's link). Admins only. */
export async function openVerificationCount(db: Db, actor: CurrentUser | null): Promise<number> {
  assertAdmin(actor);
  return db.$count(requests, eq(requests.status, "pending"));
}

// ---------------------------------------------------------------------------------------------
// The documents

/**
 * The document `file` of a request when `viewer` is the factory's owner who sent it or an admin;
 * null otherwise (a visitor, another account, an unknown request or file, another request's file).
 */
export async function findVerificationDocument(
  db: Db,
  viewer: Pick<CurrentUser, "id" | "isAdmin"> | null,
  requestId: string | null | undefined,
  file: string | null | undefined,
): Promise<Attachment | null> {
  if (!viewer || !isUuid(requestId)) return null;
  const key = `attachments/${file ?? ""}`;
  if (!isAttachmentKey(key) || key.endsWith("-thumb.webp")) return null;
  const [row] = await db
    .select({ documents: requests.documents })
    .from(requests)
    .where(
      and(
        eq(requests.id, requestId),
        viewer.isAdmin ? undefined : eq(requests.userId, viewer.id),
        sql`${requests.documents} @> ${JSON.stringify([{ url: key }])}::jsonb`,
      ),
    )
    .limit(1);
  return row?.documents.find((document) => document.url === key) ?? null;
}

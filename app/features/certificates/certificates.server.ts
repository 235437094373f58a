/**
 * A factory's certificates (issue 29): the factory adds a certification with its certificate
 * file (and an optional last day of validity), replaces the file or removes the certificate; an
 * admin verifies or rejects a pending one with a note; every decision is kept
 * (certificate_decisions) as the certificate's history, and the factory is told.
 *
 * - One row per factory and certification (a unique index decides a race); a new file sends the
 *   certificate back to 'pending' and clears the last decision's note.
 * - The file is a private attachment (app/features/quotes/attachments.server.ts): stored before
 *   the row that names it, removed again when the row is not written, and the replaced one after
 *   the new one is written. Only the factory's owner and admins may fetch it
 *   (app/routes/certificate-files.ts).
 * - Buyers see only verified certificates whose last day has not passed (publicCertifications).
 * - Ownership is in each statement (the factory of the actor, whose account is not blocked); the
 *   admin's role is checked by each admin use case.
 */
import { and, asc, count, desc, eq, inArray, ne, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { type Attachment, isEmptyFileInput } from "~/domain/attachments";
import {
  attachments as attachmentMessages,
  certificates as certificateMessages,
} from "~/domain/catalogue";
import { type Outcome, ok } from "~/domain/outcome";
import { isAttachmentKey } from "~/domain/uploads";
import { insertNotifications } from "~/features/notifications/notifications.server";
import type { CurrentUser } from "~/platform/actor.server";
import { removeAttachments, storeAttachments } from "~/platform/attachments.server";
import { type Db, type DbOrTx, isDatabaseUnreachable, schema } from "~/platform/db.server";
import { accountDisplayName } from "~/platform/display-names.server";
import { isUuid } from "~/platform/ids.server";
import { type Page, readPage } from "~/platform/pagination.server";
import { withStoredFiles } from "~/platform/stored-files.server";
import { readFields, type UseCaseContext } from "~/platform/use-case.server";
import type { CertificateStatus, Certification } from "~db/schema";
import { type CertificateProblem, certificateFailure as fail } from "./problems";
import {
  certificateDecisionSchema,
  newCertificateSchema,
  replaceCertificateSchema,
  today,
} from "./schema";

const certificates = schema.factoryCertificates;
const decisions = schema.certificateDecisions;
const factories = schema.factories;

/** One admin decision, as the history shows it. */
export interface CertificateDecisionView {
  id: string;
  status: "verified" | "rejected";
  note: string | null;
  createdAt: Date;
  /** The admin's display name; null once that account is deleted. */
  admin: string | null;
}

/** A certificate as its owner and the admins see it. */
export interface CertificateView {
  id: string;
  certification: Certification;
  file: Attachment | null;
  validUntil: Date | null;
  status: CertificateStatus;
  note: string | null;
  decidedAt: Date | null;
  updatedAt: Date;
  /** Every decision, newest first. */
  history: CertificateDecisionView[];
}

const certificateColumns = {
  id: certificates.id,
  certification: certificates.certification,
  file: certificates.file,
  validUntil: certificates.validUntil,
  status: certificates.status,
  note: certificates.note,
  decidedAt: certificates.decidedAt,
  updatedAt: certificates.updatedAt,
};

type CertificateRow = {
  id: string;
  certification: Certification;
  file: Attachment[];
  validUntil: Date | null;
  status: CertificateStatus;
  note: string | null;
  decidedAt: Date | null;
  updatedAt: Date;
};

const deciderProfile = alias(schema.profiles, "decider_profile");

/** The decisions on these certificates, newest first, by certificate. */
async function historyOf(
  db: DbOrTx,
  ids: readonly string[],
): Promise<Map<string, CertificateDecisionView[]>> {
  const byCertificate = new Map<string, CertificateDecisionView[]>();
  if (ids.length === 0) return byCertificate;
  const rows = await db
    .select({
      id: decisions.id,
      certificateId: decisions.certificateId,
      status: decisions.status,
      note: decisions.note,
      createdAt: decisions.createdAt,
      adminEmail: schema.users.email,
      profile: {
        userType: deciderProfile.userType,
        name: deciderProfile.name,
        nickname: deciderProfile.nickname,
        factoryName: deciderProfile.factoryName,
        businessName: deciderProfile.businessName,
      },
    })
    .from(decisions)
    .leftJoin(schema.users, eq(schema.users.id, decisions.adminId))
    .leftJoin(deciderProfile, eq(deciderProfile.id, decisions.adminId))
    .where(inArray(decisions.certificateId, [...ids]))
    .orderBy(desc(decisions.createdAt), desc(decisions.id));
  for (const row of rows) {
    const list = byCertificate.get(row.certificateId) ?? [];
    list.push({
      id: row.id,
      status: row.status,
      note: row.note,
      createdAt: row.createdAt,
      admin: row.adminEmail ? accountDisplayName(row.adminEmail, row.profile) : null,
    });
    byCertificate.set(row.certificateId, list);
  }
  return byCertificate;
}

function toView(row: CertificateRow, history: Map<string, CertificateDecisionView[]>) {
  return {
    ...row,
    file: Array.isArray(row.file) ? (row.file[0] ?? null) : null,
    history: history.get(row.id) ?? [],
  } satisfies CertificateView;
}

/** The actor's factory when its account may act (a factory account, not blocked). */
async function ownFactory(
  db: DbOrTx,
  actor: Pick<CurrentUser, "id" | "userType">,
): Promise<{ id: string; name: string } | null> {
  if (actor.userType !== "factory") return null;
  const [factory] = await db
    .select({ id: factories.id, name: factories.name })
    .from(factories)
    .innerJoin(schema.users, eq(schema.users.id, factories.userId))
    .where(and(eq(factories.userId, actor.id), sql`${schema.users.banned} is not true`));
  return factory ?? null;
}

/** The signed-in factory's certificates (by certification), or null when it has no factory. */
export async function ownCertificates(
  db: Db,
  actor: Pick<CurrentUser, "id" | "userType">,
): Promise<{ factoryId: string; items: CertificateView[] } | null> {
  const factory = await ownFactory(db, actor);
  if (!factory) return null;
  const rows = await db
    .select(certificateColumns)
    .from(certificates)
    .where(eq(certificates.factoryId, factory.id))
    .orderBy(asc(certificates.certification));
  const history = await historyOf(
    db,
    rows.map((row) => row.id),
  );
  return { factoryId: factory.id, items: rows.map((row) => toView(row, history)) };
}

/** How many of the factory's certificates are in each state (the dashboard's summary). */
export async function certificateCounts(
  db: Db,
  factoryId: string,
): Promise<Record<CertificateStatus, number>> {
  const rows = await db
    .select({ status: certificates.status, n: count() })
    .from(certificates)
    .where(eq(certificates.factoryId, factoryId))
    .groupBy(certificates.status);
  const counts: Record<CertificateStatus, number> = { pending: 0, verified: 0, rejected: 0 };
  for (const row of rows) counts[row.status] = Number(row.n);
  return counts;
}

/** A certification as buyers see it on the factory's page. */
export interface PublicCertification {
  certification: Certification;
  validUntil: Date | null;
}

/**
 * The factory's verified certifications whose last day has not passed, for everyone: the label
 * and the last day only, never the file nor anything of pending or rejected ones.
 */
export async function publicCertifications(
  db: Db,
  factoryId: string,
  now: Date = new Date(),
): Promise<PublicCertification[]> {
  if (!isUuid(factoryId)) return [];
  return db
    .select({ certification: certificates.certification, validUntil: certificates.validUntil })
    .from(certificates)
    .where(
      and(
        eq(certificates.factoryId, factoryId),
        eq(certificates.status, "verified"),
        sql`(${certificates.validUntil} is null or ${certificates.validUntil} >= ${today(now)})`,
      ),
    )
    .orderBy(asc(certificates.certification));
}

// ---------------------------------------------------------------------------------------------
// The factory's use cases

/** The one file of a form's `file` field: none, the file, or a refusal (more than one). */
function chosenFile(
  context: Pick<UseCaseContext, "locale">,
  form: FormData,
): { ok: true; file: File | null } | { ok: false; failure: ReturnType<typeof fail> } {
  const chosen = form
    .getAll("file")
    .filter((file) => (typeof file === "string" ? file !== "" : !isEmptyFileInput(file)));
  if (chosen.length > 1) {
    return {
      ok: false,
      failure: fail("invalid", { file: [attachmentMessages[context.locale].tooMany(1)] }),
    };
  }
  const [first] = chosen;
  if (first === undefined) return { ok: true, file: null };
  if (typeof first === "string") {
    return {
      ok: false,
      failure: fail("invalid", { file: [attachmentMessages[context.locale].typeNotSupported] }),
    };
  }
  return { ok: true, file: first };
}

/**
 * Stores the file, runs `write` with it and removes it again when nothing was written (or the
 * write failed): the one way both the new certificate and a new file go.
 */
async function withCertificateFile<T>(
  context: UseCaseContext,
  file: File,
  write: (stored: Attachment) => Promise<Outcome<T, CertificateProblem>>,
): Promise<Outcome<T, CertificateProblem>> {
  const { storage, locale } = context;
  const run = () =>
    withStoredFiles(
      () => storeAttachments(storage, [file], locale, { max: 1 }),
      ({ attachments }) => write(attachments[0] as Attachment),
      ({ attachments }) => removeAttachments(storage, attachments),
    );
  let saved: Awaited<ReturnType<typeof run>>;
  try {
    saved = await run();
  } catch (error) {
    if (isDatabaseUnreachable(error)) throw error;
    console.error("[certificates] saving a certificate failed:", error);
    return fail("save-failed");
  }
  if (!saved.stored) return fail("invalid", { file: saved.refused.errors });
  return saved.written;
}

/**
 * The factory adds a certification with its certificate file (required) and an optional last
 * day; it waits for an admin as 'pending'. 'already-added' when the factory has it: it replaces
 * that one's file instead.
 */
export async function addCertificate(
  context: UseCaseContext,
  { form }: { form: FormData },
): Promise<Outcome<{ id: string; certification: Certification }, CertificateProblem>> {
  const { db, actor } = context;
  const fields = readFields(context, newCertificateSchema, form);
  if (!fields.ok) return fields;
  const picked = chosenFile(context, form);
  if (!picked.ok) return picked.failure;
  const factory = await ownFactory(db, actor);
  if (!factory) return fail("no-factory");
  const { certification, validUntil } = fields.value;
  const [existing] = await db
    .select({ id: certificates.id })
    .from(certificates)
    .where(
      and(eq(certificates.factoryId, factory.id), eq(certificates.certification, certification)),
    );
  if (existing) return fail("already-added");
  if (!picked.file) return fail("file-required", { file: [fileRequiredText(context)] });
  return withCertificateFile(context, picked.file, async (file) => {
    // The unique index on (factory, certification) decides a race between two forms.
    const [row] = await db
      .insert(certificates)
      .values({
        factoryId: factory.id,
        certification,
        file: [file],
        validUntil: validUntil ?? null,
      })
      .onConflictDoNothing()
      .returning({ id: certificates.id });
    if (!row) return fail("already-added");
    return ok({ id: row.id, certification });
  });
}

/** The file field's error when no file came (the form's own words, in the context's language). */
function fileRequiredText({ locale }: Pick<UseCaseContext, "locale">): string {
  return certificateMessages[locale].form.fileRequired;
}

/**
 * A new file (and last day) for one of the factory's certificates: it goes back to 'pending'
 * whatever it was, the last note is cleared (the history keeps it), the old file is removed.
 */
export async function replaceCertificateFile(
  context: UseCaseContext,
  { form }: { form: FormData },
): Promise<Outcome<{ id: string; certification: Certification }, CertificateProblem>> {
  const { db, actor, storage } = context;
  const fields = readFields(context, replaceCertificateSchema, form);
  if (!fields.ok) return fields;
  const picked = chosenFile(context, form);
  if (!picked.ok) return picked.failure;
  const { certificateId, validUntil } = fields.value;
  if (!isUuid(certificateId)) return fail("not-found");
  const factory = await ownFactory(db, actor);
  if (!factory) return fail("no-factory");
  const mine = and(eq(certificates.id, certificateId), eq(certificates.factoryId, factory.id));
  const [current] = await db.select({ id: certificates.id }).from(certificates).where(mine);
  if (!current) return fail("not-found");
  if (!picked.file) return fail("file-required", { file: [fileRequiredText(context)] });
  let replaced: Attachment[] = [];
  const outcome = await withCertificateFile(context, picked.file, (file) =>
    db.transaction(async (tx) => {
      const [old] = await tx
        .select({ file: certificates.file })
        .from(certificates)
        .where(mine)
        .for("update");
      if (!old) return fail("not-found");
      const [row] = await tx
        .update(certificates)
        .set({
          file: [file],
          validUntil: validUntil ?? null,
          status: "pending",
          note: null,
          decidedAt: null,
          decidedBy: null,
          updatedAt: new Date(),
        })
        .where(mine)
        .returning({ id: certificates.id, certification: certificates.certification });
      if (!row) return fail("not-found");
      replaced = Array.isArray(old.file) ? old.file : [];
      return ok(row);
    }),
  );
  if (outcome.ok) await removeAttachments(storage, replaced);
  return outcome;
}

/** Removes one of the factory's certificates (its history goes with it), then its file. */
export async function removeCertificate(
  context: UseCaseContext,
  { form }: { form: FormData },
): Promise<Outcome<{ certification: Certification }, CertificateProblem>> {
  const { db, actor, storage } = context;
  const certificateId = postedText(form, "certificateId");
  if (!isUuid(certificateId)) return fail("not-found");
  const factory = await ownFactory(db, actor);
  if (!factory) return fail("no-factory");
  const [gone] = await db
    .delete(certificates)
    .where(and(eq(certificates.id, certificateId), eq(certificates.factoryId, factory.id)))
    .returning({ certification: certificates.certification, file: certificates.file });
  if (!gone) return fail("not-found");
  await removeAttachments(storage, Array.isArray(gone.file) ? gone.file : []);
  return ok({ certification: gone.certification });
}

/** A posted text field ('' when absent or a file). */
function postedText(form: FormData, name: string): string {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
}

// ---------------------------------------------------------------------------------------------
// The admins' use cases

/**
 * An admin verifies or rejects a pending certificate (a rejection with a note): the decision is
 * kept in the history, the certificate takes its state and note, the factory is told.
 */
export async function decideCertificate(
  context: UseCaseContext,
  { form }: { form: FormData },
): Promise<Outcome<{ id: string; decision: "verified" | "rejected" }, CertificateProblem>> {
  const { db, actor } = context;
  if (!actor.isAdmin) return fail("not-admin");
  const fields = readFields(context, certificateDecisionSchema, form);
  if (!fields.ok) return fields;
  const { certificateId, decision } = fields.value;
  const note = fields.value.note ?? null;
  if (!isUuid(certificateId)) return fail("not-found");
  return db.transaction(async (tx) => {
    const now = new Date();
    const [decided] = await tx
      .update(certificates)
      .set({ status: decision, note, decidedAt: now, decidedBy: actor.id, updatedAt: now })
      .where(and(eq(certificates.id, certificateId), eq(certificates.status, "pending")))
      .returning({
        id: certificates.id,
        factoryId: certificates.factoryId,
        certification: certificates.certification,
      });
    if (!decided) {
      const [exists] = await tx
        .select({ id: certificates.id })
        .from(certificates)
        .where(eq(certificates.id, certificateId));
      return exists ? fail("already-decided") : fail("not-found");
    }
    await tx
      .insert(decisions)
      .values({ certificateId: decided.id, adminId: actor.id, status: decision, note });
    const [owner] = await tx
      .select({ userId: factories.userId })
      .from(factories)
      .where(eq(factories.id, decided.factoryId));
    if (owner) {
      await insertNotifications(tx, [
        {
          userId: owner.userId,
          kind: decision === "verified" ? "certificate-verified" : "certificate-rejected",
          actorId: actor.id,
          tenderId: null,
          quoteId: null,
          tenderTitle: null,
          factoryId: decided.factoryId,
          note,
          certification: decided.certification,
        },
      ]);
    }
    return ok({ id: decided.id, decision });
  });
}

/** Decided certificates on one page of the admins' history. */
export const CERTIFICATE_HISTORY_PAGE_SIZE = 20;
/** Pending certificates shown at once (oldest first); more wait for the next look. */
export const CERTIFICATE_QUEUE_LIMIT = 50;

/** A certificate on the admins' page: its factory and owner with it. */
export interface AdminCertificateView extends CertificateView {
  factoryId: string;
  factoryName: string;
  factoryNameEn: string | null;
  ownerId: string;
  ownerEmail: string;
}

export interface AdminCertificates {
  pending: AdminCertificateView[];
  pendingCount: number;
  decided: Page<AdminCertificateView>;
}

function adminRows(db: Db, where: SQL) {
  return db
    .select({
      ...certificateColumns,
      factoryId: factories.id,
      factoryName: factories.name,
      factoryNameEn: factories.nameEn,
      ownerId: schema.users.id,
      ownerEmail: schema.users.email,
    })
    .from(certificates)
    .innerJoin(factories, eq(factories.id, certificates.factoryId))
    .innerJoin(schema.users, eq(schema.users.id, factories.userId))
    .where(where);
}

async function withHistory(
  db: Db,
  rows: Awaited<ReturnType<typeof adminRows>>,
): Promise<AdminCertificateView[]> {
  const history = await historyOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({ ...toView(row, history), ...factoryOf(row) }));
}

function factoryOf(row: Awaited<ReturnType<typeof adminRows>>[number]) {
  return {
    factoryId: row.factoryId,
    factoryName: row.factoryName,
    factoryNameEn: row.factoryNameEn,
    ownerId: row.ownerId,
    ownerEmail: row.ownerEmail,
  };
}

/**
 * The admins' page: the pending certificates (oldest first) and a page of decided ones (newest
 * decision first), each with its history. Admins only (null for anyone else).
 */
export async function listCertificates(
  db: Db,
  actor: Pick<CurrentUser, "isAdmin"> | null,
  { page }: { page?: string | number | null } = {},
): Promise<AdminCertificates | null> {
  if (!actor?.isAdmin) return null;
  const pendingOnly = eq(certificates.status, "pending");
  const decidedOnly = ne(certificates.status, "pending");
  const [[pendingTotal], [decidedTotal]] = await Promise.all([
    db.select({ n: count() }).from(certificates).where(pendingOnly),
    db.select({ n: count() }).from(certificates).where(decidedOnly),
  ]);
  const pending = await withHistory(
    db,
    await adminRows(db, pendingOnly)
      .orderBy(asc(certificates.updatedAt), asc(certificates.id))
      .limit(CERTIFICATE_QUEUE_LIMIT),
  );
  const decided = await readPage(
    decidedTotal?.n ?? 0,
    page,
    CERTIFICATE_HISTORY_PAGE_SIZE,
    async ({ offset, pageSize }) =>
      withHistory(
        db,
        await adminRows(db, decidedOnly)
          .orderBy(desc(certificates.decidedAt), desc(certificates.id))
          .limit(pageSize)
          .offset(offset),
      ),
  );
  return { pending, pendingCount: Number(pendingTotal?.n ?? 0), decided };
}

/** How many certificates wait for an admin (the admin area's link). */
export async function pendingCertificateCount(db: Db): Promise<number> {
  return db.$count(certificates, eq(certificates.status, "pending"));
}

// ---------------------------------------------------------------------------------------------
// The file

/**
 * The file `file` of a certificate when `viewer` is the factory's owner or an admin; null for
 * anyone else (a visitor, another account, a blocked owner, an unknown certificate or file).
 */
export async function findCertificateFile(
  db: Db,
  viewer: Pick<CurrentUser, "id" | "isAdmin"> | null,
  certificateId: string | null | undefined,
  file: string | null | undefined,
): Promise<Attachment | null> {
  if (!viewer || !isUuid(certificateId)) return null;
  const key = `attachments/${file ?? ""}`;
  if (!isAttachmentKey(key) || key.endsWith("-thumb.webp")) return null;
  const [row] = await db
    .select({ file: certificates.file })
    .from(certificates)
    .innerJoin(factories, eq(factories.id, certificates.factoryId))
    .innerJoin(schema.users, eq(schema.users.id, factories.userId))
    .where(
      and(
        eq(certificates.id, certificateId),
        viewer.isAdmin
          ? undefined
          : and(eq(factories.userId, viewer.id), sql`${schema.users.banned} is not true`),
        sql`${certificates.file} @> ${JSON.stringify([{ url: key }])}::jsonb`,
      ),
    )
    .limit(1);
  return row?.file.find((attachment) => attachment.url === key) ?? null;
}

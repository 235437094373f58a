/**
 * Matching and invitations (issue 29, item 4; docs/decisions/030-matching-and-invitations.md).
 *
 * - `matchingFactories`: the factories that fit one of the buyer's tenders, ranked: category
 *   overlap, minimum order ≤ the tender's quantity, monthly capacity ≥ it when both are known, the
 *   tender's country when it names one; verified first, then how many categories meet, then how
 *   quickly the factory answers tenders (the median time from a tender's placing to its quote over
 *   the last year, read for the few candidates only).
 * - `inviteFactory` / `declineInvitation`: the two writes, each a use case with an Outcome.
 * - The state the buyer sees is `sent`, `seen` (the factory opened the tender: `markInvitationSeen`),
 *   `quoted` (read from quotes: a factory whose owner has a quote on the tender that is not
 *   withdrawn, so the quotes code needs no change) or `declined` (with the reason).
 */
import { and, desc, eq, inArray, ne, sql } from "drizzle-orm";
import { MAX_INVITATIONS_PER_TENDER } from "~/domain/limits";
import { failures, type Outcome, ok } from "~/domain/outcome";
import { insertNotifications } from "~/features/notifications/notifications.server";
import type { CurrentUser } from "~/platform/actor.server";
import { type Db, type DbOrTx, schema } from "~/platform/db.server";
import { isUuid } from "~/platform/ids.server";
import { readFields, type UseCaseContext } from "~/platform/use-case.server";
import { ownerNotBanned } from "~/platform/visibility.server";
import type { InvitationDeclineReason, InvitationState } from "~db/schema";
import { INVITATION_PROBLEMS } from "./problems";
import { declineInvitationSchema, inviteSchema } from "./schema";

export { MAX_INVITATIONS_PER_TENDER };

const fail = failures(INVITATION_PROBLEMS);
const factories = schema.factories;
const tenders = schema.tenders;
const invitations = schema.tenderInvitations;
const quotes = schema.quotes;

/** How many factories the tender page offers. */
export const MATCHES_SHOWN = 12;
/** How many candidates are read before the answer speed ranks them. */
const CANDIDATES = 60;

export interface MatchTender {
  id: string;
  userId: string;
  categories: string[];
  quantity: number | null;
  country: string | null;
}

export interface FactoryMatch {
  id: string;
  name: string;
  nameEn: string | null;
  country: string | null;
  city: string | null;
  verified: boolean;
  minOrder: number | null;
  monthlyCapacity: number | null;
  /** How many of the tender's categories the factory works in. */
  overlap: number;
  /** Quotes sent in the last year. */
  answers: number;
  /** Median hours from a tender's placing to the factory's quote; null without quotes. */
  answerHours: number | null;
  invited: boolean;
}

/** The ranking: verified first, then categories met, then answer speed, then activity. */
export function matchScore(match: Omit<FactoryMatch, "invited" | "id" | "name">): number {
  const speed = match.answerHours == null ? 0 : Math.max(0, 240 - match.answerHours) / 240;
  return (
    (match.verified ? 1000 : 0) +
    match.overlap * 100 +
    speed * 60 +
    Math.min(match.answers, 20) +
    (match.minOrder != null ? 2 : 0) +
    (match.monthlyCapacity != null ? 2 : 0)
  );
}

/** The factories that fit the tender, best first (MATCHES_SHOWN). */
export async function matchingFactories(
  db: DbOrTx,
  tender: MatchTender,
  limit = MATCHES_SHOWN,
): Promise<FactoryMatch[]> {
  const wanted = sql.param(tender.categories, tenders.categories);
  const overlap =
    tender.categories.length > 0
      ? sql<number>`cardinality(array(select unnest(${factories.categories}) intersect select unnest(${wanted}::text[])))`
      : sql<number>`0`;
  const rows = await db
    .select({
      id: factories.id,
      userId: factories.userId,
      name: factories.name,
      nameEn: factories.nameEn,
      country: factories.country,
      city: factories.city,
      verified: sql<boolean>`${factories.verifiedAt} is not null`,
      minOrder: factories.minOrder,
      monthlyCapacity: factories.monthlyCapacity,
      overlap,
    })
    .from(factories)
    .where(
      and(
        eq(factories.inDirectory, true),
        ownerNotBanned("factories"),
        ne(factories.userId, tender.userId),
        tender.categories.length > 0 ? sql`${factories.categories} && ${wanted}` : undefined,
        tender.quantity != null
          ? sql`(${factories.minOrder} is null or ${factories.minOrder} <= ${tender.quantity})`
          : undefined,
        tender.quantity != null
          ? sql`(${factories.monthlyCapacity} is null or ${factories.monthlyCapacity} >= ${tender.quantity})`
          : undefined,
        tender.country ? eq(factories.country, tender.country) : undefined,
      ),
    )
    .orderBy(sql`${factories.verifiedAt} is null`, desc(overlap), desc(factories.completeness))
    .limit(CANDIDATES);
  if (rows.length === 0) return [];
  const speed = await answerSpeed(
    db,
    rows.map((row) => row.userId),
  );
  const invited = new Set(
    (
      await db
        .select({ factoryId: invitations.factoryId })
        .from(invitations)
        .where(eq(invitations.tenderId, tender.id))
    ).map((row) => row.factoryId),
  );
  return rows
    .map(({ userId, ...row }) => ({
      ...row,
      verified: Boolean(row.verified),
      overlap: Number(row.overlap),
      answers: speed.get(userId)?.answers ?? 0,
      answerHours: speed.get(userId)?.hours ?? null,
      invited: invited.has(row.id),
    }))
    .sort((a, b) => matchScore(b) - matchScore(a) || a.name.localeCompare(b.name))
    .slice(0, limit);
}

/** Quotes of the last year per factory owner and the median hours from tender to quote. */
async function answerSpeed(
  db: DbOrTx,
  userIds: readonly string[],
): Promise<Map<string, { answers: number; hours: number | null }>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select({
      userId: quotes.userId,
      answers: sql<number>`count(*)::int`,
      hours: sql<
        number | null
      >`percentile_cont(0.5) within group (order by extract(epoch from ${quotes.createdAt} - ${tenders.createdAt}) / 3600)`,
    })
    .from(quotes)
    .innerJoin(tenders, eq(tenders.id, quotes.tenderId))
    .where(
      and(
        inArray(quotes.userId, [...userIds]),
        sql`${quotes.createdAt} > now() - interval '365 days'`,
      ),
    )
    .groupBy(quotes.userId);
  return new Map(
    rows.map((row) => [
      row.userId,
      {
        answers: Number(row.answers),
        hours: row.hours == null ? null : Math.max(1, Math.round(Number(row.hours))),
      },
    ]),
  );
}

/** One invitation as its tender's owner sees it. */
export interface InvitationView {
  factoryId: string;
  name: string;
  nameEn: string | null;
  state: InvitationState;
  declineReason: InvitationDeclineReason | null;
  declineNote: string | null;
  createdAt: Date;
  seenAt: Date | null;
}

/** A quote (not withdrawn) of the invited factory's owner on the invitation's tender. */
const quotedSql = sql<boolean>`exists (select 1 from ${quotes} q where q.tender_id = ${invitations.tenderId} and q.user_id = ${factories.userId} and q.status <> 'withdrawn')`;

/** What the buyer sees of a state: a quote makes an invitation 'quoted' (unless declined). */
function effectiveState(state: InvitationState, quoted: boolean): InvitationState {
  return state !== "declined" && quoted ? "quoted" : state;
}

/** The invitations of one of the actor's tenders, newest first; null when it is not theirs. */
export async function invitationsOfTender(
  db: Db,
  actor: Pick<CurrentUser, "id">,
  tenderId: string,
): Promise<InvitationView[] | null> {
  if (!isUuid(tenderId)) return null;
  const [own] = await db
    .select({ id: tenders.id })
    .from(tenders)
    .where(and(eq(tenders.id, tenderId), eq(tenders.userId, actor.id)));
  if (!own) return null;
  const rows = await db
    .select({
      factoryId: invitations.factoryId,
      name: factories.name,
      nameEn: factories.nameEn,
      state: invitations.state,
      declineReason: invitations.declineReason,
      declineNote: invitations.declineNote,
      createdAt: invitations.createdAt,
      seenAt: invitations.seenAt,
      quoted: quotedSql,
    })
    .from(invitations)
    .innerJoin(factories, eq(factories.id, invitations.factoryId))
    .where(eq(invitations.tenderId, tenderId))
    .orderBy(desc(invitations.createdAt), invitations.factoryId);
  return rows.map(({ quoted, ...row }) => ({
    ...row,
    state: effectiveState(row.state, Boolean(quoted)),
  }));
}

/** The viewing factory's invitations among the given tenders: tender id → its state. */
export async function ownInvitations(
  db: DbOrTx,
  viewer: Pick<CurrentUser, "id" | "userType"> | null,
  tenderIds: readonly (string | null | undefined)[],
): Promise<Record<string, InvitationState>> {
  const ids = [...new Set(tenderIds.filter(isUuid))];
  if (viewer?.userType !== "factory" || ids.length === 0) return {};
  const rows = await db
    .select({ tenderId: invitations.tenderId, state: invitations.state, quoted: quotedSql })
    .from(invitations)
    .innerJoin(factories, eq(factories.id, invitations.factoryId))
    .where(and(eq(factories.userId, viewer.id), inArray(invitations.tenderId, ids)));
  return Object.fromEntries(
    rows.map((row) => [row.tenderId, effectiveState(row.state, Boolean(row.quoted))]),
  );
}

/**
 * The factory opened the tender it was invited to: 'sent' becomes 'seen' (once; later states
 * stay).
 */
export async function markInvitationSeen(
  db: Db,
  viewer: Pick<CurrentUser, "id" | "userType"> | null,
  tenderId: string,
): Promise<void> {
  if (viewer?.userType !== "factory" || !isUuid(tenderId)) return;
  await db
    .update(invitations)
    .set({ state: "seen", seenAt: new Date() })
    .where(
      and(
        eq(invitations.tenderId, tenderId),
        eq(invitations.state, "sent"),
        sql`${invitations.factoryId} = (select id from ${factories} where user_id = ${viewer.id})`,
      ),
    );
}

/**
 * Whether the viewer may see a private tender: its owner, an admin, or the owner of a factory it
 * invited.
 */
export async function maySeePrivateTender(
  db: DbOrTx,
  viewer: Pick<CurrentUser, "id" | "isAdmin"> | null,
  tender: { id: string; userId: string },
): Promise<boolean> {
  if (!viewer) return false;
  if (viewer.isAdmin || viewer.id === tender.userId) return true;
  const [row] = await db
    .select({ one: sql`1` })
    .from(invitations)
    .innerJoin(factories, eq(factories.id, invitations.factoryId))
    .where(and(eq(invitations.tenderId, tender.id), eq(factories.userId, viewer.id)));
  return Boolean(row);
}

/**
 * Invites the form's factory to one of the actor's open tenders: at most
 * MAX_INVITATIONS_PER_TENDER, counted under the tender's row lock so that concurrent invitations
 * cannot pass it; the factory's owner gets a notification (and its letter) in the same
 * transaction.
 */
export async function inviteFactory(
  context: UseCaseContext,
  { tenderId, form }: { tenderId: string; form: FormData },
): Promise<Outcome<{ factoryId: string }, keyof typeof INVITATION_PROBLEMS>> {
  const read = readFields(context, inviteSchema, form);
  if (!read.ok) return read;
  if (!isUuid(tenderId)) return fail("tender-not-found");
  const { db, actor } = context;
  const { factoryId } = read.value;
  return db.transaction(async (tx) => {
    const [tender] = await tx
      .select({ id: tenders.id, title: tenders.title, status: tenders.status })
      .from(tenders)
      .where(and(eq(tenders.id, tenderId), eq(tenders.userId, actor.id)))
      .for("update");
    if (!tender) return fail("tender-not-found");
    if (tender.status !== "active") return fail("tender-not-active");
    const [factory] = await tx
      .select({ id: factories.id, userId: factories.userId })
      .from(factories)
      .where(and(eq(factories.id, factoryId), eq(factories.listed, true)));
    if (!factory) return fail("factory-not-found");
    if (factory.userId === actor.id) return fail("own-factory");
    const count = await tx.$count(invitations, eq(invitations.tenderId, tenderId));
    if (count >= MAX_INVITATIONS_PER_TENDER) return fail("too-many-invitations");
    const added = await tx
      .insert(invitations)
      .values({ tenderId, factoryId })
      .onConflictDoNothing()
      .returning({ factoryId: invitations.factoryId });
    if (added.length === 0) return fail("already-invited");
    await insertNotifications(tx, [
      {
        userId: factory.userId,
        kind: "tender-invited",
        actorId: actor.id,
        tenderId,
        quoteId: null,
        tenderTitle: tender.title,
      },
    ]);
    return ok({ factoryId });
  });
}

/**
 * The actor's factory declines its invitation to the tender with a reason (and a note, required
 * for 'other'); the tender's owner is told. Refused once the factory has quoted.
 */
export async function declineInvitation(
  context: UseCaseContext,
  { tenderId, form }: { tenderId: string; form: FormData },
): Promise<Outcome<undefined, keyof typeof INVITATION_PROBLEMS>> {
  const { db, actor } = context;
  if (actor.userType !== "factory") return fail("not-a-factory");
  const read = readFields(context, declineInvitationSchema, form);
  if (!read.ok) return read;
  if (!isUuid(tenderId)) return fail("invitation-not-found");
  const { reason, note } = read.value;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        factoryId: invitations.factoryId,
        state: invitations.state,
        quoted: quotedSql,
        title: tenders.title,
        ownerId: tenders.userId,
      })
      .from(invitations)
      .innerJoin(factories, eq(factories.id, invitations.factoryId))
      .innerJoin(tenders, eq(tenders.id, invitations.tenderId))
      .where(and(eq(invitations.tenderId, tenderId), eq(factories.userId, actor.id)))
      .for("update", { of: invitations });
    if (!row) return fail("invitation-not-found");
    if (row.state === "declined") return fail("already-declined");
    if (row.quoted) return fail("already-quoted");
    await tx
      .update(invitations)
      .set({
        state: "declined",
        declineReason: reason,
        declineNote: note ?? null,
        answeredAt: new Date(),
      })
      .where(and(eq(invitations.tenderId, tenderId), eq(invitations.factoryId, row.factoryId)));
    await insertNotifications(tx, [
      {
        userId: row.ownerId,
        kind: "invitation-declined",
        actorId: actor.id,
        tenderId,
        quoteId: null,
        tenderTitle: row.title,
        note: note ?? null,
      },
    ]);
    return ok();
  });
}

/** What the buyer's tender page shows of matching and invitations. */
export interface InvitationPanel {
  tenderId: string;
  /** Invitations are sent to an open tender only. */
  active: boolean;
  matches: FactoryMatch[];
  invitations: InvitationView[];
}

/**
 * The matching factories and the invitations of one of the actor's tenders; null when it is not
 * theirs (an admin looking at it gets nothing).
 */
export async function invitationPanel(
  db: Db,
  actor: Pick<CurrentUser, "id">,
  tenderId: string,
): Promise<InvitationPanel | null> {
  if (!isUuid(tenderId)) return null;
  const [tender] = await db
    .select({
      id: tenders.id,
      userId: tenders.userId,
      categories: tenders.categories,
      quantity: tenders.quantity,
      country: tenders.country,
      status: tenders.status,
    })
    .from(tenders)
    .where(and(eq(tenders.id, tenderId), eq(tenders.userId, actor.id)));
  if (!tender) return null;
  const active = tender.status === "active";
  return {
    tenderId,
    active,
    matches: active ? await matchingFactories(db, tender) : [],
    invitations: (await invitationsOfTender(db, actor, tenderId)) ?? [],
  };
}

/** An invitation on the invited factory's dashboard. */
export interface ReceivedInvitation {
  tenderId: string;
  title: string;
  state: InvitationState;
  createdAt: Date;
}

/**
 * The invitations to the viewer's factory that still wait for its answer or were answered
 * recently (open tenders only), newest first.
 */
export async function receivedInvitations(
  db: Db,
  viewer: Pick<CurrentUser, "id">,
  limit = 10,
): Promise<ReceivedInvitation[]> {
  const rows = await db
    .select({
      tenderId: invitations.tenderId,
      title: tenders.title,
      state: invitations.state,
      createdAt: invitations.createdAt,
      quoted: quotedSql,
    })
    .from(invitations)
    .innerJoin(factories, eq(factories.id, invitations.factoryId))
    .innerJoin(tenders, eq(tenders.id, invitations.tenderId))
    .where(
      and(eq(factories.userId, viewer.id), eq(tenders.status, "active"), ownerNotBanned("tenders")),
    )
    .orderBy(desc(invitations.createdAt))
    .limit(limit);
  return rows.map(({ quoted, ...row }) => ({
    ...row,
    state: effectiveState(row.state, Boolean(quoted)),
  }));
}

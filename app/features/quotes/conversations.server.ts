/**
 * The conversation of a quote: messages between the tender's owner and the quoting factory.
 * Only the two parties write; an admin may read (`quotePartyOf`). Opening the conversation marks
 * it read for the party; each message notifies the other side (a notification row, an email at
 * most once per 15 minutes per conversation, a live event on commit). `sendMessage` is the
 * conversation page's use case; `postMessage` writes for it (and for tests and the seed).
 */

import { and, eq, sql } from "drizzle-orm";
import { MAX_ATTACHMENTS } from "~/domain/limits";
import { invalid, type Outcome, ok } from "~/domain/outcome";
import { insertNotifications } from "~/features/notifications/notifications.server";
import { chatFormSchema, chatMessageSchema } from "~/features/quotes/schema";
import type { CurrentUser } from "~/platform/actor.server";
import { attachmentStorageProblem } from "~/platform/attachment-storage.server";
import {
  assertStoredAttachments,
  removeAttachments,
  storeAttachments,
} from "~/platform/attachments.server";
import { type Db, schema } from "~/platform/db.server";
import { accountDisplayName, displayNameColumns } from "~/platform/display-names.server";
import { notifyLive } from "~/platform/live.server";
import { withStoredFiles } from "~/platform/stored-files.server";
import { readFields, type UseCaseContext } from "~/platform/use-case.server";
import { checkFields } from "~/platform/validation.server";
import type { Attachment, TenderStatus } from "~db/schema";
import { type QuoteAccess, type QuoteParty, quotePartyOf } from "./parties.server";
import { type ConversationProblem, conversationFailure as fail } from "./problems";
import { markQuoteNoticesRead, type QuoteDto } from "./quotes.server";

/** The newest messages a conversation page shows. */
export const CONVERSATION_PAGE_SIZE = 200;

const quotes = schema.quotes;
const quoteMessages = schema.quoteMessages;

export interface ChatMessage {
  id: string;
  body: string;
  attachments: Attachment[];
  createdAt: Date;
  /** Which party wrote it. */
  side: "buyer" | "factory";
  /** Written by the viewer. */
  mine: boolean;
  /** Not yet read by its recipient (for the viewer's own messages: not yet read by the other). */
  unread: boolean;
}

export interface Conversation {
  party: QuoteParty;
  /** The quote itself: the conversation's first entry, with all its terms, text and files. */
  quote: Pick<
    QuoteDto,
    | "id"
    | "status"
    | "unitPrice"
    | "currency"
    | "quantity"
    | "leadTimeDays"
    | "minOrder"
    | "sampleAvailable"
    | "samplePrice"
    | "sampleDays"
    | "validUntil"
    | "message"
    | "attachments"
    | "createdAt"
    | "updatedAt"
  >;
  tender: { id: string; title: string; status: TenderStatus };
  /** The two sides as they are shown: the buyer's display name and the factory's names. */
  buyerName: string;
  factory: { id: string; name: string; nameEn: string | null };
  messages: ChatMessage[];
  /** Older messages left out (the page shows the newest CONVERSATION_PAGE_SIZE). */
  earlier: number;
}

/**
 * A quote's conversation for a party or an admin, oldest to newest (the newest at the bottom);
 * marks it read for a party. Null when the viewer may not see it.
 */
export async function openConversation(
  db: Db,
  viewer: CurrentUser,
  quoteId: string | null | undefined,
  { markRead = true }: { markRead?: boolean } = {},
): Promise<Conversation | null> {
  const access = await quotePartyOf(db, viewer, quoteId);
  if (!access) return null;
  const [row] = await db
    .select({
      status: quotes.status,
      unitPrice: quotes.unitPrice,
      currency: quotes.currency,
      quantity: quotes.quantity,
      leadTimeDays: quotes.leadTimeDays,
      minOrder: quotes.minOrder,
      sampleAvailable: quotes.sampleAvailable,
      samplePrice: quotes.samplePrice,
      sampleDays: quotes.sampleDays,
      validUntil: quotes.validUntil,
      message: quotes.message,
      attachments: quotes.attachments,
      createdAt: quotes.createdAt,
      updatedAt: quotes.updatedAt,
      buyerReadAt: quotes.buyerReadAt,
      factoryReadAt: quotes.factoryReadAt,
      factoryName: schema.factories.name,
      factoryNameEn: schema.factories.nameEn,
      buyerEmail: schema.users.email,
      buyerProfile: displayNameColumns,
    })
    .from(quotes)
    .innerJoin(schema.factories, eq(schema.factories.id, quotes.factoryId))
    .innerJoin(schema.users, eq(schema.users.id, access.buyerId))
    .leftJoin(schema.profiles, eq(schema.profiles.id, access.buyerId))
    .where(eq(quotes.id, access.quoteId));
  if (!row) return null;
  const [{ total }] = (await db
    .select({ total: sql<number>`count(*)::int` })
    .from(quoteMessages)
    .where(eq(quoteMessages.quoteId, access.quoteId))) as [{ total: number }];
  const newest = await db
    .select({
      id: quoteMessages.id,
      body: quoteMessages.body,
      attachments: quoteMessages.attachments,
      createdAt: quoteMessages.createdAt,
      senderId: quoteMessages.senderId,
    })
    .from(quoteMessages)
    .where(eq(quoteMessages.quoteId, access.quoteId))
    .orderBy(sql`${quoteMessages.createdAt} desc`, sql`${quoteMessages.id} desc`)
    .limit(CONVERSATION_PAGE_SIZE);
  const readBy = (side: "buyer" | "factory") =>
    side === "buyer" ? row.buyerReadAt : row.factoryReadAt;
  const messages = newest.reverse().map((message): ChatMessage => {
    const side = message.senderId === access.buyerId ? "buyer" : "factory";
    const recipientRead = readBy(side === "buyer" ? "factory" : "buyer");
    return {
      id: message.id,
      body: message.body,
      attachments: Array.isArray(message.attachments) ? message.attachments : [],
      createdAt: message.createdAt,
      side,
      mine: message.senderId === viewer.id,
      unread: recipientRead == null || message.createdAt > recipientRead,
    };
  });
  if (markRead && access.party !== "admin") {
    await db
      .update(quotes)
      // A read mark is no change of the quote: updated_at (lists sort by it) stays, and the page
      // cache's trigger ignores these columns (migration 0014).
      .set({
        ...(access.party === "buyer" ? { buyerReadAt: new Date() } : { factoryReadAt: new Date() }),
        updatedAt: sql`${quotes.updatedAt}`,
      })
      .where(eq(quotes.id, access.quoteId));
    // The notifications about this conversation are read too.
    await db
      .update(schema.notifications)
      .set({ readAt: new Date() })
      .where(
        and(
          eq(schema.notifications.userId, viewer.id),
          eq(schema.notifications.quoteId, access.quoteId),
          eq(schema.notifications.kind, "message-received"),
          sql`${schema.notifications.readAt} is null`,
        ),
      );
    // And those about the quote itself (sent, changed, withdrawn): it is the first entry here.
    await markQuoteNoticesRead(db, viewer, { quoteId: access.quoteId });
    // The other side's open page turns its messages to 'read'.
    if (access.otherSideId && messages.some((message) => !message.mine && message.unread)) {
      await notifyLive(db, {
        users: [access.otherSideId],
        kind: "message",
        quoteId: access.quoteId,
        tenderId: access.tenderId,
      });
    }
  }
  return {
    party: access.party,
    quote: {
      id: access.quoteId,
      status: row.status,
      unitPrice: Number(row.unitPrice),
      currency: row.currency,
      quantity: row.quantity,
      leadTimeDays: row.leadTimeDays,
      minOrder: row.minOrder,
      sampleAvailable: row.sampleAvailable,
      samplePrice: row.samplePrice == null ? null : Number(row.samplePrice),
      sampleDays: row.sampleDays,
      validUntil: row.validUntil,
      message: row.message,
      attachments: Array.isArray(row.attachments) ? row.attachments : [],
      createdAt: row.createdAt,
      updatedAt: row.updatedAt,
    },
    tender: { id: access.tenderId, title: access.tenderTitle, status: access.tenderStatus },
    buyerName: accountDisplayName(row.buyerEmail, row.buyerProfile),
    factory: { id: access.factoryId, name: row.factoryName, nameEn: row.factoryNameEn },
    messages,
    earlier: Math.max(0, Number(total) - messages.length),
  };
}

export type PostOutcome = Outcome<{ id: string }, ConversationProblem>;

/**
 * Writes a message (text, files already stored, or both) into a quote's conversation for one of
 * its two parties (anyone else, a visitor included, gets not-found). On failure nothing is
 * written and the caller removes the stored files.
 */
export async function postMessage(
  db: Db,
  actor: CurrentUser | null,
  quoteId: string | null | undefined,
  input: unknown,
  attachments: readonly Attachment[] = [],
): Promise<PostOutcome> {
  if (!actor) return fail("not-found");
  const fields = checkFields(chatMessageSchema, input, "attachments");
  if (!fields.ok) return invalid(fields.fieldErrors);
  const body = fields.value.body;
  if (!body && attachments.length === 0) return fail("empty");
  if (attachments.length > MAX_ATTACHMENTS) return fail("too-many-attachments");
  assertStoredAttachments("conversations", attachments);
  return db.transaction(async (tx): Promise<PostOutcome> => {
    const access = await quotePartyOf(tx, actor, quoteId);
    if (!access) return fail("not-found");
    if (access.party === "admin" || !access.otherSideId) {
      return fail("not-allowed");
    }
    if (attachments.length > 0) {
      // The quote's row first, as every writer of its files takes it, then the storage locks.
      await tx
        .select({ id: quotes.id })
        .from(quotes)
        .where(eq(quotes.id, access.quoteId))
        .for("update");
      const full = await attachmentStorageProblem(tx, actor.id, access.quoteId, attachments);
      if (full) return fail(full);
    }
    const now = new Date();
    const [row] = await tx
      .insert(quoteMessages)
      .values({
        quoteId: access.quoteId,
        senderId: actor.id,
        body,
        attachments: [...attachments],
        createdAt: now,
      })
      .returning({ id: quoteMessages.id });
    if (!row) return fail("not-found");
    await tx
      .update(quotes)
      .set(
        access.party === "buyer"
          ? { lastMessageAt: now, buyerReadAt: now }
          : { lastMessageAt: now, factoryReadAt: now },
      )
      .where(eq(quotes.id, access.quoteId));
    await insertNotifications(tx, [
      {
        userId: access.otherSideId,
        kind: "message-received",
        actorId: actor.id,
        tenderId: access.tenderId,
        quoteId: access.quoteId,
        tenderTitle: access.tenderTitle,
      },
    ]);
    await notifyLive(tx, {
      users: [access.otherSideId, actor.id],
      kind: "message",
      quoteId: access.quoteId,
      tenderId: access.tenderId,
    });
    return ok({ id: row.id });
  });
}

/**
 * Whether the actor may write into the conversation of `quoteId`: a party of the quote (the
 * admin reads only; anybody else does not see it). Asked before the request's body is read.
 */
export async function mayWrite(
  { db, actor }: UseCaseContext,
  quoteId: string | null | undefined,
): Promise<Outcome<QuoteAccess, ConversationProblem>> {
  const access = await quotePartyOf(db, actor, quoteId);
  if (!access) return fail("not-found");
  if (access.party === "admin") return fail("not-allowed");
  return ok(access);
}

/**
 * Sends the actor's message (text, files, or both) into the conversation of `quoteId`: the form
 * is checked in the request's language, the files stored, the message written; when it is not,
 * the files are removed again. Strangers and the admin are turned away before any file is read.
 */
export async function sendMessage(
  context: UseCaseContext,
  { quoteId, form }: { quoteId: string | null | undefined; form: FormData },
): Promise<Outcome<{ id: string; quoteId: string }, ConversationProblem>> {
  const { db, storage, actor, locale } = context;
  const may = await mayWrite(context, quoteId);
  if (!may.ok) return may;
  const access = may.value;
  const fields = readFields(context, chatFormSchema, form);
  if (!fields.ok) return fields;
  const saved = await withStoredFiles(
    () => storeAttachments(storage, form.getAll("attachments"), locale),
    ({ attachments }) =>
      postMessage(db, actor, access.quoteId, { body: fields.value.body }, attachments),
    ({ attachments }) => removeAttachments(storage, attachments),
  );
  if (!saved.stored) return fail("invalid", { attachments: saved.refused.errors });
  if (!saved.written.ok) return saved.written;
  return ok({ id: saved.written.value.id, quoteId: access.quoteId });
}

/**
 * The files attached to a quote or to one of its messages, for the quote's parties and admins
 * (the storage of attachments itself is app/platform/attachments.server.ts).
 */
import { and, eq, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { Attachment } from "~/domain/attachments";
import { isAttachmentKey } from "~/domain/uploads";
import type { CurrentUser } from "~/platform/actor.server";
import { type Db, schema } from "~/platform/db.server";
import { quotePartyOf } from "./parties.server";

/** `column @> '[{"url": key}]'`: the jsonb array holds an attachment with this key. */
function holds(column: AnyPgColumn, key: string): SQL {
  return sql`${column} @> ${JSON.stringify([{ url: key }])}::jsonb`;
}

/**
 * The attachment `file` (`{uuid}.pdf`, `{uuid}.webp`) of a quote, or of one of its messages, when
 * `viewer` is a party of the quote or an admin (`quotePartyOf`); null otherwise: a visitor, an
 * unrelated account, an unknown quote or file, a file of another quote.
 */
export async function findAttachment(
  db: Db,
  viewer: CurrentUser | null,
  quoteId: string | null | undefined,
  file: string | null | undefined,
): Promise<Attachment | null> {
  const key = `attachments/${file ?? ""}`;
  if (!isAttachmentKey(key) || key.endsWith("-thumb.webp")) return null;
  const access = await quotePartyOf(db, viewer, quoteId);
  if (!access) return null;
  // The quote's own files first, then its messages'.
  const places = [
    { table: schema.quotes, quoteId: schema.quotes.id },
    { table: schema.quoteMessages, quoteId: schema.quoteMessages.quoteId },
  ];
  for (const { table, quoteId: ofQuote } of places) {
    const [row] = await db
      .select({ attachments: table.attachments })
      .from(table)
      .where(and(eq(ofQuote, access.quoteId), holds(table.attachments, key)))
      .limit(1);
    const found = row?.attachments.find((attachment) => attachment.url === key);
    if (found) return found;
  }
  return null;
}

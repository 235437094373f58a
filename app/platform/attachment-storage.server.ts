/**
 * How much attachment storage a quote's conversation and an account use, and the limit on it
 * (ATTACHMENT_STORAGE_LIMITS in app/domain/limits.ts; docs/decisions/025-limits-under-concurrency.md).
 * The stored sizes are in the attachments' own records (`Attachment.size`, jsonb on quotes,
 * quote_messages and order_events), so the use is their sum: nothing to keep in step when a quote or a whole
 * account goes. Called inside the transaction that writes the new files' row, after locks per
 * account and per conversation, so two parallel uploads never both fit into the same room.
 */
import { sql } from "drizzle-orm";
import type { Attachment } from "~/domain/attachments";
import { ATTACHMENT_STORAGE_LIMITS } from "~/domain/limits";
import { type DbOrTx, lockForTransaction } from "~/platform/db.server";

export type StorageProblem = "conversation-storage-full" | "account-storage-full";

/** The bytes of a jsonb list of attachments, summed over the rows `where` picks. */
const sizes = (
  table: "quotes" | "quote_messages" | "order_events",
  where: ReturnType<typeof sql>,
) =>
  sql`(select coalesce(sum((a->>'size')::bigint), 0) from ${sql.raw(table)} t, jsonb_array_elements(t.attachments) a where ${where})`;

/**
 * Whether `adding` more files by `accountId` (into the conversation of `quoteId`, when it exists
 * already) stay within the limits; the problem when not. Must run inside the writing
 * transaction: the locks it takes hold until that commits.
 */
export async function attachmentStorageProblem(
  tx: DbOrTx,
  accountId: string,
  quoteId: string | null,
  adding: readonly Attachment[],
): Promise<StorageProblem | null> {
  const bytes = adding.reduce((sum, file) => sum + file.size, 0);
  if (bytes === 0) return null;
  // Always the account first, then the conversation: no two writers wait for each other.
  await lockForTransaction(tx, `attachments:account:${accountId}`);
  if (quoteId) await lockForTransaction(tx, `attachments:quote:${quoteId}`);
  const conversation = quoteId
    ? sql`${sizes("quotes", sql`t.id = ${quoteId}`)} + ${sizes("quote_messages", sql`t.quote_id = ${quoteId}`)}`
    : sql`0`;
  const used = await usedBytes(tx, accountId, conversation);
  if (used.place + bytes > ATTACHMENT_STORAGE_LIMITS.perConversation) {
    return "conversation-storage-full";
  }
  if (used.account + bytes > ATTACHMENT_STORAGE_LIMITS.perAccount) return "account-storage-full";
  return null;
}

/**
 * The same for the files of an order's steps (decision 032): an order holds as much as one
 * conversation may, and its files count to the account of who sent them, with its quotes and
 * messages. Same locks, same order: the account first, then the order.
 */
export async function orderStorageProblem(
  tx: DbOrTx,
  accountId: string,
  orderId: string,
  adding: readonly Attachment[],
): Promise<"order-storage-full" | "account-storage-full" | null> {
  const bytes = adding.reduce((sum, file) => sum + file.size, 0);
  if (bytes === 0) return null;
  await lockForTransaction(tx, `attachments:account:${accountId}`);
  await lockForTransaction(tx, `attachments:order:${orderId}`);
  const used = await usedBytes(tx, accountId, sizes("order_events", sql`t.order_id = ${orderId}`));
  if (used.place + bytes > ATTACHMENT_STORAGE_LIMITS.perConversation) return "order-storage-full";
  if (used.account + bytes > ATTACHMENT_STORAGE_LIMITS.perAccount) return "account-storage-full";
  return null;
}

/**
 * The bytes in one place (a conversation, an order) and the account's: the files it sent in
 * messages, its own quotes' files, and the files of the order steps it did.
 */
async function usedBytes(
  tx: DbOrTx,
  accountId: string,
  place: ReturnType<typeof sql>,
): Promise<{ place: number; account: number }> {
  const account = sql`${sizes("quote_messages", sql`t.sender_id = ${accountId}`)} + ${sizes("quotes", sql`t.user_id = ${accountId}`)} + ${sizes("order_events", sql`t.actor_id = ${accountId}`)}`;
  const result = await tx.execute<{ place: string; account: string }>(
    sql`select (${place})::text as place, (${account})::text as account`,
  );
  const row = result.rows[0];
  return { place: Number(row?.place ?? 0), account: Number(row?.account ?? 0) };
}

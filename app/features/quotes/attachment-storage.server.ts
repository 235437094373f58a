/**
 * How much attachment storage a quote's conversation and an account use, and the limit on it
 * (ATTACHMENT_STORAGE_LIMITS in app/domain/limits.ts; docs/decisions/025-limits-under-concurrency.md).
 * The stored sizes are in the attachments' own records (`Attachment.size`, jsonb on quotes and
 * quote_messages), so the use is their sum: nothing to keep in step when a quote or a whole
 * account goes. Called inside the transaction that writes the new files' row, after locks per
 * account and per conversation, so two parallel uploads never both fit into the same room.
 */
import { sql } from "drizzle-orm";
import type { Attachment } from "~/domain/attachments";
import { ATTACHMENT_STORAGE_LIMITS } from "~/domain/limits";
import { type DbOrTx, lockForTransaction } from "~/platform/db.server";

export type StorageProblem = "conversation-storage-full" | "account-storage-full";

/** The bytes of a jsonb list of attachments, summed over the rows `where` picks. */
const sizes = (table: "quotes" | "quote_messages", where: ReturnType<typeof sql>) =>
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
  const account = sql`${sizes("quote_messages", sql`t.sender_id = ${accountId}`)} + ${sizes("quotes", sql`t.user_id = ${accountId}`)}`;
  const result = await tx.execute<{ conversation: string; account: string }>(
    sql`select (${conversation})::text as conversation, (${account})::text as account`,
  );
  const row = result.rows[0];
  const used = { conversation: Number(row?.conversation ?? 0), account: Number(row?.account ?? 0) };
  if (used.conversation + bytes > ATTACHMENT_STORAGE_LIMITS.perConversation) {
    return "conversation-storage-full";
  }
  if (used.account + bytes > ATTACHMENT_STORAGE_LIMITS.perAccount) return "account-storage-full";
  return null;
}

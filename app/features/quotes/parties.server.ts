/**
 * "A party to this row": who may see and write a quote and its conversation. A quote has two
 * parties, the tender's owner (the buyer) and the quoting factory's owner; an admin may read it
 * too (moderation) but writes nothing in it. Everybody else gets nothing, which the routes answer
 * as 404 (the row's existence is not disclosed).
 *
 * Blocking hides without deleting: a party whose other side is blocked no longer sees the quote
 * (nor its messages) in lists or by address; the admin still does.
 *
 * Every service that reads or writes a quote asks `quotePartyOf` first, instead of repeating
 * owner checks per route. Lists use the matching condition, `otherSideNotBanned`
 * (app/platform/visibility.server.ts).
 */
import { eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { CurrentUser } from "~/platform/actor.server";
import { type DbOrTx, schema } from "~/platform/db.server";
import { isUuid } from "~/platform/ids.server";

/** How the viewer stands to a quote. */
export type QuoteParty = "buyer" | "factory" | "admin";

export interface QuoteAccess {
  party: QuoteParty;
  quoteId: string;
  tenderId: string;
  /** The tender's owner. */
  buyerId: string;
  /** The quoting factory's owner. */
  factoryUserId: string;
  factoryId: string;
  /** The account on the other side of the conversation for a party; null for an admin. */
  otherSideId: string | null;
  quoteStatus: (typeof schema.quotes.$inferSelect)["status"];
  tenderStatus: (typeof schema.tenders.$inferSelect)["status"];
  tenderTitle: string;
}

const quotes = schema.quotes;
const tenders = schema.tenders;

/**
 * The viewer's standing to one quote, or null when the viewer may not see it (a visitor, an
 * unrelated account, a party whose other side is blocked, a malformed or unknown id).
 */
export async function quotePartyOf(
  db: DbOrTx,
  viewer: CurrentUser | null,
  quoteId: string | null | undefined,
): Promise<QuoteAccess | null> {
  if (!viewer || !isUuid(quoteId)) return null;
  const buyer = alias(schema.users, "buyer");
  const maker = alias(schema.users, "maker");
  const [row] = await db
    .select({
      quoteId: quotes.id,
      tenderId: quotes.tenderId,
      factoryId: quotes.factoryId,
      factoryUserId: quotes.userId,
      buyerId: tenders.userId,
      quoteStatus: quotes.status,
      tenderStatus: tenders.status,
      tenderTitle: tenders.title,
      buyerBanned: buyer.banned,
      makerBanned: maker.banned,
    })
    .from(quotes)
    .innerJoin(tenders, eq(tenders.id, quotes.tenderId))
    .innerJoin(buyer, eq(buyer.id, tenders.userId))
    .innerJoin(maker, eq(maker.id, quotes.userId))
    .where(eq(quotes.id, quoteId))
    .limit(1);
  if (!row) return null;
  const { buyerBanned, makerBanned, ...ids } = row;
  if (viewer.id === row.buyerId && viewer.id !== row.factoryUserId) {
    if (makerBanned) return viewer.isAdmin ? { ...ids, party: "admin", otherSideId: null } : null;
    return { ...ids, party: "buyer", otherSideId: row.factoryUserId };
  }
  if (viewer.id === row.factoryUserId) {
    if (buyerBanned) return viewer.isAdmin ? { ...ids, party: "admin", otherSideId: null } : null;
    return { ...ids, party: "factory", otherSideId: row.buyerId };
  }
  if (viewer.isAdmin) return { ...ids, party: "admin", otherSideId: null };
  return null;
}

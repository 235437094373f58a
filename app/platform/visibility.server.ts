/**
 * What public pages and the other side of a quote may see (moderation, docs/guides/permissions.md):
 * the content of a blocked user is hidden, nothing is deleted. These are the SQL conditions that
 * every query showing such rows carries.
 *
 * Tenders and quotes check their owner's users row (a primary-key lookup per row). Factories and
 * their products use `factories.listed` instead, which triggers keep equal to "the owner is not
 * banned" in the same statement as blocking or unblocking (migration 0008).
 */
import { type Column, type SQL, sql } from "drizzle-orm";
import { schema } from "./db.server";

/** The users row `name` whose id is `id` exists and is not banned. */
function accountNotBanned(name: string, id: SQL | Column): SQL {
  const account = sql.identifier(name);
  return sql`exists (select 1 from ${schema.users} ${account} where ${account}.${sql.identifier("id")} = ${id} and ${account}.${sql.identifier("banned")} is not true)`;
}

/**
 * The condition for a row of `table` (named or aliased so in the query) whose `user_id` is the
 * owner: the owner is not banned. Used for tenders and quotes.
 */
export function ownerNotBanned(table: string): SQL {
  return accountNotBanned("owner", sql`${sql.identifier(table)}.${sql.identifier("user_id")}`);
}

/**
 * The condition, for a query over `quotes` joined with `tenders`, that the other side of the
 * viewer is not blocked: on the buyer's lists the factory's owner, on the factory's lists the
 * tender's owner.
 */
export function otherSideNotBanned(side: "buyer" | "factory"): SQL {
  return accountNotBanned(
    "other_side",
    side === "buyer" ? schema.quotes.userId : schema.tenders.userId,
  );
}

/**
 * A factory shown on public pages: `factories.listed`. The directory's partial indexes cover
 * exactly these rows, so every directory query carries this condition as it is.
 */
export function factoryListed(): SQL {
  return sql`${schema.factories.listed}`;
}

/**
 * The condition for a row of `table` (named or aliased so in the query) with a `factory_id`:
 * its factory is listed. A primary-key lookup per row.
 */
export function productOfListedFactory(table: string): SQL {
  const factory = sql.identifier("listed_factory");
  return sql`exists (select 1 from ${schema.factories} ${factory} where ${factory}.${sql.identifier("id")} = ${sql.identifier(table)}.${sql.identifier("factory_id")} and ${factory}.${sql.identifier("listed")})`;
}

/**
 * The condition, for a query over `tenders`, that the viewer may see the tender: a private tender
 * (issue 29) only by its owner, an admin and the owners of the factories it invited
 * (tender_invitations); for anyone else it does not exist.
 */
export function tenderVisibleTo(viewer: { id: string; isAdmin?: boolean } | null): SQL {
  const tenders = schema.tenders;
  if (viewer?.isAdmin) return sql`true`;
  if (!viewer) return sql`${tenders.private} = false`;
  return sql`(${tenders.private} = false or ${tenders.userId} = ${viewer.id} or exists (select 1 from ${schema.tenderInvitations} invited join ${schema.factories} invited_factory on invited_factory.id = invited.factory_id where invited.tender_id = ${tenders.id} and invited_factory.user_id = ${viewer.id}))`;
}

/**
 * Who may see and act on an order (decision 032): its two parties, an admin (reading), nobody
 * else, and how its parties are told of its news. Shared by the order's services (orders.server.ts,
 * terms.server.ts) and the reviews (app/features/reviews).
 */
import { eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { OrderSide } from "~/domain/orders";
import { insertNotifications } from "~/features/notifications/notifications.server";
import type { CurrentUser } from "~/platform/actor.server";
import { type DbOrTx, schema } from "~/platform/db.server";
import { isUuid } from "~/platform/ids.server";
import type { NotificationKind, OrderStep } from "~db/schema";

const orders = schema.orders;

export type OrderParty = OrderSide | "admin";

// ---------------------------------------------------------------------------------------------
// Who may see an order

export interface OrderAccess {
  party: OrderParty;
  orderId: string;
  step: OrderStep;
  buyerId: string | null;
  factoryUserId: string | null;
  tenderTitle: string;
}

export const buyerUser = alias(schema.users, "order_buyer");
export const factoryUser = alias(schema.users, "order_factory_user");

/**
 * The viewer's standing to one order, or null when the viewer may not see it: a visitor, an
 * unrelated account, a blocked account, a party whose other side is blocked, an unknown id.
 */
export async function orderPartyOf(
  db: DbOrTx,
  viewer: CurrentUser | null,
  orderId: string | null | undefined,
  { forUpdate = false }: { forUpdate?: boolean } = {},
): Promise<OrderAccess | null> {
  if (!viewer || !isUuid(orderId)) return null;
  const query = db
    .select({
      orderId: orders.id,
      step: orders.step,
      buyerId: orders.buyerId,
      factoryUserId: orders.factoryUserId,
      tenderTitle: orders.tenderTitle,
      buyerBanned: buyerUser.banned,
      factoryBanned: factoryUser.banned,
    })
    .from(orders)
    .leftJoin(buyerUser, eq(buyerUser.id, orders.buyerId))
    .leftJoin(factoryUser, eq(factoryUser.id, orders.factoryUserId))
    .where(eq(orders.id, orderId))
    .limit(1);
  const [row] = forUpdate ? await query.for("update", { of: orders }) : await query;
  if (!row) return null;
  const { buyerBanned, factoryBanned, ...access } = row;
  if (viewer.id === row.buyerId) {
    if (buyerBanned) return null;
    if (factoryBanned) return viewer.isAdmin ? { ...access, party: "admin" } : null;
    return { ...access, party: "buyer" };
  }
  if (viewer.id === row.factoryUserId) {
    if (factoryBanned) return null;
    if (buyerBanned) return viewer.isAdmin ? { ...access, party: "admin" } : null;
    return { ...access, party: "factory" };
  }
  if (viewer.isAdmin) return { ...access, party: "admin" };
  return null;
}

/**
 * Tells each of `userIds` (the accounts still there: a deleted side is null) of the order's news:
 * a notification of `kind` (bell, /notifications, a letter), with `note` (a reason) when given.
 */
export async function tellOrderParties(
  tx: DbOrTx,
  access: Pick<OrderAccess, "orderId" | "tenderTitle">,
  userIds: readonly (string | null)[],
  kind: NotificationKind,
  actorId: string,
  note: string | null = null,
): Promise<void> {
  const rows = userIds
    .filter((id): id is string => id !== null)
    .map((userId) => ({
      userId,
      kind,
      actorId,
      tenderId: null,
      quoteId: null,
      tenderTitle: access.tenderTitle,
      orderId: access.orderId,
      note,
    }));
  if (rows.length > 0) await insertNotifications(tx, rows);
}

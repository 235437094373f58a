import type { DbOrTx } from "~/platform/db.server";
import * as schema from "~db/schema";
import { buildDemoInvitations } from "./invitations";

/** Inserts the demo invitations (./invitations.ts) in the seed's transaction. */
export async function insertDemoInvitations(
  tx: DbOrTx,
  {
    users,
    ...rest
  }: Omit<Parameters<typeof buildDemoInvitations>[0], "buyerId"> & {
    users: readonly (typeof schema.users.$inferInsert)[];
  },
): Promise<void> {
  const buyer = users.find((user) => user.email === "buyer@example.com");
  if (!buyer?.id) return;
  const { invitations } = buildDemoInvitations({ buyerId: buyer.id, ...rest });
  if (invitations.length > 0) await tx.insert(schema.tenderInvitations).values(invitations);
}

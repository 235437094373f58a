/**
 * Demo invitations (issue 29, item 4): on the demo buyer's open tenders, invitations in each state
 * (sent, seen, quoted, declined with a reason), one of them to the demo factory that it has not
 * answered yet. No notifications: the demo's notifications are about its quotes
 * (tests/integration/seed.test.ts). Pure: the seed inserts the rows.
 */
import type * as schema from "~db/schema";

type Tender = typeof schema.tenders.$inferInsert;
type Factory = typeof schema.factories.$inferInsert;
type Quote = typeof schema.quotes.$inferInsert;
type Invitation = typeof schema.tenderInvitations.$inferInsert;

const HOUR = 60 * 60 * 1000;
const PER_TENDER = 5;

export function buildDemoInvitations({
  buyerId,
  tenders,
  factories,
  quotes,
  now,
}: {
  /** The demo buyer (buyer@example.com). */
  buyerId: string;
  tenders: readonly Tender[];
  /** In the order of DEMO_FACTORIES: the first is the demo factory. */
  factories: readonly Factory[];
  quotes: readonly Quote[];
  now: number;
}): { invitations: Invitation[] } {
  const invitations: Invitation[] = [];
  const demoFactory = factories[0];
  const quotedBy = new Set(quotes.map((quote) => `${quote.tenderId}:${quote.factoryId}`));
  const open = tenders.filter((tender) => tender.userId === buyerId && tender.status === "active");
  let demoInvited = false;
  for (const [index, tender] of open.slice(0, 3).entries()) {
    const tenderId = tender.id as string;
    const wanted = tender.categories ?? [];
    const fits = factories.filter(
      (factory) =>
        factory.userId !== buyerId &&
        (wanted.length === 0 || (factory.categories ?? []).some((c) => wanted.includes(c))),
    );
    const quoted = fits.filter((factory) => quotedBy.has(`${tenderId}:${factory.id}`));
    const others = fits.filter((factory) => !quotedBy.has(`${tenderId}:${factory.id}`));
    const chosen: { factory: Factory; state: Invitation["state"] }[] = [];
    if (quoted[0]) chosen.push({ factory: quoted[0], state: "quoted" });
    // The demo factory finds an invitation waiting for its answer.
    if (!demoInvited && demoFactory && others.includes(demoFactory)) {
      chosen.push({ factory: demoFactory, state: "sent" });
      demoInvited = true;
    }
    const states: Invitation["state"][] = ["seen", "declined", "sent", "declined"];
    for (const factory of others) {
      if (chosen.length >= PER_TENDER) break;
      if (chosen.some((item) => item.factory === factory)) continue;
      chosen.push({ factory, state: states[(chosen.length + index) % states.length] });
    }
    const placed = (tender.createdAt as Date | undefined) ?? new Date(now);
    for (const [n, { factory, state }] of chosen.entries()) {
      const createdAt = new Date(Math.min(now, placed.getTime() + (n + 1) * HOUR));
      const declined = state === "declined";
      const reason = n % 2 === 0 ? "capacity-full" : "not-our-product";
      invitations.push({
        tenderId,
        factoryId: factory.id as string,
        state,
        declineReason: declined ? reason : null,
        declineNote:
          declined && reason === "capacity-full" ? "Линии заняты до конца квартала" : null,
        seenAt: state === "sent" ? null : new Date(createdAt.getTime() + 2 * HOUR),
        answeredAt: declined ? new Date(createdAt.getTime() + 3 * HOUR) : null,
        createdAt,
      });
    }
  }
  return { invitations };
}

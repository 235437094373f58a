import { Ban } from "lucide-react";
import { Dialog } from "radix-ui";
import type { ComponentProps } from "react";
import { DetailRow } from "~/components/ui/detail-row";
import { AddressDialog, AddressDialogHeader, AddressDialogTitle } from "~/components/ui/dialog";
import { Link } from "~/components/ui/link";
import { locationText, withUserText } from "~/components/user-content";
import { admin, users } from "~/domain/catalogue";
import { formatPhone } from "~/domain/contacts";
import { formatDate } from "~/domain/format";
import { categoryLabel } from "~/domain/reference";
import type { AdminUserDetail } from "~/features/admin/admin.server";
import { VerifiedBadge } from "~/features/factories/components/verified-badge";
import { useLocale, useMessages } from "~/lib/i18n";
import { UserActions } from "./user-actions";
import { userTypeText } from "./user-type";

/**
 * The details of one user (`?user=<id>`) and what an admin can do with them, in an address
 * dialog like a product's: the server's HTML holds it, so it works without JavaScript.
 */
export function UserDialog({
  user,
  actorId,
  closeHref,
  onClose,
}: {
  user: AdminUserDetail | null;
  actorId: string;
  closeHref: string;
  onClose: () => void;
}) {
  return (
    <AddressDialog open={user !== null} onClose={onClose} kind="details">
      {user && (
        <UserDetails user={user} actorId={actorId} closeHref={closeHref} onClose={onClose} />
      )}
    </AddressDialog>
  );
}

/** A detail, "—" when empty; `own` when the value is what the person wrote (email, text). */
function Row({ own = false, children, ...props }: ComponentProps<typeof DetailRow>) {
  return (
    <DetailRow {...props} own={own && !!children}>
      {children || "—"}
    </DetailRow>
  );
}

function UserDetails({
  user,
  actorId,
  closeHref,
  onClose,
}: {
  user: AdminUserDetail;
  actorId: string;
  closeHref: string;
  onClose: () => void;
}) {
  const locale = useLocale();
  const m = useMessages({ admin, users });
  const d = m.admin.detail;
  const factory = user.factory;
  const createdAt = <Row label={d.createdAt}>{formatDate(user.createdAt, { locale })}</Row>;
  const email = (
    <Row label={d.email} own>
      {factory?.email || user.email}
    </Row>
  );
  // A factory's and a person's Instagram and WhatsApp.
  const messengers = (contact: { instagramUrl: string | null; whatsappNumber: string | null }) => (
    <>
      <Row label={d.instagram}>{contact.instagramUrl}</Row>
      <Row label={d.whatsapp}>{contact.whatsappNumber && formatPhone(contact.whatsappNumber)}</Row>
    </>
  );
  return (
    <>
      <AddressDialogHeader closeHref={closeHref} onClose={onClose}>
        <AddressDialogTitle className="font-bold text-slate-900 text-xl" data-user-content>
          {user.name}
        </AddressDialogTitle>
        <Dialog.Description className="mt-1 text-slate-600 text-sm">
          {d.title} · {userTypeText(user.userType, m.users)}
        </Dialog.Description>
        <div className="mt-2 flex flex-wrap gap-2">
          {factory?.verified && <VerifiedBadge />}
          {user.blocked && (
            <span className="inline-flex items-center gap-1 rounded-full bg-red-50 px-2.5 py-1 font-medium text-red-700 text-xs">
              <Ban className="size-3.5" aria-hidden="true" />
              {d.blocked}
            </span>
          )}
        </div>
      </AddressDialogHeader>

      <div className="px-5 py-5 sm:px-6">
        {user.blocked && user.banReason && (
          <p className="mb-4 rounded-lg bg-red-50 px-3 py-2 text-red-800 text-sm">
            {withUserText(d.blockedReason, user.banReason)}
          </p>
        )}
        <dl className="divide-y divide-slate-100">
          {factory ? (
            <>
              <Row label={d.description} own>
                {factory.description}
              </Row>
              <Row label={d.phone}>{factory.phone && formatPhone(factory.phone)}</Row>
              {email}
              <Row label={d.website}>{factory.website}</Row>
              {messengers(factory)}
              <Row label={d.location}>{locationText(factory.country, factory.city, locale)}</Row>
              <Row label={d.categories}>
                {factory.categories.map((slug) => categoryLabel(slug, locale)).join(", ")}
              </Row>
              {createdAt}
              <Row label={d.products}>
                <span>{factory.productCount}</span>{" "}
                <Link
                  to={factory.portfolioHref}
                  className="ml-2 font-semibold text-brand-700 hover:underline"
                >
                  {d.openPortfolio}
                </Link>
              </Row>
            </>
          ) : user.userType === "factory" ? (
            <>
              {email}
              {createdAt}
              <p className="py-3 text-slate-600 text-sm">{d.noFactory}</p>
            </>
          ) : (
            <>
              {email}
              <Row label={d.phone}>{user.phone && formatPhone(user.phone)}</Row>
              {messengers(user)}
              {createdAt}
              <Row label={d.about} own>
                {user.about}
              </Row>
            </>
          )}
        </dl>
        <UserActions user={user} actorId={actorId} />
      </div>
    </>
  );
}

import { LogIn, MessageCircle, Phone, Send, X } from "lucide-react";
import { Dialog } from "radix-ui";
import { type ReactNode, useState } from "react";
import { Link } from "react-router";
import { ProductImage } from "~/components/products/product-visuals";
import { buttonVariants } from "~/components/ui/button";
import { useReturnFocus } from "~/components/ui/dialog";
import { handleOf, phoneLink, whatsappLink } from "~/domain/contacts";
import { formatDate } from "~/domain/format";
import { common } from "~/domain/messages/common";
import { tenders } from "~/domain/messages/tenders";
import { tenderGenderLabel } from "~/domain/reference";
import { cn } from "~/lib/cn";
import { formatBudget, formatQuantity, GenderBadge, type TenderView } from "./tender-card";

const m = { tenders, common } as const;

const d = m.tenders.detail;

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[7.5rem_minmax(0,1fr)] gap-3 py-2.5">
      <dt className="font-medium text-slate-500 text-sm">{label}</dt>
      <dd className="min-w-0 text-slate-900 text-sm">{children}</dd>
    </div>
  );
}

/**
 * The details of one tender (Radix Dialog: focus trapped, Escape and the close button close it),
 * rendered in place rather than in a portal, so `/tenders?tender=<id>` shows it in the server's
 * HTML: it can be shared and opened without JavaScript. Contacts are links for a signed-in
 * viewer; a visitor (whose data carries no contacts) gets a prompt to sign in.
 */
export function TenderDialog({
  tender,
  closeHref,
  onClose,
  loginHref,
}: {
  tender: TenderView | null;
  closeHref: string;
  onClose: () => void;
  /** Where a visitor signs in to see the contacts (comes back to this tender). */
  loginHref: string;
}) {
  const returnFocus = useReturnFocus(tender !== null);
  return (
    <Dialog.Root
      open={tender !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      {tender && (
        <>
          <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-950/60 backdrop-blur-[1px]" />
          <Dialog.Content
            onCloseAutoFocus={returnFocus}
            className="fixed inset-x-0 bottom-0 z-50 max-h-[92dvh] overflow-y-auto overscroll-contain rounded-t-2xl bg-white shadow-xl outline-none sm:inset-x-auto sm:top-1/2 sm:bottom-auto sm:left-1/2 sm:w-[calc(100%-3rem)] sm:max-w-4xl sm:-translate-x-1/2 sm:-translate-y-1/2 sm:rounded-2xl"
          >
            <article data-testid="tender-details">
              <header className="sticky top-0 z-10 flex items-start justify-between gap-3 border-slate-100 border-b bg-white/95 px-5 py-4 backdrop-blur sm:px-6">
                <div className="min-w-0">
                  <GenderBadge gender={tender.category} />
                  <Dialog.Title className="mt-1.5 font-extrabold text-slate-900 text-xl leading-tight tracking-tight sm:text-2xl">
                    {tender.title}
                  </Dialog.Title>
                  <Dialog.Description className="mt-1 font-bold text-lg text-slate-900">
                    {formatBudget(tender)}
                  </Dialog.Description>
                </div>
                <Link
                  to={closeHref}
                  replace
                  preventScrollReset
                  onClick={(event) => {
                    event.preventDefault();
                    onClose();
                  }}
                  aria-label={m.common.close}
                  className="grid size-10 shrink-0 place-items-center rounded-full text-slate-500 hover:bg-slate-100 hover:text-slate-900"
                >
                  <X className="size-5" aria-hidden="true" />
                </Link>
              </header>

              <div
                className={cn(
                  "grid gap-6 px-5 py-5 sm:px-6",
                  tender.photos.length > 0 && "md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]",
                )}
              >
                {tender.photos.length > 0 && (
                  <Gallery key={tender.id} title={tender.title} photos={tender.photos} />
                )}
                <div className="min-w-0">
                  <dl className="divide-y divide-slate-100 border-slate-100 border-y md:border-t-0">
                    <Row label={d.category}>
                      {tenderGenderLabel(tender.category) || m.common.notSpecified}
                    </Row>
                    <Row label={d.quantity}>{formatQuantity(tender.quantity)}</Row>
                    <Row label={d.location}>{tender.location || m.common.notSpecified}</Row>
                    <Row label={d.budget}>{formatBudget(tender)}</Row>
                  </dl>
                  <TextBlock title={d.description} text={tender.description} />
                  <TextBlock title={d.requirements} text={tender.requirements} />
                  <Contacts tender={tender} loginHref={loginHref} />
                  <p className="mt-4 text-slate-500 text-xs">
                    {d.placedOn(formatDate(tender.createdAt))}
                  </p>
                </div>
              </div>
            </article>
          </Dialog.Content>
        </>
      )}
    </Dialog.Root>
  );
}

function TextBlock({ title, text }: { title: string; text: string | null }) {
  return (
    <section className="mt-4">
      <h3 className="font-medium text-slate-500 text-sm">{title}</h3>
      <p className="mt-1 whitespace-pre-line text-slate-900 text-sm leading-6">
        {text || m.common.notSpecified}
      </p>
    </section>
  );
}

function Contacts({ tender, loginHref }: { tender: TenderView; loginHref: string }) {
  const contacts = tender.contacts;
  return (
    <section
      aria-labelledby="tender-contacts"
      className="mt-5 rounded-xl border border-slate-200 bg-slate-50 p-4"
      data-testid="tender-contacts"
    >
      <h3 id="tender-contacts" className="font-semibold text-slate-900 text-sm">
        {d.contacts}
      </h3>
      {!contacts ? (
        <div className="mt-2">
          <p className="text-slate-600 text-sm">{d.contactsLoginPrompt}</p>
          <Link
            to={loginHref}
            className={buttonVariants({ variant: "primary", size: "sm", className: "mt-3" })}
          >
            <LogIn aria-hidden="true" />
            {d.login}
          </Link>
        </div>
      ) : !contacts.phone && !contacts.whatsapp && !contacts.telegram ? (
        <p className="mt-2 text-slate-600 text-sm">{d.noContacts}</p>
      ) : (
        <ul className="mt-2 space-y-2">
          {contacts.phone && (
            <ContactLink icon={Phone} label={d.phone} href={phoneLink(contacts.phone)}>
              {contacts.phone}
            </ContactLink>
          )}
          {contacts.whatsapp && (
            <ContactLink
              icon={MessageCircle}
              label={d.whatsapp}
              href={whatsappLink(contacts.whatsapp)}
              external
            >
              +{contacts.whatsapp}
            </ContactLink>
          )}
          {contacts.telegram && (
            <ContactLink icon={Send} label={d.telegram} href={contacts.telegram} external>
              {handleOf(contacts.telegram)}
            </ContactLink>
          )}
        </ul>
      )}
    </section>
  );
}

function ContactLink({
  icon: Icon,
  label,
  href,
  external = false,
  children,
}: {
  icon: typeof Phone;
  label: string;
  href: string;
  external?: boolean;
  children: ReactNode;
}) {
  return (
    <li className="flex min-h-10 items-center gap-3 text-sm">
      <span className="grid size-8 shrink-0 place-items-center rounded-lg bg-white text-brand-700 ring-1 ring-slate-200">
        <Icon className="size-4" aria-hidden="true" />
      </span>
      <span className="w-20 shrink-0 text-slate-500">{label}</span>
      <a
        href={href}
        {...(external ? { target: "_blank", rel: "noopener noreferrer" } : {})}
        className="min-w-0 truncate font-semibold text-brand-700 hover:text-brand-900 hover:underline"
      >
        {children}
      </a>
    </li>
  );
}

/** Every photo: a large one and, when there are several, thumbnails that switch it. */
function Gallery({ title, photos }: { title: string; photos: readonly string[] }) {
  const [active, setActive] = useState(0);
  const current = photos[active] ?? photos[0];
  return (
    <section aria-label={d.photos} className="min-w-0">
      <div className="overflow-hidden rounded-xl border border-slate-200">
        <ProductImage
          key={current ?? "none"}
          url={current}
          alt={m.common.photoAlt(title, active + 1)}
          large
          eager
        />
      </div>
      {photos.length > 1 && (
        <ul className="mt-2 grid grid-cols-5 gap-2">
          {photos.map((url, index) => (
            <li key={url}>
              <a
                href={url}
                target="_blank"
                rel="noreferrer"
                aria-current={index === active || undefined}
                onClick={(event) => {
                  event.preventDefault();
                  setActive(index);
                }}
                className={cn(
                  "block overflow-hidden rounded-lg border-2",
                  index === active
                    ? "border-brand-600"
                    : "border-transparent hover:border-slate-300",
                )}
              >
                <ProductImage url={url} alt={m.common.photoAlt(title, index + 1)} />
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

import { ArrowUpRight, LogIn, MessageCircle, Phone, Send } from "lucide-react";
import { Dialog } from "radix-ui";
import type { ReactNode } from "react";
import { GalleryBeside } from "~/components/picture-gallery";
import { buttonVariants } from "~/components/ui/button";
import { DetailList, DetailRow, DetailText } from "~/components/ui/detail-row";
import { AddressDialog, AddressDialogHeader, AddressDialogTitle } from "~/components/ui/dialog";
import { Link } from "~/components/ui/link";
import { locationText } from "~/components/user-content";
import { common, tenders } from "~/domain/catalogue";
import { formatPhone, handleOf, phoneLink, whatsappLink } from "~/domain/contacts";
import { formatDate } from "~/domain/format";
import { categoryLabel, tenderGenderLabel } from "~/domain/reference";
import { useLocale, useMessages } from "~/lib/i18n";
import { formatBudget, formatQuantity, GenderBadge, type TenderView } from "./tender-card";

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
  action,
}: {
  tender: TenderView | null;
  closeHref: string;
  onClose: () => void;
  /** Where a visitor signs in to see the contacts (comes back to this tender). */
  loginHref: string;
  /** What the viewer can do with the tender (a factory: quote, or its own quote). */
  action?: ReactNode;
}) {
  const locale = useLocale();
  const m = useMessages({ tenders });
  const d = m.tenders.detail;
  return (
    <AddressDialog open={tender !== null} onClose={onClose} kind="details">
      {tender && (
        <article data-testid="tender-details">
          <AddressDialogHeader closeHref={closeHref} onClose={onClose}>
            <GenderBadge gender={tender.category} />
            <AddressDialogTitle
              className="mt-1.5 font-extrabold text-slate-900 text-xl leading-tight tracking-tight sm:text-2xl"
              data-user-content
            >
              {tender.title}
            </AddressDialogTitle>
            <Dialog.Description className="mt-1 font-bold text-lg text-slate-900">
              {formatBudget(tender, locale)}
            </Dialog.Description>
            <Link
              to={`/tenders/${tender.id}`}
              className="mt-2 inline-flex items-center gap-1 rounded-md font-semibold text-brand-700 text-sm hover:text-brand-900 hover:underline"
            >
              {d.openPage}
              <ArrowUpRight className="size-4" aria-hidden="true" />
            </Link>
            {action && <div>{action}</div>}
          </AddressDialogHeader>

          <TenderDetails tender={tender} loginHref={loginHref} className="px-5 py-5 sm:px-6" />
        </article>
      )}
    </AddressDialog>
  );
}

/**
 * What the dialog and the tender's own page (app/routes/tender.tsx) show of a tender: photos,
 * the facts, description, requirements, contacts (or a prompt to sign in) and the date. Without
 * `contacts` the contacts section is left out (a closed tender takes no answers).
 */
export function TenderDetails({
  tender,
  loginHref,
  contacts = true,
  headingLevel = 3,
  className,
}: {
  tender: TenderView;
  /** Where a visitor signs in to see the contacts (comes back to this tender). */
  loginHref: string;
  contacts?: boolean;
  /** The level of the sections' headings: 3 inside the dialog, 2 on a page of its own. */
  headingLevel?: 2 | 3;
  className?: string;
}) {
  const locale = useLocale();
  const m = useMessages({ tenders, common });
  const d = m.tenders.detail;
  return (
    <GalleryBeside
      id={tender.id}
      label={d.photos}
      name={tender.title}
      urls={tender.photos}
      gridClass="grid-cols-5"
      optional
      className={className}
    >
      <DetailList>
        <DetailRow label={d.category}>
          {tenderGenderLabel(tender.category, locale) || m.common.notSpecified}
        </DetailRow>
        <DetailRow label={d.categories}>
          {tender.categories.length > 0 ? (
            <ul className="flex flex-wrap gap-1.5" data-testid="tender-categories">
              {tender.categories.map((slug) => (
                <li key={slug}>
                  <CategoryLabel slug={slug} />
                </li>
              ))}
            </ul>
          ) : (
            d.anyCategories
          )}
        </DetailRow>
        <DetailRow label={d.quantity}>{formatQuantity(tender.quantity, locale)}</DetailRow>
        <DetailRow label={d.location}>
          {locationText(tender.country, tender.city, locale) || m.common.notSpecified}
        </DetailRow>
      </DetailList>
      <DetailText title={d.description} text={tender.description} level={headingLevel} />
      <DetailText title={d.requirements} text={tender.requirements} level={headingLevel} />
      {contacts && <Contacts tender={tender} loginHref={loginHref} level={headingLevel} />}
      <p className="mt-4 text-slate-500 text-xs">
        {d.placedOn(formatDate(tender.createdAt, { locale }))}
      </p>
    </GalleryBeside>
  );
}

/** An activity category as a small label. */
export function CategoryLabel({ slug }: { slug: string }) {
  const locale = useLocale();
  return (
    <span className="inline-flex items-center rounded-full bg-slate-100 px-2.5 py-0.5 font-medium text-slate-700 text-xs ring-1 ring-slate-200">
      {categoryLabel(slug, locale)}
    </span>
  );
}

function Contacts({
  tender,
  loginHref,
  level,
}: {
  tender: TenderView;
  loginHref: string;
  level: 2 | 3;
}) {
  const m = useMessages({ tenders });
  const d = m.tenders.detail;
  const contacts = tender.contacts;
  const Heading = level === 2 ? "h2" : "h3";
  return (
    <section
      aria-labelledby="tender-contacts"
      className="mt-5 rounded-xl border border-slate-200 bg-slate-50 p-4"
      data-testid="tender-contacts"
    >
      <Heading id="tender-contacts" className="font-semibold text-slate-900 text-sm">
        {d.contacts}
      </Heading>
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
              {formatPhone(contacts.phone)}
            </ContactLink>
          )}
          {contacts.whatsapp && (
            <ContactLink
              icon={MessageCircle}
              label={d.whatsapp}
              href={whatsappLink(contacts.whatsapp)}
              external
            >
              {formatPhone(contacts.whatsapp)}
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

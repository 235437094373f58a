import { Camera, Globe, Mail, MessageCircle, Phone, Send } from "lucide-react";
import { CardSection } from "~/components/ui/card-section";
import { factories, type Messages } from "~/domain/catalogue";
import { formatPhone, handleOf, phoneLink, whatsappLink } from "~/domain/contacts";
import { useMessages } from "~/lib/i18n";

/** The ways to reach a factory that its page lists. */
interface FactoryContactDetails {
  phone: string | null;
  email: string | null;
  website: string | null;
  instagramUrl: string | null;
  telegramUrl: string | null;
  whatsappNumber: string | null;
}

const isWebAddress = (url: string) => /^https?:\/\//i.test(url);

interface Contact {
  key: string;
  label: string;
  icon: typeof Phone;
  href: string;
  text: string;
  external: boolean;
}

function contactsOf(
  factory: FactoryContactDetails,
  t: Messages<typeof factories>["detail"],
): Contact[] {
  const list: Contact[] = [];
  const add = (contact: Contact) => list.push(contact);
  if (factory.phone) {
    add({
      key: "phone",
      label: t.phone,
      icon: Phone,
      href: phoneLink(factory.phone),
      text: formatPhone(factory.phone),
      external: false,
    });
  }
  if (factory.email) {
    add({
      key: "email",
      label: t.email,
      icon: Mail,
      href: `mailto:${factory.email}`,
      text: factory.email,
      external: false,
    });
  }
  if (factory.website && isWebAddress(factory.website)) {
    add({
      key: "website",
      label: t.website,
      icon: Globe,
      href: factory.website,
      text: factory.website.replace(/^https?:\/\/(www\.)?/i, "").replace(/\/$/, ""),
      external: true,
    });
  }
  if (factory.instagramUrl && isWebAddress(factory.instagramUrl)) {
    add({
      key: "instagram",
      label: t.instagram,
      icon: Camera,
      href: factory.instagramUrl,
      text: handleOf(factory.instagramUrl),
      external: true,
    });
  }
  if (factory.telegramUrl && isWebAddress(factory.telegramUrl)) {
    add({
      key: "telegram",
      label: t.telegram,
      icon: Send,
      href: factory.telegramUrl,
      text: handleOf(factory.telegramUrl),
      external: true,
    });
  }
  if (factory.whatsappNumber) {
    add({
      key: "whatsapp",
      label: t.whatsapp,
      icon: MessageCircle,
      href: whatsappLink(factory.whatsappNumber),
      text: formatPhone(factory.whatsappNumber),
      external: true,
    });
  }
  return list;
}

/** The factory's contacts as links (a web address opens in a new tab), or a line saying there are none. */
export function FactoryContacts({ factory }: { factory: FactoryContactDetails }) {
  const t = useMessages({ factories }).factories.detail;
  const contacts = contactsOf(factory, t);
  return (
    <CardSection id="factory-contacts" title={t.contacts} bodyClassName="mt-4">
      {contacts.length > 0 ? (
        <ul className="grid gap-1">
          {contacts.map(({ key, label, icon: Icon, href, text, external }) => (
            <li key={key}>
              <a
                href={href}
                {...(external ? { target: "_blank", rel: "noopener noreferrer nofollow" } : {})}
                className="-mx-2 flex min-h-12 items-center gap-3 rounded-lg px-2 py-1.5 hover:bg-slate-50"
              >
                <span className="grid size-9 shrink-0 place-items-center rounded-lg bg-brand-50 text-brand-700">
                  <Icon aria-hidden="true" className="size-4" />
                </span>
                <span className="min-w-0">
                  <span className="block text-slate-500 text-xs">{label}</span>
                  <span className="block break-all font-medium text-brand-800">{text}</span>
                </span>
                {external && <span className="sr-only">{t.newTab}</span>}
              </a>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-slate-500">{t.noContacts}</p>
      )}
    </CardSection>
  );
}

import { MailOpen } from "lucide-react";
import { Link } from "~/components/ui/link";
import { capabilities, invitations } from "~/domain/catalogue";
import type { ReceivedInvitation } from "~/features/invitations/invitations.server";
import { useMessages } from "~/lib/i18n";

/** The factory dashboard's invitations: the open tenders its buyers invited it to. */
export function ReceivedInvitations({ items }: { items: readonly ReceivedInvitation[] }) {
  const m = useMessages({ invitations, capabilities });
  if (items.length === 0) return null;
  return (
    <section
      aria-labelledby="received-invitations"
      className="mt-10 rounded-2xl border border-brand-200 bg-white p-5 sm:p-6"
    >
      <h2
        id="received-invitations"
        className="inline-flex items-center gap-2 font-bold text-lg text-slate-900"
      >
        <MailOpen className="size-5 text-brand-700" aria-hidden="true" />
        {m.invitations.received}
      </h2>
      <ul className="mt-3 divide-y divide-slate-100">
        {items.map((item) => (
          <li
            key={item.tenderId}
            className="flex flex-wrap items-center justify-between gap-2 py-2.5"
          >
            <Link
              to={`/tenders/${item.tenderId}`}
              className="font-semibold text-brand-800 hover:underline"
              data-user-content
            >
              {item.title}
            </Link>
            <span className="text-slate-600 text-sm">
              {m.capabilities.invitationStates[item.state]}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

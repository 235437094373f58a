import { FileBadge } from "lucide-react";
import { capabilities, certificates } from "~/domain/catalogue";
import { formatDate } from "~/domain/format";
import { useLocale, useMessages } from "~/lib/i18n";
import type { Certification } from "~db/schema";

/**
 * The factory's verified certifications on its public page: each standard and its last day.
 * Nothing of pending or rejected ones, never a file.
 */
export function PublicCertifications({
  items,
  className,
}: {
  items: readonly { certification: Certification; validUntil: Date | string | null }[];
  className?: string;
}) {
  const locale = useLocale();
  const m = useMessages({ certificates, capabilities });
  const t = m.certificates.public;
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="certifications-title" className={className}>
      <h2 id="certifications-title" className="font-bold text-lg text-slate-900">
        {t.title}
      </h2>
      <p className="mt-0.5 text-slate-500 text-sm">{t.hint}</p>
      <ul className="mt-3 flex flex-wrap gap-2" data-testid="factory-certifications">
        {items.map((item) => (
          <li
            key={item.certification}
            className="inline-flex items-center gap-1.5 rounded-full bg-emerald-50 px-3 py-1.5 text-emerald-900 text-sm ring-1 ring-emerald-200 ring-inset"
          >
            <FileBadge className="size-4 shrink-0 text-emerald-700" aria-hidden="true" />
            <span className="font-semibold">
              {m.capabilities.certifications[item.certification]}
            </span>
            {item.validUntil && (
              <span className="text-emerald-800">
                {t.validUntil(formatDate(item.validUntil, { locale }))}
              </span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

import { PackageOpen } from "lucide-react";
import type { ReactNode } from "react";
import { EmptyState } from "~/components/ui/empty-state";
import { legacy } from "~/domain/catalogue";
import { useMessages } from "~/lib/i18n";

/**
 * The body of a legacy catalogue (/clothing, /textile): its filters beside a result that is
 * always empty and points to the factories (products live in their portfolios now). `id` names the count line, which names the results.
 */
export function LegacyCatalogue({
  id,
  filters,
  found,
  empty,
  emptyText,
}: {
  id: string;
  filters: ReactNode;
  /** 'Найдено: 0 товаров' */
  found: string;
  empty: string;
  emptyText: string;
}) {
  const m = useMessages({ legacy });
  return (
    <div className="grid gap-5 lg:grid-cols-[18rem_minmax(0,1fr)] lg:items-start lg:gap-8">
      {filters}
      <section aria-labelledby={id} className="min-w-0">
        <p id={id} role="status" className="flex min-h-9 items-center font-semibold text-slate-700">
          {found}
        </p>
        <EmptyState
          className="mt-4"
          icon={PackageOpen}
          title={empty}
          text={emptyText}
          action={{ to: "/factories", label: m.legacy.goToFactories }}
        />
      </section>
    </div>
  );
}

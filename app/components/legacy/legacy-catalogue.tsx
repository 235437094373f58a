import type { ReactNode } from "react";
import { LegacyEmpty } from "./legacy-notice";

/**
 * The body of a legacy catalogue (/clothing, /textile): its filters beside a result that is
 * always empty and points to the factories. `id` names the count line, which names the results.
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
  return (
    <div className="grid gap-5 lg:grid-cols-[18rem_minmax(0,1fr)] lg:items-start lg:gap-8">
      {filters}
      <section aria-labelledby={id} className="min-w-0">
        <p id={id} role="status" className="flex min-h-9 items-center font-semibold text-slate-700">
          {found}
        </p>
        <div className="mt-4">
          <LegacyEmpty title={empty} text={emptyText} />
        </div>
      </section>
    </div>
  );
}

import { CardSection } from "~/components/ui/card-section";
import { capabilities, capabilityProfile } from "~/domain/catalogue";
import type { Capabilities } from "~/features/factories/capabilities.server";
import { useMessages } from "~/lib/i18n";

/**
 * The factory page's "Capabilities" section (issue 29): the numbers a buyer decides by, then
 * what it offers as lists. Only what the factory said is shown; nothing at all when it said
 * nothing.
 */
export function CapabilitySection({ value }: { value: Capabilities }) {
  const m = useMessages({ capabilityProfile, capabilities });
  const t = m.capabilityProfile.page;
  const labels = m.capabilities;
  const numbers = (
    [
      [t.minOrder, value.minOrder && t.pieces(value.minOrder)],
      [t.monthlyCapacity, value.monthlyCapacity && t.piecesPerMonth(value.monthlyCapacity)],
      [t.leadTime, value.leadTimeDays && t.days(value.leadTimeDays)],
      [t.sampleDays, value.sampleDays && t.days(value.sampleDays)],
      [t.staffCount, value.staffCount && t.people(value.staffCount)],
      [t.foundedYear, value.foundedYear && String(value.foundedYear)],
    ] as [string, string | null | 0][]
  ).filter((fact): fact is [string, string] => Boolean(fact[1]));
  const lists = (
    [
      [t.services, value.services.map((v) => labels.services[v])],
      [t.materials, value.materials.map((v) => labels.materials[v])],
      [t.exportMarkets, value.exportMarkets.map((v) => labels.markets[v])],
      [t.languages, value.languages.map((v) => labels.languages[v])],
    ] as [string, string[]][]
  ).filter(([, items]) => items.length > 0);
  if (numbers.length === 0 && lists.length === 0) return null;
  return (
    <CardSection id="factory-capabilities" title={t.title} bodyClassName="mt-4">
      {numbers.length > 0 && (
        <dl className="grid grid-cols-2 gap-x-4 gap-y-4 sm:grid-cols-3">
          {numbers.map(([term, text]) => (
            <div key={term} className="min-w-0">
              <dt className="text-slate-500 text-xs">{term}</dt>
              <dd className="mt-0.5 font-semibold text-slate-900">{text}</dd>
            </div>
          ))}
        </dl>
      )}
      {lists.length > 0 && (
        <dl className={numbers.length > 0 ? "mt-6 grid gap-4" : "grid gap-4"}>
          {lists.map(([term, items]) => (
            <div key={term}>
              <dt className="text-slate-500 text-xs">{term}</dt>
              <dd className="mt-1.5">
                <ul className="flex flex-wrap gap-1.5">
                  {items.map((item) => (
                    <li
                      key={item}
                      className="rounded-full bg-slate-100 px-3 py-1 font-medium text-slate-800 text-sm"
                    >
                      {item}
                    </li>
                  ))}
                </ul>
              </dd>
            </div>
          ))}
        </dl>
      )}
    </CardSection>
  );
}

import type { ReactNode } from "react";

/**
 * A few facts as a `<dl>`: each a small grey label over its value (a quote's price and terms, a
 * tender's quantity and budget). `className` lays the list out; `valueClassName` sets the values.
 */
export function FactList({
  facts,
  label,
  className,
  valueClassName,
}: {
  facts: readonly (readonly [string, ReactNode])[];
  /** The list's accessible name, when the heading around it does not give one. */
  label?: string;
  className: string;
  valueClassName: string;
}) {
  return (
    <dl aria-label={label} className={className}>
      {facts.map(([term, value]) => (
        <div key={term} className="min-w-0">
          <dt className="text-slate-500 text-xs">{term}</dt>
          <dd className={valueClassName}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

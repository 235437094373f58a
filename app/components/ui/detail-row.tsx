import type { ReactNode } from "react";

/**
 * A label and its value in a details list (`<dl>`) of a dialog; `own` when the value is what a
 * person wrote (their name, their text), which the page marks as user content.
 */
export function DetailRow({
  label,
  own = false,
  children,
}: {
  label: string;
  own?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="grid grid-cols-[8.5rem_minmax(0,1fr)] gap-3 py-2.5">
      <dt className="font-medium text-slate-500 text-sm">{label}</dt>
      <dd
        className="min-w-0 whitespace-pre-line break-words text-slate-900 text-sm"
        data-user-content={own || undefined}
      >
        {children}
      </dd>
    </div>
  );
}

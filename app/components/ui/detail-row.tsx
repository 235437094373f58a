import type { ReactNode } from "react";
import { common } from "~/domain/catalogue";
import { useMessages } from "~/lib/i18n";

// The details of a product or a tender, in its dialog or on its page: a list of labelled values
// and, under it, its longer texts.

/** The list of a thing's labelled values (DetailRow's). */
export function DetailList({ children }: { children: ReactNode }) {
  return (
    <dl className="divide-y divide-slate-100 border-slate-100 border-y md:border-t-0">
      {children}
    </dl>
  );
}

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

/**
 * One of a thing's longer texts (a description, requirements) under its title; 'Не указано'
 * when it has none. `level` is its heading's: 3 inside a dialog, 2 on a page of its own.
 */
export function DetailText({
  title,
  text,
  level = 3,
}: {
  title: string;
  text: string | null;
  level?: 2 | 3;
}) {
  const m = useMessages({ common });
  const Heading = level === 2 ? "h2" : "h3";
  return (
    <section className="mt-4">
      <Heading className="font-medium text-slate-500 text-sm">{title}</Heading>
      <p
        className="mt-1 whitespace-pre-line text-slate-900 text-sm leading-6"
        data-user-content={!!text || undefined}
      >
        {text || m.common.notSpecified}
      </p>
    </section>
  );
}

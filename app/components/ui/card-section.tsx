import { type ReactNode, useId } from "react";
import { cn } from "~/lib/cn";

/**
 * A white card that is a section named by its heading: a factory page's contacts or location,
 * a part of a form. `subtitle` is a line of the user's own text under the title; with
 * `bodyClassName` the content goes in a block of its own (spacing it from the title), without it
 * the content follows the title directly (for a `space-y-*` card).
 */
export function CardSection({
  title,
  id,
  subtitle,
  className,
  bodyClassName,
  children,
}: {
  title: string;
  /** The heading's id, for pages that link to the section; a generated one otherwise. */
  id?: string;
  subtitle?: string;
  className?: string;
  bodyClassName?: string;
  children: ReactNode;
}) {
  const generated = useId();
  const headingId = id ?? generated;
  return (
    <section
      aria-labelledby={headingId}
      className={cn("rounded-2xl border border-slate-200 bg-white p-5 sm:p-6", className)}
    >
      <h2 id={headingId} className="font-bold text-lg text-slate-900">
        {title}
      </h2>
      {subtitle && (
        <p className="mt-0.5 truncate text-slate-600 text-sm" data-user-content>
          {subtitle}
        </p>
      )}
      {bodyClassName === undefined ? children : <div className={bodyClassName}>{children}</div>}
    </section>
  );
}

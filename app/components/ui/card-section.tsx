import { type ReactNode, useId } from "react";
import { cn } from "~/lib/cn";

/**
 * A white card that is a section named by its heading: a factory page's contacts or location,
 * a part of a form. `subtitle` is a line of the user's own text under the title; with
 * `bodyClassName` the content goes in a block of its own (spacing it from the title), without it
 * the content follows the title directly (for a `space-y-*` card). `icon` goes before the title,
 * and `headingClassName` changes the title's look (a smaller or a red one).
 */
export function CardSection({
  title,
  id,
  icon,
  subtitle,
  className,
  headingClassName,
  bodyClassName,
  children,
}: {
  title: string;
  /** The heading's id, for pages that link to the section; a generated one otherwise. */
  id?: string;
  /** An icon before the title (an element marked aria-hidden). */
  icon?: ReactNode;
  subtitle?: string;
  className?: string;
  headingClassName?: string;
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
      <h2
        id={headingId}
        className={cn(
          "font-bold text-lg text-slate-900",
          icon !== undefined && "flex items-center gap-2",
          headingClassName,
        )}
      >
        {icon}
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

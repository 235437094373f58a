import type { ReactNode } from "react";
import { cn } from "~/lib/cn";

/** A titled white card of the factory's page (contacts, location, about, categories). */
export function InfoCard({
  title,
  id,
  children,
  className,
}: {
  title: string;
  id: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section
      aria-labelledby={id}
      className={cn("rounded-2xl border border-slate-200 bg-white p-5 sm:p-6", className)}
    >
      <h2 id={id} className="font-bold text-lg text-slate-900">
        {title}
      </h2>
      <div className="mt-4">{children}</div>
    </section>
  );
}

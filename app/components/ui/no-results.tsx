import type { ReactNode } from "react";
import { cn } from "~/lib/cn";
import { buttonVariants } from "./button";
import { Link } from "./link";

/**
 * A directory that found nothing: an icon and a title, and when filters are on, a hint and the
 * link that clears them.
 */
export function NoResults({
  icon,
  title,
  reset,
}: {
  icon: ReactNode;
  title: string;
  reset?: { hint: string; to: string; label: string };
}) {
  return (
    <div className="mt-4 flex flex-col items-center rounded-2xl border border-slate-300 border-dashed bg-white px-6 py-14 text-center">
      <span className="grid size-14 place-items-center rounded-full bg-slate-100 text-slate-500">
        {icon}
      </span>
      <h2 className="mt-4 font-bold text-lg text-slate-900">{title}</h2>
      {reset && (
        <>
          <p className="mt-2 max-w-sm text-slate-600 text-sm">{reset.hint}</p>
          <Link to={reset.to} className={cn(buttonVariants({ variant: "secondary" }), "mt-6")}>
            {reset.label}
          </Link>
        </>
      )}
    </div>
  );
}

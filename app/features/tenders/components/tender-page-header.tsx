import type { ReactNode } from "react";
import { BackLink } from "~/components/ui/back-link";
import { cn } from "~/lib/cn";
import type { TenderStatus } from "~db/schema";
import { GenderBadge, StatusBadge } from "./tender-card";

/**
 * The white head of a tender's page, the public one (/tenders/{id}) and the buyer's
 * (/my-tenders/{id}): the way back, the status (and gender), the title, then `children`.
 */
export function TenderPageHeader({
  back,
  status,
  gender = null,
  title,
  className,
  children,
}: {
  back: { to: string; label: string };
  status: TenderStatus;
  gender?: string | null;
  title: string;
  /** The bottom padding, which differs between the two pages. */
  className: string;
  children: ReactNode;
}) {
  return (
    <header className="border-slate-200 border-b bg-white">
      <div className={cn("mx-auto w-full max-w-7xl px-4 pt-5 sm:px-6 lg:px-8", className)}>
        <BackLink to={back.to}>{back.label}</BackLink>
        <div className="mt-4 flex flex-wrap items-center gap-1.5">
          <StatusBadge status={status} />
          <GenderBadge gender={gender} />
        </div>
        <h1
          className="mt-2 max-w-4xl break-words font-extrabold text-2xl text-slate-900 leading-tight tracking-tight sm:text-3xl"
          data-user-content
        >
          {title}
        </h1>
        {children}
      </div>
    </header>
  );
}

import { ArrowRight, FileBadge } from "lucide-react";
import { buttonVariants } from "~/components/ui/button";
import { Link } from "~/components/ui/link";
import { certificates } from "~/domain/catalogue";
import { useMessages } from "~/lib/i18n";
import type { CertificateStatus } from "~db/schema";

/** The factory's certificates on its dashboard (`#certificates`): how many in each state, a link. */
export function CertificatesSummary({ counts }: { counts: Record<CertificateStatus, number> }) {
  const t = useMessages({ certificates }).certificates.own;
  return (
    <section
      id="certificates"
      aria-labelledby="certificates-title"
      className="mt-10 flex scroll-mt-24 flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5 sm:flex-row sm:items-center sm:p-6"
      data-testid="certificates-summary"
    >
      <span className="grid size-12 shrink-0 place-items-center rounded-xl bg-emerald-50 text-emerald-700">
        <FileBadge className="size-6" aria-hidden="true" />
      </span>
      <div className="min-w-0 flex-1">
        <h2 id="certificates-title" className="font-bold text-lg text-slate-900">
          {t.dashboardTitle}
        </h2>
        <p className="mt-0.5 text-slate-600 text-sm">
          {t.dashboardText(counts.verified, counts.pending, counts.rejected)}
        </p>
      </div>
      <Link
        to="/factory-dashboard/certificates"
        className={buttonVariants({ variant: "secondary", className: "shrink-0" })}
      >
        {t.dashboardLink}
        <ArrowRight aria-hidden="true" />
      </Link>
    </section>
  );
}

import { FileLabel } from "~/components/file-label";
import { withUserText } from "~/components/user-content";
import type { Attachment } from "~/domain/attachments";
import { attachments as attachmentMessages, capabilities, certificates } from "~/domain/catalogue";
import { certificateFileHref } from "~/domain/certificates";
import { formatDate } from "~/domain/format";
import { cn } from "~/lib/cn";
import { useLocale, useMessages } from "~/lib/i18n";
import type { CertificateStatus } from "~db/schema";

type When = Date | string;

/** A decision as the pages get it (dates may arrive as strings). */
export interface DecisionView {
  id: string;
  status: "verified" | "rejected";
  note: string | null;
  createdAt: When;
  admin: string | null;
}

const TONES: Record<CertificateStatus, string> = {
  pending: "bg-sky-50 text-sky-800 ring-sky-200",
  verified: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  rejected: "bg-red-50 text-red-800 ring-red-200",
};

/** A certificate's state as a small pill: under review, verified, rejected. */
export function CertificateStatusPill({ status }: { status: CertificateStatus }) {
  const t = useMessages({ capabilities }).capabilities;
  return (
    <span
      className={cn(
        "inline-flex shrink-0 items-center rounded-full px-2.5 py-1 font-semibold text-xs ring-1 ring-inset",
        TONES[status],
      )}
      data-testid="certificate-status"
      data-status={status}
    >
      {t.certificateStatuses[status]}
    </span>
  );
}

/**
 * The certificate's file as a link (a shared address, no language prefix): a PDF always comes as
 * a download, a picture opens in a new tab. Only the owner and admins get it.
 */
export function CertificateFileLink({
  certificateId,
  file,
}: {
  certificateId: string;
  file: Attachment;
}) {
  const m = useMessages({ attachments: attachmentMessages }).attachments;
  return (
    <a
      href={certificateFileHref(certificateId, file)}
      {...(file.kind === "image" ? { target: "_blank", rel: "noopener" } : {})}
      // The link's name is what it shows (the file's name and size); the verb is its hint.
      title={file.kind === "pdf" ? m.download(file.name) : m.open(file.name)}
      className="inline-flex max-w-full items-center gap-1.5 rounded-lg border border-slate-200 bg-white px-2.5 py-1.5 text-slate-800 text-xs hover:border-brand-300 hover:text-brand-800"
      data-testid="certificate-file"
    >
      <FileLabel name={file.name} size={file.size} iconClassName="text-slate-400" />
    </a>
  );
}

/** Every decision on a certificate, newest first: who, when, what, the note. */
export function CertificateHistory({ history }: { history: readonly DecisionView[] }) {
  const locale = useLocale();
  const m = useMessages({ certificates, capabilities });
  const t = m.certificates;
  if (history.length === 0) return null;
  return (
    <div className="mt-4 text-sm">
      <p className="font-semibold text-slate-700">{t.own.history}</p>
      <ol className="mt-1.5 grid gap-2" data-testid="certificate-history">
        {history.map((decision) => {
          const when = formatDate(decision.createdAt, { locale });
          return (
            <li key={decision.id} className="rounded-lg bg-slate-50 px-3 py-2">
              <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
                <CertificateStatusPill status={decision.status} />
                <span className="text-slate-600">
                  {decision.admin
                    ? withUserText((name) => t.admin.decided(name, when), decision.admin)
                    : t.admin.decided(t.admin.unknownAdmin, when)}
                </span>
              </p>
              {decision.note && (
                <p
                  className="mt-1 whitespace-pre-line break-words text-slate-800"
                  data-user-content
                >
                  {decision.note}
                </p>
              )}
            </li>
          );
        })}
      </ol>
    </div>
  );
}

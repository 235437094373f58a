import { ExternalLink, ShieldCheck, ShieldX, UserRound } from "lucide-react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { inputClass } from "~/components/ui/field";
import { Link } from "~/components/ui/link";
import type { Attachment } from "~/domain/attachments";
import { capabilities, certificates } from "~/domain/catalogue";
import { formatDate } from "~/domain/format";
import { ownText } from "~/domain/locale";
import { MAX_CERTIFICATE_NOTE } from "~/features/certificates/schema";
import { cn } from "~/lib/cn";
import { useLocale, useMessages } from "~/lib/i18n";
import type { CertificateStatus, Certification } from "~db/schema";
import {
  CertificateFileLink,
  CertificateHistory,
  CertificateStatusPill,
  type DecisionView,
} from "./certificate-parts";

type When = Date | string;

/** A certificate as the admins' page gets it. */
export interface AdminCertificateCardView {
  id: string;
  certification: Certification;
  file: Attachment | null;
  validUntil: When | null;
  status: CertificateStatus;
  updatedAt: When;
  history: DecisionView[];
  factoryId: string;
  factoryName: string;
  factoryNameEn: string | null;
  ownerId: string;
  ownerEmail: string;
}

/**
 * One certificate on /admin/certificates: the factory, the standard, the last day, the file and
 * the history; a pending one has the decision form (a note, then verify or reject: one plain
 * form, so it works without JavaScript).
 */
export function AdminCertificateCard({
  certificate,
  action,
}: {
  certificate: AdminCertificateCardView;
  /** Where the decision form posts (the page's address in its language, with its query). */
  action: string;
}) {
  const locale = useLocale();
  const m = useMessages({ certificates, capabilities });
  const t = m.certificates.admin;
  const label = m.capabilities.certifications[certificate.certification];
  const name = ownText(certificate.factoryName, certificate.factoryNameEn, locale);
  const noteId = `note-${certificate.id}`;
  const pending = certificate.status === "pending";
  return (
    <li
      className="rounded-2xl border border-slate-200 bg-white p-5 sm:p-6"
      data-testid={pending ? "pending-certificate" : "decided-certificate"}
      aria-label={`${label}: ${name}`}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="font-bold text-lg text-slate-900">{label}</h3>
          <p className="mt-0.5 break-words text-slate-800 text-sm">
            {t.factory}: <span data-user-content>{name}</span>
          </p>
          <p className="break-all text-slate-600 text-sm">
            {t.owner}: <span data-user-content>{certificate.ownerEmail}</span>
          </p>
          <p className="text-slate-500 text-sm">
            {certificate.validUntil
              ? m.certificates.own.validUntil(formatDate(certificate.validUntil, { locale }))
              : m.certificates.own.noValidUntil}
            {" · "}
            {t.uploadedAt(formatDate(certificate.updatedAt, { locale }))}
          </p>
        </div>
        <CertificateStatusPill status={certificate.status} />
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-x-4 gap-y-2 text-sm">
        {certificate.file && (
          <CertificateFileLink certificateId={certificate.id} file={certificate.file} />
        )}
        <Link
          to={`/factories/${certificate.factoryId}`}
          className="inline-flex items-center gap-1 font-semibold text-brand-700 hover:underline"
        >
          <ExternalLink className="size-4" aria-hidden="true" />
          {t.openPage}
        </Link>
        <Link
          to={`/admin?user=${encodeURIComponent(certificate.ownerId)}`}
          className="inline-flex items-center gap-1 font-semibold text-brand-700 hover:underline"
        >
          <UserRound className="size-4" aria-hidden="true" />
          {t.userDetails}
        </Link>
      </div>
      <CertificateHistory history={certificate.history} />
      {pending && (
        <Form
          method="post"
          action={action}
          className="mt-5 grid gap-2 border-slate-100 border-t pt-4"
        >
          <input type="hidden" name="intent" value="decide" />
          <input type="hidden" name="certificateId" value={certificate.id} />
          <label htmlFor={noteId} className="font-medium text-slate-700 text-sm">
            {t.note}
          </label>
          <textarea
            id={noteId}
            name="note"
            rows={2}
            maxLength={MAX_CERTIFICATE_NOTE}
            aria-describedby={`${noteId}-hint`}
            className={cn(inputClass, "h-auto py-2")}
          />
          <p id={`${noteId}-hint`} className="text-slate-500 text-xs">
            {t.noteHint}
          </p>
          <div className="mt-1 flex flex-col gap-2 sm:flex-row sm:justify-end">
            <Button type="submit" name="decision" value="rejected" variant="secondary">
              <ShieldX />
              {t.reject}
            </Button>
            <Button type="submit" name="decision" value="verified">
              <ShieldCheck />
              {t.verify}
            </Button>
          </div>
        </Form>
      )}
    </li>
  );
}

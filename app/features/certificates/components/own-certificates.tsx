import { FilePlus2, RefreshCw, Trash2 } from "lucide-react";
import { AttachmentInput } from "~/components/attachment-input";
import { Button } from "~/components/ui/button";
import { ConfirmPost } from "~/components/ui/confirm-post";
import { allErrorsOf, SelectField, TextField } from "~/components/ui/form-fields";
import { UploadForm } from "~/components/ui/upload-form";
import { UploadProgressBar } from "~/components/ui/upload-progress";
import { useIsSubmitting, useSchemaForm } from "~/components/use-schema-form";
import type { Attachment } from "~/domain/attachments";
import { capabilities, certificates } from "~/domain/catalogue";
import { formatDate } from "~/domain/format";
import { newCertificateSchema, replaceCertificateSchema } from "~/features/certificates/schema";
import { useLocale, useLocalizedHref, useMessages } from "~/lib/i18n";
import { CERTIFICATIONS, type CertificateStatus, type Certification } from "~db/schema";
import {
  CertificateFileLink,
  CertificateHistory,
  CertificateStatusPill,
  type DecisionView,
} from "./certificate-parts";

type LastResult = Parameters<typeof useSchemaForm>[1];
type When = Date | string;

/** One of the factory's certificates as its page gets it. */
export interface OwnCertificateView {
  id: string;
  certification: Certification;
  file: Attachment | null;
  validUntil: When | null;
  status: CertificateStatus;
  note: string | null;
  decidedAt: When | null;
  updatedAt: When;
  history: DecisionView[];
}

/** 'YYYY-MM-DD' of a stored day (the value of a date input). */
const dayValue = (value: When | null) =>
  value ? new Date(value).toISOString().slice(0, 10) : undefined;

/**
 * The form that adds a certificate: the standard (those the factory has not added yet), the
 * file, the optional last day. A plain multipart form: it works without JavaScript.
 */
export function AddCertificateForm({
  action,
  taken,
  lastResult,
}: {
  action: string;
  /** The certifications the factory has already added. */
  taken: readonly Certification[];
  lastResult: LastResult;
}) {
  const locale = useLocale();
  const href = useLocalizedHref();
  const m = useMessages({ certificates, capabilities });
  const t = m.certificates.form;
  const [form, fields] = useSchemaForm(newCertificateSchema(locale), lastResult, {
    id: "certificate-add",
  });
  const busy = useIsSubmitting(action);
  const open = CERTIFICATIONS.filter((certification) => !taken.includes(certification));
  if (open.length === 0) return null;
  return (
    <section
      aria-labelledby="certificate-add-title"
      className="rounded-2xl border border-slate-200 bg-white p-5 sm:p-6"
    >
      <h2 id="certificate-add-title" className="font-bold text-lg text-slate-900">
        {t.addTitle}
      </h2>
      <UploadForm form={form} action={href(action)} intent="add" className="mt-4 grid gap-5">
        <div className="grid gap-5 sm:grid-cols-2">
          <SelectField
            field={fields.certification}
            label={t.certification}
            placeholder={t.certificationPlaceholder}
          >
            {open.map((certification) => (
              <option key={certification} value={certification}>
                {m.capabilities.certifications[certification]}
              </option>
            ))}
          </SelectField>
          <TextField
            field={fields.validUntil}
            type="date"
            label={t.validUntil}
            hint={t.validUntilHint}
          />
        </div>
        <AttachmentInput
          name={fields.file.name}
          label={t.file}
          hint={t.fileHint}
          max={1}
          errors={allErrorsOf(fields.file)}
          removeLabel={(name) => `${t.removeFile}: ${name}`}
          chosenLabel={t.chosen}
        />
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-end">
          <UploadProgressBar active={busy} />
          <Button type="submit" disabled={busy} className="sm:min-w-56">
            <FilePlus2 />
            {busy ? t.sending : t.submit}
          </Button>
        </div>
      </UploadForm>
    </section>
  );
}

/**
 * One certificate on the factory's page: its standard and state, the last day, the file, the
 * admin's note and the history of decisions; a form that replaces the file (back to review) and
 * a button that removes the certificate (after asking).
 */
export function OwnCertificateCard({
  certificate,
  action,
}: {
  certificate: OwnCertificateView;
  action: string;
}) {
  const locale = useLocale();
  const href = useLocalizedHref();
  const m = useMessages({ certificates, capabilities });
  const t = m.certificates;
  const label = m.capabilities.certifications[certificate.certification];
  const date = (value: When) => formatDate(value, { locale });
  const expired =
    certificate.validUntil !== null &&
    new Date(certificate.validUntil).getTime() < Date.parse(new Date().toISOString().slice(0, 10));
  const stateText =
    certificate.status === "pending"
      ? t.own.pendingText
      : certificate.status === "verified"
        ? t.own.verifiedText(date(certificate.decidedAt ?? certificate.updatedAt))
        : t.own.rejectedText(date(certificate.decidedAt ?? certificate.updatedAt));
  return (
    <li
      className="rounded-2xl border border-slate-200 bg-white p-5 sm:p-6"
      data-testid="own-certificate"
      data-certification={certificate.certification}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="font-bold text-lg text-slate-900">{label}</h3>
          <p className="mt-0.5 text-slate-600 text-sm">
            {certificate.validUntil
              ? expired
                ? t.own.expired(date(certificate.validUntil))
                : t.own.validUntil(date(certificate.validUntil))
              : t.own.noValidUntil}
          </p>
        </div>
        <CertificateStatusPill status={certificate.status} />
      </div>
      <p className="mt-2 max-w-3xl text-slate-600 text-sm">{stateText}</p>
      {certificate.note && certificate.status !== "pending" && (
        <div className="mt-3 rounded-lg bg-slate-50 px-4 py-3 text-sm">
          <p className="font-semibold text-slate-700">{t.own.adminNote}</p>
          <p className="mt-1 whitespace-pre-line break-words text-slate-800" data-user-content>
            {certificate.note}
          </p>
        </div>
      )}
      {certificate.file && (
        <div className="mt-3 text-sm">
          <p className="font-semibold text-slate-700">{t.own.file}</p>
          <p className="mt-1.5">
            <CertificateFileLink certificateId={certificate.id} file={certificate.file} />
          </p>
          <p className="mt-1 text-slate-500 text-xs">
            {t.own.uploadedAt(date(certificate.updatedAt))}
          </p>
        </div>
      )}
      <CertificateHistory history={certificate.history} />
      <ReplaceForm certificate={certificate} action={action} />
      <div className="mt-3 flex justify-end">
        <ConfirmPost
          icon={Trash2}
          label={t.own.remove}
          accessibleName={`${t.own.remove}: ${label}`}
          size="sm"
          title={t.own.removeConfirmTitle}
          description={t.own.removeConfirmText(label)}
          confirmLabel={t.own.remove}
          action={href(action)}
          intent="remove"
          fields={{ certificateId: certificate.id }}
        />
      </div>
    </li>
  );
}

function ReplaceForm({ certificate, action }: { certificate: OwnCertificateView; action: string }) {
  const locale = useLocale();
  const href = useLocalizedHref();
  const m = useMessages({ certificates, capabilities });
  const t = m.certificates;
  const label = m.capabilities.certifications[certificate.certification];
  const [form, fields] = useSchemaForm(replaceCertificateSchema(locale), undefined, {
    id: `certificate-replace-${certificate.id}`,
    defaultValue: { validUntil: dayValue(certificate.validUntil) as never },
  });
  const busy = useIsSubmitting(action);
  return (
    <details
      className="mt-4 rounded-lg border border-slate-100 px-4 py-3 text-sm"
      data-testid="certificate-replace"
    >
      <summary className="cursor-pointer font-semibold text-brand-700">
        {t.own.replaceTitle}
      </summary>
      <p className="mt-2 text-slate-600">{t.own.replaceHint}</p>
      <UploadForm
        form={form}
        action={href(action)}
        intent="replace"
        rowFields={{ certificateId: certificate.id }}
        className="mt-3 grid gap-4"
      >
        <AttachmentInput
          name={fields.file.name}
          label={`${t.form.file}: ${label}`}
          hint={t.form.fileHint}
          max={1}
          errors={allErrorsOf(fields.file)}
          removeLabel={(name) => `${t.form.removeFile}: ${name}`}
          chosenLabel={t.form.chosen}
        />
        <TextField
          field={fields.validUntil}
          type="date"
          label={t.form.validUntil}
          hint={t.form.validUntilHint}
        />
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-end">
          <UploadProgressBar active={busy} />
          <Button type="submit" variant="secondary" disabled={busy}>
            <RefreshCw />
            {busy ? t.form.sending : t.form.replace}
          </Button>
        </div>
      </UploadForm>
    </details>
  );
}

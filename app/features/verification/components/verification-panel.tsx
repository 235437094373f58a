import { ShieldCheck } from "lucide-react";
import { AttachmentInput } from "~/components/attachment-input";
import { Button } from "~/components/ui/button";
import { allErrorsOf, TextareaField } from "~/components/ui/form-fields";
import { UploadForm } from "~/components/ui/upload-form";
import { UploadProgressBar } from "~/components/ui/upload-progress";
import { useIsSubmitting, useSchemaForm } from "~/components/use-schema-form";
import type { Attachment } from "~/domain/attachments";
import { verification } from "~/domain/catalogue";
import { formatDate } from "~/domain/format";
import { MAX_VERIFICATION_DOCUMENTS } from "~/domain/limits";
import { VerifiedBadge } from "~/features/factories/components/verified-badge";
import { verificationRequestSchema } from "~/features/verification/schema";
import { cn } from "~/lib/cn";
import { useLocale, useLocalizedHref, useMessages } from "~/lib/i18n";
import { DocumentLinks } from "./document-links";

type LastResult = Parameters<typeof useSchemaForm>[1];
type When = Date | string;

/** The factory's verification as the loader gives it (dates may arrive as strings). */
export interface VerificationView {
  state:
    | { status: "none" }
    | { status: "pending"; since: When }
    | { status: "verified"; at: When; note: string | null }
    | { status: "refused"; at: When; note: string | null }
    | { status: "revoked"; note: string | null };
  latest: {
    id: string;
    status: string;
    message: string | null;
    documents: Attachment[];
  } | null;
  canRequest: boolean;
}

const PILL: Record<Exclude<VerificationView["state"]["status"], "verified">, string> = {
  none: "bg-slate-100 text-slate-700 ring-slate-200",
  pending: "bg-sky-50 text-sky-800 ring-sky-200",
  refused: "bg-red-50 text-red-800 ring-red-200",
  revoked: "bg-amber-50 text-amber-900 ring-amber-200",
};

/**
 * The factory's verification on its dashboard (`#verification`): where it stands (not requested,
 * under review, verified on a date, refused or revoked with the admin's note), the documents of
 * an open request, and the form that sends a request with documents (also again after a refusal).
 * A plain multipart form: it works without JavaScript.
 */
export function VerificationPanel({
  view,
  action,
  lastResult,
}: {
  view: VerificationView;
  /** Where the form posts (the page's address, without its language). */
  action: string;
  lastResult: LastResult;
}) {
  const locale = useLocale();
  const href = useLocalizedHref();
  const t = useMessages({ verification }).verification;
  const { state, latest } = view;
  const date = (value: When) => formatDate(value, { locale });
  const text =
    state.status === "pending"
      ? t.section.pendingText(date(state.since))
      : state.status === "verified"
        ? t.section.verifiedText(date(state.at))
        : state.status === "refused"
          ? t.section.refusedText(date(state.at))
          : state.status === "revoked"
            ? t.section.revokedText
            : t.section.intro;
  const note = "note" in state ? state.note : null;

  return (
    <section
      id="verification"
      aria-labelledby="verification-title"
      className="mt-10 scroll-mt-24 rounded-2xl border border-slate-200 bg-white p-5 sm:p-6"
      data-testid="verification"
      data-status={state.status}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="verification-title" className="font-bold text-lg text-slate-900">
          {t.section.title}
        </h2>
        {state.status === "verified" ? (
          <VerifiedBadge />
        ) : (
          <span
            className={cn(
              "inline-flex items-center rounded-full px-2.5 py-1 font-semibold text-xs ring-1 ring-inset",
              PILL[state.status],
            )}
          >
            {t.status[state.status]}
          </span>
        )}
      </div>
      <p className="mt-2 max-w-3xl text-slate-600 text-sm">{text}</p>
      {note && (
        <div className="mt-4 rounded-lg bg-slate-50 px-4 py-3 text-sm">
          <p className="font-semibold text-slate-700">{t.section.adminNote}</p>
          <p className="mt-1 whitespace-pre-line break-words text-slate-800" data-user-content>
            {note}
          </p>
        </div>
      )}
      {state.status === "pending" && latest && (
        <div className="mt-4 space-y-3 text-sm">
          <div>
            <p className="font-semibold text-slate-700">{t.section.sentDocuments}</p>
            <DocumentLinks requestId={latest.id} documents={latest.documents} />
          </div>
          {latest.message && (
            <div>
              <p className="font-semibold text-slate-700">{t.section.yourMessage}</p>
              <p className="mt-1 whitespace-pre-line break-words text-slate-800" data-user-content>
                {latest.message}
              </p>
            </div>
          )}
        </div>
      )}
      {view.canRequest && (
        <RequestForm
          action={href(action)}
          lastResult={lastResult}
          again={state.status === "refused" || state.status === "revoked"}
        />
      )}
    </section>
  );
}

function RequestForm({
  action,
  lastResult,
  again,
}: {
  action: string;
  lastResult: LastResult;
  again: boolean;
}) {
  const locale = useLocale();
  const t = useMessages({ verification }).verification.form;
  const [form, fields] = useSchemaForm(verificationRequestSchema(locale), lastResult, {
    id: "verification-request",
  });
  const busy = useIsSubmitting(action);
  return (
    <UploadForm
      form={form}
      action={action}
      intent="request-verification"
      className="mt-5 space-y-5 border-slate-100 border-t pt-5"
    >
      <AttachmentInput
        name={fields.documents.name}
        label={t.documents}
        hint={t.documentsHint(MAX_VERIFICATION_DOCUMENTS)}
        max={MAX_VERIFICATION_DOCUMENTS}
        errors={allErrorsOf(fields.documents)}
        removeLabel={t.remove}
        chosenLabel={t.chosen}
      />
      <TextareaField field={fields.message} label={t.message} hint={t.messageHint} rows={3} />
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-end">
        <UploadProgressBar active={busy} />
        <Button type="submit" disabled={busy} className="sm:min-w-56">
          <ShieldCheck />
          {busy ? t.sending : again ? t.submitAgain : t.submit}
        </Button>
      </div>
    </UploadForm>
  );
}

import { ExternalLink, ShieldCheck, ShieldX, UserRound } from "lucide-react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { inputClass } from "~/components/ui/field";
import { Link } from "~/components/ui/link";
import { withUserText } from "~/components/user-content";
import type { Attachment } from "~/domain/attachments";
import { verification } from "~/domain/catalogue";
import { formatDate } from "~/domain/format";
import { ownText } from "~/domain/locale";
import { DocumentLinks } from "~/features/verification/components/document-links";
import { MAX_VERIFICATION_NOTE } from "~/features/verification/schema";
import { cn } from "~/lib/cn";
import { useLocale, useMessages } from "~/lib/i18n";
import type { VerificationStatus } from "~db/schema";

type When = Date | string;

/** A request as the admins' page shows it (dates may arrive as strings). */
export interface AdminVerificationView {
  id: string;
  status: VerificationStatus;
  message: string | null;
  documents: Attachment[];
  createdAt: When;
  decidedAt: When | null;
  decisionNote: string | null;
  decidedBy: string | null;
  factoryId: string;
  factoryName: string;
  factoryNameEn: string | null;
  ownerId: string;
  ownerEmail: string;
}

const DECISION_TONES: Record<Exclude<VerificationStatus, "pending">, string> = {
  verified: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  refused: "bg-red-50 text-red-800 ring-red-200",
};

/**
 * One request on /admin/verifications: the factory (its portfolio and its user's details), when it
 * was sent, the factory's note and the documents; an open one has the decision form (a note, then
 * verify or refuse: one plain form, so it works without JavaScript), a decided one its decision.
 */
export function VerificationRequestCard({
  request,
  action,
}: {
  request: AdminVerificationView;
  /** Where the decision form posts (the page's address in its language, with its query). */
  action: string;
}) {
  const locale = useLocale();
  const t = useMessages({ verification }).verification.admin;
  /** Who decided and when; the admin's name is a person's words (marked as such). */
  const decidedText = (admin: string | null, at: Date | string | null) => {
    const when = at ? formatDate(at, { locale }) : "";
    return admin
      ? withUserText((name) => t.decided(name, when), admin)
      : t.decided(t.unknownAdmin, when);
  };
  const status = request.status;
  const open = status === "pending";
  const name = ownText(request.factoryName, request.factoryNameEn, locale);
  const noteId = `note-${request.id}`;
  return (
    <li
      className="rounded-2xl border border-slate-200 bg-white p-5 sm:p-6"
      data-testid={open ? "verification-request" : "verification-decision"}
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h3 className="break-words font-bold text-lg text-slate-900" data-user-content>
            {name}
          </h3>
          <p className="mt-0.5 break-all text-slate-600 text-sm">
            {t.owner}: <span data-user-content>{request.ownerEmail}</span>
          </p>
          <p className="text-slate-500 text-sm">
            {t.sentAt(formatDate(request.createdAt, { locale }))}
          </p>
        </div>
        {status !== "pending" && (
          <span
            className={cn(
              "inline-flex shrink-0 items-center rounded-full px-2.5 py-1 font-semibold text-xs ring-1 ring-inset",
              DECISION_TONES[status],
            )}
          >
            {t.decisions[status]}
          </span>
        )}
      </div>
      <div className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <Link
          to={`/factory-products/${request.factoryId}`}
          className="inline-flex items-center gap-1 font-semibold text-brand-700 hover:underline"
        >
          <ExternalLink className="size-4" aria-hidden="true" />
          {t.openPortfolio}
        </Link>
        <Link
          to={`/admin?user=${encodeURIComponent(request.ownerId)}`}
          className="inline-flex items-center gap-1 font-semibold text-brand-700 hover:underline"
        >
          <UserRound className="size-4" aria-hidden="true" />
          {t.userDetails}
        </Link>
      </div>
      {request.message && (
        <div className="mt-4 text-sm">
          <p className="font-semibold text-slate-700">{t.message}</p>
          <p className="mt-1 whitespace-pre-line break-words text-slate-800" data-user-content>
            {request.message}
          </p>
        </div>
      )}
      <div className="mt-4 text-sm">
        <p className="font-semibold text-slate-700">{t.documents}</p>
        <DocumentLinks requestId={request.id} documents={request.documents} />
      </div>
      {open ? (
        <Form
          method="post"
          action={action}
          className="mt-5 grid gap-2 border-slate-100 border-t pt-4"
        >
          <input type="hidden" name="intent" value="decide" />
          <input type="hidden" name="requestId" value={request.id} />
          <label htmlFor={noteId} className="font-medium text-slate-700 text-sm">
            {t.note}
          </label>
          <textarea
            id={noteId}
            name="note"
            rows={2}
            maxLength={MAX_VERIFICATION_NOTE}
            aria-describedby={`${noteId}-hint`}
            className={cn(inputClass, "h-auto py-2")}
          />
          <p id={`${noteId}-hint`} className="text-slate-500 text-xs">
            {t.noteHint}
          </p>
          <div className="mt-1 flex flex-col gap-2 sm:flex-row sm:justify-end">
            <Button type="submit" name="decision" value="refused" variant="secondary">
              <ShieldX />
              {t.refuse}
            </Button>
            <Button type="submit" name="decision" value="verified">
              <ShieldCheck />
              {t.verify}
            </Button>
          </div>
        </Form>
      ) : (
        <div className="mt-4 border-slate-100 border-t pt-3 text-sm">
          <p className="text-slate-500">{decidedText(request.decidedBy, request.decidedAt)}</p>
          {request.decisionNote && (
            <p className="mt-1 whitespace-pre-line break-words text-slate-800" data-user-content>
              {request.decisionNote}
            </p>
          )}
        </div>
      )}
    </li>
  );
}

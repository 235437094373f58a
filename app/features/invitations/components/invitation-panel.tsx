import { MailOpen } from "lucide-react";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { inputClass } from "~/components/ui/field";
import { capabilities, invitations } from "~/domain/catalogue";
import type { ActionReply } from "~/http/reply.server";
import { useLocalizedHref, useMessages } from "~/lib/i18n";
import { INVITATION_DECLINE_REASONS, type InvitationState } from "~db/schema";
import { MAX_DECLINE_NOTE } from "../schema";
import { firstError } from "./invitation-refusal";

/**
 * The invited factory's side of a tender page: the mark 'Вас пригласили' and, while it has neither
 * quoted nor declined, the decline form (a reason and a note; posts to /tenders/{id}/invitation,
 * with or without JavaScript).
 */
export function InvitationPanelForFactory({
  tenderId,
  state,
  active,
}: {
  tenderId: string;
  state: InvitationState;
  active: boolean;
}) {
  const m = useMessages({ invitations, capabilities });
  const t = m.invitations;
  const href = useLocalizedHref();
  const fetcher = useFetcher<ActionReply>();
  const refused = firstError(fetcher.data);
  if (state === "declined") {
    return (
      <section className="rounded-2xl border border-slate-200 bg-slate-100 p-4 text-slate-700 text-sm">
        {t.declinedMark}
      </section>
    );
  }
  return (
    <section
      aria-labelledby="invitation-heading"
      className="rounded-2xl border border-brand-200 bg-brand-50 p-4 sm:p-5"
      data-testid="invitation-panel"
    >
      <h2
        id="invitation-heading"
        className="inline-flex items-center gap-2 font-bold text-brand-900"
      >
        <MailOpen className="size-5" aria-hidden="true" />
        {t.mark}
      </h2>
      <p className="mt-1 text-slate-700 text-sm">{t.markHint}</p>
      {active && state !== "quoted" && (
        <details className="mt-3">
          <summary className="cursor-pointer font-semibold text-brand-800 text-sm">
            {t.decline.open}
          </summary>
          <fetcher.Form
            method="post"
            action={href(`/tenders/${tenderId}/invitation`)}
            className="mt-3 space-y-3"
          >
            <fieldset className="space-y-1.5">
              <legend className="mb-1 font-semibold text-slate-900 text-sm">
                {t.decline.legend}
              </legend>
              {INVITATION_DECLINE_REASONS.map((reason, index) => (
                <label key={reason} className="flex items-center gap-2 text-sm">
                  <input
                    type="radio"
                    name="reason"
                    value={reason}
                    required
                    defaultChecked={index === 0}
                  />
                  {m.capabilities.declineReasons[reason]}
                </label>
              ))}
            </fieldset>
            <label className="block text-sm">
              <span className="font-semibold text-slate-900">{t.decline.note}</span>
              <textarea
                name="note"
                rows={2}
                maxLength={MAX_DECLINE_NOTE}
                className={`${inputClass} mt-1 h-auto py-2`}
                aria-describedby="invitation-note-hint"
              />
              <span id="invitation-note-hint" className="text-slate-500 text-xs">
                {t.decline.noteHint}
              </span>
            </label>
            <Button type="submit" size="sm" variant="secondary" disabled={fetcher.state !== "idle"}>
              {t.decline.submit}
            </Button>
            {refused && fetcher.state === "idle" && (
              <p role="alert" className="text-red-700 text-sm">
                {refused}
              </p>
            )}
          </fetcher.Form>
        </details>
      )}
    </section>
  );
}

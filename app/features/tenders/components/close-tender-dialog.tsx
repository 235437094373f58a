import { Lock } from "lucide-react";
import { Form, useLocation } from "react-router";
import { Button } from "~/components/ui/button";
import { DialogFormActions, FormDialog } from "~/components/ui/dialog";
import { useIsSubmitting } from "~/components/use-schema-form";
import { withUserText } from "~/components/user-content";
import { tenders } from "~/domain/catalogue";
import { useMessages } from "~/lib/i18n";
import type { TenderView } from "./tender-card";

/**
 * 'Закрыть тендер?': the confirmation before an active tender closes, opened by the address
 * (`?close=<id>`), so it is in the server's HTML and works without JavaScript too. Its button
 * posts `intent=close` to the page.
 */
export function CloseTenderDialog({
  tender,
  closeHref,
  onClose,
}: {
  /** The active tender at `?close=`; the dialog is shut without one. */
  tender: TenderView | null;
  closeHref: string;
  onClose: () => void;
}) {
  const location = useLocation();
  const my = useMessages({ tenders }).tenders.my;
  const busy = useIsSubmitting(location.pathname);
  return (
    <FormDialog
      open={tender !== null}
      title={my.closeTitle}
      subtitle={tender?.title}
      closeHref={closeHref}
      onClose={onClose}
    >
      {tender && (
        <Form
          method="post"
          action={`${location.pathname}${location.search}`}
          preventScrollReset
          className="space-y-5"
        >
          <input type="hidden" name="tenderId" value={tender.id} />
          <p className="text-slate-700 text-sm leading-6">
            {withUserText(my.closeText, tender.title)}
          </p>
          <DialogFormActions cancelHref={closeHref}>
            <Button type="submit" name="intent" value="close" variant="primary" disabled={busy}>
              <Lock aria-hidden="true" />
              {my.closeAction}
            </Button>
          </DialogFormActions>
        </Form>
      )}
    </FormDialog>
  );
}

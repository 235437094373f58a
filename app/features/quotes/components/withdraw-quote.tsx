import { Undo2 } from "lucide-react";
import { ConfirmPost } from "~/components/ui/confirm-post";
import { withUserText } from "~/components/user-content";
import { quoteForm } from "~/domain/catalogue";
import { useMessages } from "~/lib/i18n";

/**
 * Withdrawing the factory's own submitted quote, after a confirmation that names the tender: the
 * form posts the `withdraw` intent to `action`.
 */
export function WithdrawQuote({
  quoteId,
  tenderTitle,
  action,
  label,
  size,
}: {
  quoteId: string;
  tenderTitle: string;
  action: string;
  /** The words of the button that asks ('Отозвать отклик' unless told). */
  label?: string;
  size?: "sm";
}) {
  const f = useMessages({ quoteForm }).quoteForm.form;
  return (
    <ConfirmPost
      icon={Undo2}
      label={label ?? f.withdraw}
      size={size}
      title={f.withdrawTitle}
      description={withUserText(f.withdrawText, tenderTitle)}
      confirmLabel={f.withdrawConfirm}
      action={action}
      intent="withdraw"
      fields={{ quoteId }}
    />
  );
}

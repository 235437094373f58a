import { AlertTriangle } from "lucide-react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { CardSection } from "~/components/ui/card-section";
import { ConfirmDialog } from "~/components/ui/dialog";
import type { AccountHoldings } from "~/domain/account-holdings";
import { profile } from "~/domain/catalogue";
import { useMessages } from "~/lib/i18n";

/** Deleting the account: what would go with it, and a confirmation before it goes. */
export function DangerZone({ holdings }: { holdings: AccountHoldings }) {
  const t = useMessages({ profile }).profile.dangerZone;
  return (
    <CardSection
      id="danger-zone"
      title={t.title}
      icon={<AlertTriangle className="size-5" aria-hidden="true" />}
      className="mt-8 border-red-200 sm:p-8"
      headingClassName="text-base text-red-700"
    >
      <p className="mt-2 text-slate-600 text-sm">{t.text(holdings)}</p>
      <ConfirmDialog
        trigger={
          <Button variant="destructive" className="mt-5">
            {t.button}
          </Button>
        }
        title={t.dialogTitle}
        description={t.dialogText}
        cancel={t.cancel}
        confirm={
          <Form method="post">
            <Button
              type="submit"
              name="intent"
              value="delete-account"
              variant="destructive"
              className="w-full"
            >
              {t.confirm}
            </Button>
          </Form>
        }
      />
    </CardSection>
  );
}

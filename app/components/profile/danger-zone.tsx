import { AlertTriangle } from "lucide-react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/dialog";
import { profile } from "~/domain/catalogue";
import { useMessages } from "~/lib/i18n";
import type { AccountHoldings } from "~/server/profiles.server";

/** Deleting the account: what would go with it, and a confirmation before it goes. */
export function DangerZone({ holdings }: { holdings: AccountHoldings }) {
  const t = useMessages({ profile }).profile.dangerZone;
  return (
    <section
      aria-labelledby="danger-zone"
      className="mt-8 rounded-2xl border border-red-200 bg-white p-5 sm:p-8"
    >
      <h2 id="danger-zone" className="flex items-center gap-2 font-bold text-red-700">
        <AlertTriangle className="size-5" aria-hidden="true" />
        {t.title}
      </h2>
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
    </section>
  );
}

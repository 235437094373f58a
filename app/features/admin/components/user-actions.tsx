import { Ban, CheckCircle2, ShieldCheck } from "lucide-react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { inputClass } from "~/components/ui/field";
import { admin } from "~/domain/catalogue";
import { formatDate } from "~/domain/format";
import type { AdminUserDetail } from "~/features/admin/admin.server";
import { cn } from "~/lib/cn";
import { useLocale, useMessages } from "~/lib/i18n";

/**
 * What an admin can do with a user: verify a factory (or revoke it), block or unblock anyone but
 * themself and other admins. The forms post to the page's own address.
 */
export function UserActions({ user, actorId }: { user: AdminUserDetail; actorId: string }) {
  const locale = useLocale();
  const m = useMessages({ admin });
  const d = m.admin.detail;
  const t = m.admin.actions;
  const factory = user.factory;
  return (
    <section aria-labelledby="admin-actions" className="mt-5 border-slate-200 border-t pt-4">
      <h3 id="admin-actions" className="font-bold text-slate-900">
        {t.title}
      </h3>
      {factory && (
        <Form method="post" className="mt-3 grid gap-2">
          <input type="hidden" name="factoryId" value={factory.id} />
          <input type="hidden" name="userId" value={user.id} />
          <label htmlFor="verify-note" className="font-medium text-slate-700 text-sm">
            {t.note}
          </label>
          <textarea
            id="verify-note"
            name="note"
            rows={2}
            maxLength={1000}
            defaultValue={factory.verificationNote ?? ""}
            className={cn(inputClass, "h-auto py-2")}
          />
          <p className="text-slate-600 text-sm">
            {factory.verified
              ? `${d.verified}${factory.verifiedAt ? ` · ${formatDate(factory.verifiedAt, { locale })}` : ""}`
              : d.notVerified}
          </p>
          {factory.verified ? (
            <Button type="submit" name="intent" value="revoke" variant="secondary">
              {t.revoke}
            </Button>
          ) : (
            <Button type="submit" name="intent" value="verify">
              <ShieldCheck />
              {t.verify}
            </Button>
          )}
        </Form>
      )}
      {user.id !== actorId && !user.isAdmin && (
        <Form method="post" className="mt-4 grid gap-2">
          <input type="hidden" name="userId" value={user.id} />
          {user.blocked ? (
            <Button type="submit" name="intent" value="unblock" variant="secondary">
              <CheckCircle2 />
              {t.unblock}
            </Button>
          ) : (
            <>
              <label htmlFor="block-reason" className="font-medium text-slate-700 text-sm">
                {t.reason}
              </label>
              <input id="block-reason" name="reason" maxLength={500} className={inputClass} />
              <Button type="submit" name="intent" value="block" variant="destructive">
                <Ban />
                {t.block}
              </Button>
            </>
          )}
        </Form>
      )}
    </section>
  );
}

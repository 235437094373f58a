import { orders } from "~/domain/catalogue";
import { formatDateTime } from "~/domain/format";
import { useLocale, useMessages } from "~/lib/i18n";

/**
 * Who did an item of an order's history and when: 'Name · date time', or 'Удаленный
 * пользователь' for an account that is gone (a step, a proposal, a dispute).
 */
export function HistoryByline({ name, at }: { name: string | null; at: string }) {
  const t = useMessages({ orders }).orders;
  const locale = useLocale();
  return (
    <p className="text-slate-500 text-xs">
      {name === null ? t.page.deletedUser : <span data-user-content>{name}</span>}
      <span aria-hidden="true"> · </span>
      {formatDateTime(at, { locale })}
    </p>
  );
}

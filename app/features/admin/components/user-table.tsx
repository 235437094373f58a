import { Ban } from "lucide-react";
import { Link } from "~/components/ui/link";
import { admin, users } from "~/domain/catalogue";
import { formatDate } from "~/domain/format";
import type { AdminUserRow } from "~/features/admin/admin.server";
import { cn } from "~/lib/cn";
import { useLocale, useMessages } from "~/lib/i18n";
import { userTypeText } from "./user-type";

/**
 * The users of one page: a table from `md` up, a stack of cards on a phone. A name opens the
 * user's dialog (`userHref`).
 */
export function UserTable({
  items,
  busy,
  userHref,
}: {
  items: AdminUserRow[];
  busy: boolean;
  userHref: (id: string) => string;
}) {
  const locale = useLocale();
  const m = useMessages({ admin, users });
  const columns = m.admin.columns;
  return (
    <div
      className={cn(
        "mt-4 overflow-hidden rounded-2xl border border-slate-200 bg-white transition-opacity",
        busy && "opacity-60",
      )}
    >
      <table className="w-full text-left text-sm max-md:block">
        <thead className="bg-slate-50 text-slate-600 max-md:sr-only">
          <tr>
            {[columns.name, columns.email, columns.userType, columns.createdAt].map((label) => (
              <th key={label} scope="col" className="px-4 py-3 font-semibold">
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 max-md:block">
          {items.map((user) => (
            <tr key={user.id} className="max-md:block max-md:px-4 max-md:py-3">
              <td className="px-4 py-3 max-md:block max-md:p-0">
                <Link
                  to={userHref(user.id)}
                  preventScrollReset
                  className="font-semibold text-brand-700 hover:underline max-md:text-base"
                  data-user-content
                >
                  {user.name}
                </Link>
                {user.isAdmin && (
                  <span className="ml-2 inline-flex items-center rounded-full bg-brand-50 px-2 py-0.5 font-medium text-brand-800 text-xs">
                    {m.users.admin}
                  </span>
                )}
                {user.blocked && (
                  <span className="ml-2 inline-flex items-center gap-1 rounded-full bg-red-50 px-2 py-0.5 font-medium text-red-700 text-xs">
                    <Ban className="size-3" aria-hidden="true" />
                    {m.admin.blockedBadge}
                  </span>
                )}
              </td>
              <td
                className="break-all px-4 py-3 text-slate-700 max-md:block max-md:p-0 max-md:pt-1"
                data-user-content
              >
                {user.email}
              </td>
              <td className="px-4 py-3 text-slate-700 max-md:inline-block max-md:p-0 max-md:pt-1 max-md:pr-3">
                {userTypeText(user.userType, m.users)}
              </td>
              <td className="px-4 py-3 text-slate-500 tabular-nums max-md:inline-block max-md:p-0 max-md:pt-1">
                <span className="md:sr-only">{columns.createdAt}: </span>
                {formatDate(user.createdAt, { locale })}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

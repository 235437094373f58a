import { Search } from "lucide-react";
import { Form } from "react-router";
import { Button } from "~/components/ui/button";
import { inputClass } from "~/components/ui/field";
import { Link } from "~/components/ui/link";
import { admin } from "~/domain/catalogue";
import type { AdminUserType } from "~/features/admin/admin.server";
import { cn } from "~/lib/cn";
import { useLocalizedHref, useMessages } from "~/lib/i18n";

const FILTERS = [
  { type: "all", label: "filterAll" },
  { type: "buyer", label: "filterBuyers" },
  { type: "factory", label: "filterFactories" },
] as const satisfies { type: AdminUserType; label: string }[];

/** The type filter (links, `typeHref`) and the search by name or email (a GET form) of /admin. */
export function UserFilters({
  type,
  q,
  typeHref,
}: {
  type: AdminUserType;
  q: string;
  typeHref: (type: AdminUserType) => string;
}) {
  const m = useMessages({ admin });
  const t = m.admin;
  const href = useLocalizedHref();
  return (
    <div className="flex flex-col gap-4 lg:flex-row lg:items-center lg:justify-between">
      <nav aria-label={t.filterLabel} className="flex flex-wrap gap-2">
        {FILTERS.map((filter) => (
          <Link
            key={filter.type}
            to={typeHref(filter.type)}
            aria-current={filter.type === type ? "page" : undefined}
            className={cn(
              "inline-flex h-11 items-center rounded-full border px-4 font-semibold text-sm transition-colors",
              filter.type === type
                ? "border-brand-700 bg-brand-700 text-white"
                : "border-slate-300 bg-white text-slate-700 hover:bg-slate-50",
            )}
          >
            {t[filter.label]}
          </Link>
        ))}
      </nav>
      <Form method="get" action={href("/admin")} role="search" className="flex gap-2 lg:w-96">
        {type !== "all" && <input type="hidden" name="type" value={type} />}
        <label htmlFor="admin-search" className="sr-only">
          {t.search}
        </label>
        <input
          key={q}
          id="admin-search"
          type="search"
          name="q"
          defaultValue={q}
          placeholder={t.search}
          maxLength={200}
          className={cn(inputClass, "min-w-0 flex-1")}
        />
        <Button type="submit" aria-label={t.searchSubmit}>
          <Search />
          <span className="max-sm:sr-only">{t.searchSubmit}</span>
        </Button>
      </Form>
    </div>
  );
}

import { ClipboardList } from "lucide-react";
import { ListPagination } from "~/components/pagination";
import { EmptyState } from "~/components/ui/empty-state";
import { Link } from "~/components/ui/link";
import { messagesFor, orders } from "~/domain/catalogue";
import { isOrderListState, ORDER_LIST_STATES, type OrderListState } from "~/domain/orders";
import { OrderRow } from "~/features/orders/components/order-parts";
import { listOrders } from "~/features/orders/orders.server";
import { signedIn } from "~/http/workspace-access.server";
import { cn } from "~/lib/cn";
import { useMessages } from "~/lib/i18n";
import { privatePageMeta } from "~/lib/private-page-meta";
import { routeFacts } from "~/lib/route-facts";
import { unavailableWhenUnreachable } from "~/platform/db.server";
import type { Route } from "./+types/orders";

export const handle = routeFacts({ private: true, htmlFirstSignedIn: true });

// 'Заказы': the signed-in buyer's or factory's orders (decision 032), by state (?state=late), each
// with its next step and whose it is.

const PATH = "/orders";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { runtime, viewer } = await signedIn(request, context);
  const params = new URL(request.url).searchParams;
  const state = params.get("state");
  const list = await listOrders(runtime.db, viewer, {
    state: isOrderListState(state) ? state : null,
    page: Number(params.get("page")) || 1,
  }).catch(unavailableWhenUnreachable);
  return { list };
}

export const meta: Route.MetaFunction = privatePageMeta(
  PATH,
  (locale) => messagesFor(locale, { orders }).orders.meta.title,
);

export default function Orders({ loaderData }: Route.ComponentProps) {
  const { list } = loaderData;
  const m = useMessages({ orders });
  const t = m.orders.list;
  const total = Object.values(list.counts).reduce((sum, n) => sum + n, 0);
  const tabs: (OrderListState | null)[] = [null, ...ORDER_LIST_STATES];
  return (
    <div className="flex-1 bg-slate-50">
      <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
        <h1 className="font-extrabold text-2xl text-slate-900 tracking-tight sm:text-3xl">
          {t.title}
        </h1>
        <p className="mt-1 max-w-2xl text-slate-600">{t.intro}</p>
        {total > 0 && (
          <nav aria-label={t.filter} className="mt-5 flex flex-wrap gap-2">
            {tabs.map((state) => {
              const current = list.state === state;
              const count = state ? list.counts[state] : total;
              return (
                <Link
                  key={state ?? "all"}
                  to={state ? `${PATH}?state=${state}` : PATH}
                  aria-current={current ? "page" : undefined}
                  className={cn(
                    "rounded-full px-3 py-1.5 font-semibold text-sm ring-1",
                    current
                      ? "bg-brand-700 text-white ring-brand-700"
                      : state === "late" && count > 0
                        ? "bg-red-50 text-red-800 ring-red-200 hover:bg-red-100"
                        : "bg-white text-slate-700 ring-slate-300 hover:bg-slate-50",
                  )}
                >
                  {state ? m.orders.states[state] : t.all} ({count})
                </Link>
              );
            })}
          </nav>
        )}
        {list.items.length === 0 ? (
          <EmptyState
            className="mt-6"
            icon={ClipboardList}
            title={total === 0 ? t.empty : t.emptyState}
            text={total === 0 ? (list.side === "buyer" ? t.emptyBuyer : t.emptyFactory) : undefined}
            action={
              total === 0
                ? list.side === "buyer"
                  ? { to: "/my-tenders", label: t.toTenders }
                  : { to: "/my-quotes", label: t.toQuotes }
                : undefined
            }
          />
        ) : (
          <ul className="mt-6 grid gap-3" aria-label={t.title}>
            {list.items.map((item) => (
              <OrderRow key={item.id} item={item} side={list.side} />
            ))}
          </ul>
        )}
        <ListPagination list={list} path={PATH} className="mt-6" />
      </div>
    </div>
  );
}

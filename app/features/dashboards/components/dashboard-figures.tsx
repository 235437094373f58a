/**
 * The figures of a dashboard (the factory's and the buyer's, docs/decisions/035-dashboards.md):
 * orders by state, each a link to its list; the late stages, each a link to its order; the quotes
 * of the last 12 months as a bar chart (with its table); the median time to a first answer.
 * Plain links and server-drawn SVG: nothing here needs JavaScript.
 */
import {
  AlertTriangle,
  CircleCheck,
  Clock,
  type LucideIcon,
  MessagesSquare,
  XCircle,
} from "lucide-react";
import { BarChart } from "~/components/ui/bar-chart";
import { CardSection } from "~/components/ui/card-section";
import { Link } from "~/components/ui/link";
import type { Messages } from "~/domain/catalogue";
import { dashboard, orders } from "~/domain/catalogue";
import { formatDate, formatNumber } from "~/domain/format";
import { ORDER_LIST_STATES, type OrderListState } from "~/domain/orders";
import type { DashboardFigures as Figures } from "~/features/dashboards/dashboards.server";
import { cn } from "~/lib/cn";
import { useLocale, useMessages } from "~/lib/i18n";

const STATE_LOOK: Record<OrderListState, { icon: LucideIcon; tone: string }> = {
  "in-progress": { icon: Clock, tone: "bg-brand-50 text-brand-700" },
  late: { icon: AlertTriangle, tone: "bg-red-50 text-red-700" },
  delivered: { icon: CircleCheck, tone: "bg-emerald-50 text-emerald-700" },
  cancelled: { icon: XCircle, tone: "bg-slate-100 text-slate-600" },
};

type FigureTexts = Messages<typeof dashboard>["figures"];

/** A time in seconds as a person says it: '25 мин', '3 ч 20 мин', '4 дня'. */
export function durationText(seconds: number, t: FigureTexts): string {
  const minutes = Math.max(1, Math.round(seconds / 60));
  if (minutes < 60) return t.minutes(minutes);
  const hours = Math.floor(minutes / 60);
  if (hours < 48) {
    const rest = minutes % 60;
    return rest === 0 ? t.hours(hours) : `${t.hours(hours)} ${t.minutes(rest)}`;
  }
  return t.days(Math.round(minutes / (60 * 24)));
}

/** 'YYYY-MM' → the axis' short name ('янв', 'Jan') and the table's ('январь 2026'). */
function monthNames(month: string, t: FigureTexts) {
  const [year, number] = month.split("-").map(Number) as [number, number];
  return {
    short: t.monthsShort[number - 1] ?? month,
    long: t.monthOf(t.monthsLong[number - 1] ?? month, year),
  };
}

export function DashboardFigures({ figures }: { figures: Figures }) {
  const m = useMessages({ dashboard, orders });
  const t = m.dashboard.figures;
  const locale = useLocale();
  const side = figures.side;
  const total = ORDER_LIST_STATES.reduce((sum, state) => sum + figures.orders[state], 0);
  return (
    <div className="grid gap-5 lg:grid-cols-2">
      <CardSection title={t.ordersTitle} className="lg:col-span-2">
        {total === 0 ? (
          <p className="mt-2 text-slate-600" data-testid="dashboard-no-orders">
            {t.noOrders[side]}
          </p>
        ) : (
          <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
            {ORDER_LIST_STATES.map((state) => (
              <StateTile key={state} state={state} count={figures.orders[state]} />
            ))}
          </ul>
        )}
        {total > 0 && (
          <p className="mt-3 text-sm">
            <Link to="/orders" className="font-semibold text-brand-700 hover:underline">
              {t.allOrders} ({formatNumber(total, locale)})
            </Link>
          </p>
        )}
      </CardSection>
      {total > 0 && <LateStages late={figures.late} lateCount={figures.orders.late} side={side} />}
      <QuotesChart figures={figures} />
      <AnswerTime figures={figures} />
    </div>
  );
}

function StateTile({ state, count }: { state: OrderListState; count: number }) {
  const m = useMessages({ orders });
  const locale = useLocale();
  const look = STATE_LOOK[state];
  const Icon = look.icon;
  const name = m.orders.states[state];
  return (
    <li>
      <Link
        to={`/orders?state=${state}`}
        data-testid={`dashboard-orders-${state}`}
        className={cn(
          "flex h-full flex-col gap-2 rounded-xl border p-3 transition-colors hover:border-brand-300 hover:bg-brand-50/40 sm:p-4",
          state === "late" && count > 0 ? "border-red-200" : "border-slate-200",
        )}
      >
        <span className="flex items-center gap-2">
          <span className={cn("grid size-8 shrink-0 place-items-center rounded-lg", look.tone)}>
            <Icon className="size-4" aria-hidden="true" />
          </span>
          <span className="font-extrabold text-2xl text-slate-900 tabular-nums">
            {formatNumber(count, locale)}
          </span>
        </span>
        <span className="text-slate-700 text-sm">{name}</span>
      </Link>
    </li>
  );
}

function LateStages({
  late,
  lateCount,
  side,
}: {
  late: Figures["late"];
  lateCount: number;
  side: Figures["side"];
}) {
  const m = useMessages({ dashboard, orders });
  const t = m.dashboard.figures;
  const locale = useLocale();
  return (
    <CardSection title={t.lateTitle} className="lg:col-span-2">
      {late.length === 0 ? (
        <p className="mt-2 text-slate-600" data-testid="dashboard-late-none">
          {t.lateNone}
        </p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100" data-testid="dashboard-late">
          {late.map((stage) => (
            <li
              key={stage.orderId}
              className="flex flex-col gap-1 py-3 sm:flex-row sm:items-center sm:gap-4"
            >
              <div className="min-w-0 flex-1">
                <Link
                  to={`/orders/${stage.orderId}`}
                  className="break-words font-semibold text-brand-800 hover:underline"
                  aria-label={m.orders.list.open(stage.tenderTitle)}
                >
                  <span data-user-content>{stage.tenderTitle}</span>
                </Link>
                <p className="text-slate-600 text-sm">
                  {side === "buyer" ? m.orders.list.factory : m.orders.list.buyer}:{" "}
                  {stage.otherSide === null ? (
                    m.orders.page.deletedUser
                  ) : (
                    <span data-user-content>{stage.otherSide}</span>
                  )}
                </p>
              </div>
              <div className="text-sm sm:text-right">
                <p>
                  <span className="text-slate-500">{t.step}: </span>
                  <span className="font-semibold text-slate-900">{m.orders.next[stage.step]}</span>
                  <span
                    className={cn(
                      "ml-2 rounded-md px-1.5 py-0.5 font-semibold text-xs",
                      stage.mine
                        ? "bg-accent-500/20 text-slate-900"
                        : "bg-slate-100 text-slate-600",
                    )}
                  >
                    {stage.mine ? m.orders.owes.you : m.orders.owes[stage.owes]}
                  </span>
                </p>
                <p className="text-red-700">
                  {t.lateBy(stage.daysLate)}
                  <span className="text-slate-500">
                    {" "}
                    · {t.plannedOn(formatDate(stage.plannedAt, { locale }))}
                  </span>
                </p>
              </div>
            </li>
          ))}
        </ul>
      )}
      {lateCount > late.length && (
        <p className="mt-2 text-sm">
          <Link to="/orders?state=late" className="font-semibold text-brand-700 hover:underline">
            {t.lateMore(lateCount)}
          </Link>
        </p>
      )}
    </CardSection>
  );
}

function QuotesChart({ figures }: { figures: Figures }) {
  const m = useMessages({ dashboard });
  const t = m.dashboard.figures;
  const locale = useLocale();
  const side = figures.side;
  const { months, total, accepted } = figures.quotes;
  const title = t.quotesTitle[side];
  const summary = t.quotesSummary[side](total, accepted);
  return (
    <CardSection title={title}>
      <p className="mt-1 text-slate-600 text-sm">{t.period}</p>
      {total === 0 ? (
        <p className="mt-4 text-slate-600" data-testid="dashboard-quotes-none">
          {t.quotesNone[side]}{" "}
          <Link
            to={side === "factory" ? "/tenders" : "/place-tender"}
            className="font-semibold text-brand-700 hover:underline"
          >
            {t.quotesAction[side]}
          </Link>
        </p>
      ) : (
        <>
          <p className="mt-3 font-semibold text-slate-900" data-testid="dashboard-quotes-summary">
            {summary}
          </p>
          <BarChart
            className="mt-3"
            label={t.chartLabel(title, summary)}
            categories={months.map((month) => monthNames(month.month, t))}
            series={[
              {
                label: t.series[side].quotes,
                values: months.map((month) => month.quotes),
                tone: "brand",
              },
              {
                label: t.series[side].accepted,
                values: months.map((month) => month.accepted),
                tone: "accent",
              },
            ]}
            categoryHeader={t.month}
            tableLabel={t.figuresTable}
            formatValue={(value) => formatNumber(value, locale)}
          />
        </>
      )}
    </CardSection>
  );
}

function AnswerTime({ figures }: { figures: Figures }) {
  const m = useMessages({ dashboard });
  const t = m.dashboard.figures;
  const side = figures.side;
  const { medianSeconds, answered, waiting } = figures.answers;
  return (
    <CardSection title={t.answerTitle[side]}>
      <p className="mt-1 text-slate-600 text-sm">{t.answerText[side]}</p>
      {medianSeconds === null ? (
        <p className="mt-4 text-slate-600" data-testid="dashboard-answer-none">
          {t.answerNone}
        </p>
      ) : (
        <div className="mt-4 flex items-center gap-4">
          <span className="grid size-12 shrink-0 place-items-center rounded-xl bg-brand-50 text-brand-700">
            <MessagesSquare className="size-6" aria-hidden="true" />
          </span>
          <div>
            <p
              className="font-extrabold text-3xl text-slate-900"
              data-testid="dashboard-answer-median"
            >
              {durationText(medianSeconds, t)}
            </p>
            <p className="text-slate-600 text-sm">{t.answered(answered)}</p>
          </div>
        </div>
      )}
      {waiting > 0 && (
        <p className="mt-3 font-semibold text-accent-700 text-sm">{t.waiting(waiting)}</p>
      )}
    </CardSection>
  );
}

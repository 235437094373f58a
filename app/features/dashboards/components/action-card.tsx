import { ArrowRight, type LucideIcon } from "lucide-react";
import { Link } from "~/components/ui/link";

/** A quick action of a dashboard (the factory's and the buyer's): a card that is one link. */
export function ActionCard({
  to,
  icon: Icon,
  title,
  text,
}: {
  to: string;
  icon: LucideIcon;
  title: string;
  text: string;
}) {
  return (
    <li>
      <Link
        to={to}
        className="group flex h-full items-center gap-4 rounded-2xl border border-slate-200 bg-white p-5 transition-colors hover:border-brand-300 hover:bg-brand-50/40"
      >
        <span className="grid size-12 shrink-0 place-items-center rounded-xl bg-brand-50 text-brand-700">
          <Icon className="size-6" aria-hidden="true" />
        </span>
        <span className="min-w-0 flex-1">
          <span className="block font-bold text-slate-900">{title}</span>
          <span className="mt-0.5 block text-slate-600 text-sm">{text}</span>
        </span>
        <ArrowRight
          className="size-5 shrink-0 text-slate-400 transition-transform group-hover:translate-x-0.5 group-hover:text-brand-700"
          aria-hidden="true"
        />
      </Link>
    </li>
  );
}

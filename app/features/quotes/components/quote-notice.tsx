import { Ban, Building2, CheckCircle2, Lock, Undo2 } from "lucide-react";
import type { ComponentType } from "react";
import { buttonVariants } from "~/components/ui/button";
import { Link } from "~/components/ui/link";
import { quoteForm, quotes } from "~/domain/catalogue";
import type { QuoteFormState } from "~/features/quotes/quotes.server";
import { useMessages } from "~/lib/i18n";

interface NoticeScreen {
  icon: ComponentType<{ className?: string; "aria-hidden"?: boolean | "true" }>;
  title: string;
  text: string;
  href: string;
  action: string;
}

/**
 * Why a factory gets no quote form on a tender (`state.problem`), in words, and where to go
 * instead. `factoryAccount`: a factory account without its factory profile yet.
 */
export function QuoteNotice({
  state: { tender, own, problem },
  factoryAccount,
}: {
  state: QuoteFormState;
  factoryAccount: boolean;
}) {
  const m = useMessages({ quoteForm, quotes });
  const n = m.quoteForm.notices;
  const screen = ((): NoticeScreen => {
    switch (problem) {
      case "own-tender":
        return { icon: Lock, ...n.ownTender, href: `/tenders/${tender.id}` };
      case "not-a-factory":
        return factoryAccount
          ? { icon: Building2, ...n.noFactory, href: "/profile" }
          : { icon: Lock, ...n.notAFactory, href: "/factories" };
      case "tender-not-active":
        return { icon: Ban, ...n.notActive, href: "/tenders" };
      case "already-decided":
        if (own?.status === "accepted") {
          return { icon: CheckCircle2, ...n.accepted, href: `/quotes/${own.id}` };
        }
        if (own?.status === "declined") return { icon: Ban, ...n.declined, href: "/my-quotes" };
        return { icon: Undo2, ...n.withdrawn, href: "/my-quotes" };
      default:
        return {
          icon: Ban,
          title: m.quotes.problems[problem ?? "not-allowed"],
          text: "",
          href: "/tenders",
          action: n.notActive.action,
        };
    }
  })();
  const Icon = screen.icon;
  return (
    <section
      className="mt-6 flex flex-col items-center rounded-2xl border border-slate-200 bg-white px-6 py-10 text-center"
      data-testid="quote-notice"
    >
      <span className="grid size-14 place-items-center rounded-2xl bg-brand-50 text-brand-700 ring-1 ring-brand-100">
        <Icon className="size-7" aria-hidden="true" />
      </span>
      <h2 className="mt-4 font-bold text-slate-900 text-xl">{screen.title}</h2>
      {screen.text && <p className="mt-2 max-w-md text-slate-600 leading-7">{screen.text}</p>}
      <Link to={screen.href} className={buttonVariants({ variant: "primary", className: "mt-6" })}>
        {screen.action}
      </Link>
    </section>
  );
}

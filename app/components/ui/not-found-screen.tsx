import { ArrowLeft, SearchX } from "lucide-react";
import { errors } from "~/domain/catalogue";
import { useMessages } from "~/lib/i18n";
import { buttonVariants } from "./button";
import { Link } from "./link";

/** A page at an address that names nothing (HTTP 404): what is missing and a way back. */
export function NotFoundScreen({
  title,
  text,
  backTo,
  backLabel,
}: {
  title: string;
  text: string;
  /** Where the way back leads (a site path; kept in the page's language). */
  backTo: string;
  backLabel: string;
}) {
  const m = useMessages({ errors });
  return (
    <section className="mx-auto flex w-full max-w-xl flex-1 flex-col items-center justify-center px-4 py-20 text-center">
      <span className="grid size-14 place-items-center rounded-2xl bg-slate-100 text-slate-500">
        <SearchX className="size-7" aria-hidden="true" />
      </span>
      <p className="mt-5 font-bold text-brand-700 text-sm tracking-widest">{m.errors.code(404)}</p>
      <h1 className="mt-2 font-extrabold text-3xl text-slate-900 tracking-tight">{title}</h1>
      <p className="mt-3 text-slate-600">{text}</p>
      <Link to={backTo} className={buttonVariants({ variant: "primary", className: "mt-7" })}>
        <ArrowLeft aria-hidden="true" />
        {backLabel}
      </Link>
    </section>
  );
}

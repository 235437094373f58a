import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

/**
 * A page that is one message (sign in first, this page is for factories, the emails are off): an
 * icon, a title, a line of text and what to do next (`children`), centred on the page.
 */
export function NoticeScreen({
  icon: Icon,
  title,
  text,
  children,
}: {
  icon: LucideIcon;
  title: string;
  text: string;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-1 bg-slate-50">
      <section className="mx-auto flex w-full max-w-xl flex-col items-center justify-center px-4 py-16 text-center sm:py-24">
        <span className="grid size-14 place-items-center rounded-2xl bg-brand-50 text-brand-700 ring-1 ring-brand-100">
          <Icon className="size-7" aria-hidden="true" />
        </span>
        <h1 className="mt-5 font-extrabold text-2xl text-slate-900 tracking-tight sm:text-3xl">
          {title}
        </h1>
        <p className="mt-3 text-slate-600 leading-7">{text}</p>
        {children}
      </section>
    </div>
  );
}

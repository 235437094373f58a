import type { ReactNode } from "react";

/** Layout of the plain text pages: a title, an optional lead and readable text. */
export function ProsePage({
  title,
  lead,
  children,
}: {
  title: string;
  lead?: ReactNode;
  children: ReactNode;
}) {
  return (
    <article className="mx-auto w-full max-w-3xl px-4 py-12 sm:px-6 sm:py-16">
      <h1 className="font-extrabold text-3xl text-slate-900 tracking-tight sm:text-4xl">{title}</h1>
      {lead && <div className="mt-4 text-lg text-slate-600">{lead}</div>}
      <div className="mt-8 space-y-8 text-slate-700 leading-7">{children}</div>
    </article>
  );
}

import type { ReactNode } from "react";

/** The centred card of the sign-in, registration and password screens. */
export function AuthCard({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="flex flex-1 items-start justify-center bg-slate-50 px-4 py-10 sm:items-center sm:py-16">
      <section className="w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="font-extrabold text-2xl text-slate-900 tracking-tight">{title}</h1>
        {subtitle && <p className="mt-2 text-slate-600 text-sm">{subtitle}</p>}
        <div className="mt-6">{children}</div>
        {footer && (
          <div className="mt-6 border-slate-100 border-t pt-5 text-center text-sm">{footer}</div>
        )}
      </section>
    </div>
  );
}

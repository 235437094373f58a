import { ArrowLeft } from "lucide-react";
import type { ReactNode } from "react";
import { cn } from "~/lib/cn";
import { Link } from "./link";

/**
 * The link back to the list or page this one belongs to ('← Все фабрики'), at the top of a page:
 * one look everywhere, and a touch target of 44 px on a phone.
 */
export function BackLink({
  to,
  children,
  className,
}: {
  to: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <Link
      to={to}
      className={cn(
        "-ml-2 inline-flex min-h-11 items-center gap-1.5 rounded-lg px-2 font-semibold text-brand-700 text-sm hover:bg-brand-50",
        className,
      )}
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      {children}
    </Link>
  );
}

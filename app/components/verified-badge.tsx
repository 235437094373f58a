import { SpriteIcon } from "~/components/ui/sprite-icon";
import { factories } from "~/domain/catalogue";
import { cn } from "~/lib/cn";
import { useMessages } from "~/lib/i18n";

/** 'Проверенная фабрика': an admin verified the factory (issue 6). */
export function VerifiedBadge({ className }: { className?: string }) {
  const m = useMessages({ factories });
  return (
    <span
      title={m.factories.verifiedHint}
      className={cn(
        "inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2.5 py-1 font-semibold text-emerald-800 text-xs ring-1 ring-emerald-200 ring-inset",
        className,
      )}
    >
      <SpriteIcon name="badge-check" className="size-3.5 shrink-0" />
      {m.factories.verifiedBadge}
    </span>
  );
}

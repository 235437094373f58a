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

/** A factory's name as its page's heading, with the badge under it when it is verified. */
export function FactoryTitle({
  factory,
  className,
}: {
  factory: { name: string; verified: boolean };
  /** The heading's top margin. */
  className?: string;
}) {
  return (
    <>
      <h1
        className={cn(
          "break-words font-extrabold text-2xl text-slate-900 tracking-tight sm:text-3xl",
          className,
        )}
        data-user-content
      >
        {factory.name}
      </h1>
      {factory.verified && <VerifiedBadge className="mt-2" />}
    </>
  );
}

import { FileText, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { formatAttachmentSize } from "~/domain/attachments";
import { cn } from "~/lib/cn";
import { useLocale } from "~/lib/i18n";

/**
 * A file as the lists of a quote's attachments show it, inside the caller's row or link: its
 * icon, its name (cut to one line) and its size. `name` is the file's name, or a link on it.
 */
export function FileLabel({
  name,
  size,
  icon: Icon = FileText,
  iconClassName = "text-slate-500",
  nameClassName,
  kind,
}: {
  name: ReactNode;
  size: number;
  icon?: LucideIcon;
  iconClassName?: string;
  nameClassName?: string;
  /** Said before the size ("PDF, 350 KB"). */
  kind?: string;
}) {
  const locale = useLocale();
  const sizeText = formatAttachmentSize(size, locale);
  return (
    <>
      <Icon className={cn("size-4 shrink-0", iconClassName)} aria-hidden="true" />
      <span className={cn("min-w-0 flex-1 truncate", nameClassName)} data-user-content>
        {name}
      </span>
      <span className="shrink-0 text-slate-500 text-xs">
        {kind ? `${kind}, ${sizeText}` : sizeText}
      </span>
    </>
  );
}

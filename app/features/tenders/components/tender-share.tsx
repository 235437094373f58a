import { Share2 } from "lucide-react";
import { CopyButton } from "~/components/copy-button";
import { CardSection } from "~/components/ui/card-section";
import { inputClass } from "~/components/ui/field";
import { tenders } from "~/domain/catalogue";
import { cn } from "~/lib/cn";
import { useMessages } from "~/lib/i18n";

/** The public page's link to share, selected on focus, with a button that copies it. */
export function TenderShare({ url }: { url: string }) {
  const p = useMessages({ tenders }).tenders.page;
  return (
    <CardSection
      id="tender-share-title"
      title={p.share}
      icon={<Share2 className="size-4 text-slate-400" aria-hidden="true" />}
      className="sm:p-5 lg:col-start-2 lg:row-start-2"
      headingClassName="font-semibold text-sm"
    >
      <label htmlFor="tender-link" className="sr-only">
        {p.link}
      </label>
      <div className="mt-3 flex gap-2">
        <input
          id="tender-link"
          type="url"
          readOnly
          value={url}
          onFocus={(event) => event.currentTarget.select()}
          className={cn(inputClass, "min-w-0 flex-1 text-slate-600 text-sm")}
        />
        <CopyButton value={url} label={p.link} />
      </div>
    </CardSection>
  );
}

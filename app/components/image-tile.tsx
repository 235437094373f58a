import { Trash2 } from "lucide-react";
import { useFetcher } from "react-router";
import { type ToastMessage, useToast } from "~/components/toasts";
import { buttonVariants } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/dialog";
import { images } from "~/domain/catalogue";
import { thumbnailUrl } from "~/domain/uploads";
import { cn } from "~/lib/cn";
import { useHtmlFirst } from "~/lib/html-first";
import { useMessages } from "~/lib/i18n";

/**
 * One stored picture of a product or tender, with a remove button that posts `fields` (the
 * intent and the ids the page's action needs) through a fetcher and shows the answer's toast.
 * The removal cannot be undone, so it asks first (a confirmation on the browser's popover, with or
 * without JavaScript), as before a whole product or tender is deleted.
 */
export function RemovableImageTile({
  url,
  alt,
  removeLabel,
  fields,
}: {
  url: string;
  alt: string;
  removeLabel: string;
  fields: Record<string, string>;
}) {
  const m = useMessages({ images });
  const fetcher = useFetcher<{ toast?: ToastMessage }>();
  useToast(fetcher.data?.toast);
  const busy = fetcher.state !== "idle";
  const c = m.images.confirmRemove;
  const lightPage = useHtmlFirst();
  const remove = (
    <button
      type="button"
      disabled={busy}
      aria-label={`${removeLabel}: ${alt}`}
      className="grid size-7 place-items-center rounded-full bg-white/90 text-red-600 shadow-sm hover:bg-white"
    >
      <Trash2 className="size-4" aria-hidden="true" />
    </button>
  );
  return (
    <li
      className={cn(
        "relative aspect-[4/3] overflow-hidden rounded-lg border border-slate-200 bg-slate-100",
        busy && "opacity-40",
      )}
    >
      <img
        src={thumbnailUrl(url)}
        alt={alt}
        loading="lazy"
        width={160}
        height={120}
        className="size-full object-cover"
      />
      <fetcher.Form
        method="post"
        className="absolute top-1 right-1"
        // On a light page the picture script sends it in place (its PictureListManager's region).
        data-in-place={lightPage ? "" : undefined}
      >
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <input type="hidden" name="url" value={url} />
        <ConfirmDialog
          trigger={remove}
          title={c.title}
          description={c.text}
          cancel={c.cancel}
          confirm={
            <button type="submit" className={buttonVariants({ variant: "destructive" })}>
              {c.confirm}
            </button>
          }
        />
      </fetcher.Form>
    </li>
  );
}

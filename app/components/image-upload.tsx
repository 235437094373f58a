import { ImageIcon, Trash2, Upload } from "lucide-react";
import { useFetcher } from "react-router";
import { LightUploadProgress, pictureCheckAttributes } from "~/components/picture-list";
import { showToast, type ToastMessage, useToast } from "~/components/toasts";
import { buttonVariants } from "~/components/ui/button";
import { UploadProgressBar } from "~/components/ui/upload-progress";
import { images } from "~/domain/catalogue";
import { IMAGE_TYPES, imageProblem, MAX_IMAGE_BYTES, thumbnailUrl } from "~/domain/uploads";
import { cn } from "~/lib/cn";
import { useHtmlFirst } from "~/lib/html-first";
import { useLocale, useMessages } from "~/lib/i18n";

/**
 * A picture with upload and remove: choosing a file sends it at once (a fetcher posts
 * `intent=upload-image` to the page's action; on a light page the picture script, with a bar of
 * the bytes sent); without JavaScript the 'Загрузить' button does.
 */
export function ImageUpload({
  imageUrl,
  label,
  uploadLabel,
  round = false,
}: {
  imageUrl: string | null;
  label: string;
  uploadLabel: string;
  round?: boolean;
}) {
  const locale = useLocale();
  const m = useMessages({ images });
  const fetcher = useFetcher<{ toast?: ToastMessage }>();
  useToast(fetcher.data?.toast);
  const busy = fetcher.state !== "idle";
  // On a light page (decision 036) the picture script checks the chosen file and sends the form
  // as a page does (the picture shows in the navigation too); its label says it is uploading.
  const lightPage = useHtmlFirst();
  const shape = round ? "rounded-full" : "rounded-2xl";
  return (
    <div
      className="flex flex-wrap items-center gap-4"
      // On a light page the upload is sent with a bar of bytes sent, and its answer is the page.
      data-in-place-region={lightPage ? "page" : undefined}
      data-failed-title={lightPage ? m.images.uploadFailed : undefined}
    >
      <div
        className={cn(
          "grid size-20 shrink-0 place-items-center overflow-hidden border border-slate-200 bg-slate-100 text-slate-400",
          shape,
        )}
      >
        {imageUrl ? (
          <img
            src={thumbnailUrl(imageUrl)}
            alt={label}
            width={80}
            height={80}
            className="size-full object-cover"
          />
        ) : (
          <ImageIcon className="size-7" aria-label={m.images.noImage} />
        )}
      </div>
      <div className="flex min-w-0 flex-col gap-2">
        <div className="flex flex-wrap gap-2">
          <fetcher.Form
            method="post"
            encType="multipart/form-data"
            className="flex min-w-0 flex-wrap gap-2"
            data-in-place={lightPage ? "" : undefined}
          >
            <input type="hidden" name="intent" value="upload-image" />
            <label
              className={cn(
                buttonVariants({ variant: "secondary", size: "sm" }),
                "cursor-pointer has-focus-visible:outline-2 has-focus-visible:outline-brand-600",
                busy && "pointer-events-none opacity-60",
              )}
            >
              <Upload aria-hidden="true" />
              <span data-busy-text={lightPage ? m.images.uploading : undefined}>
                {busy ? m.images.uploading : uploadLabel}
              </span>
              <input
                type="file"
                name="image"
                accept={IMAGE_TYPES.join(",")}
                className="sr-only"
                disabled={busy}
                {...(lightPage && {
                  "data-upload-now": "",
                  "data-failed-title": m.images.uploadFailed,
                  ...pictureCheckAttributes({
                    maxBytes: MAX_IMAGE_BYTES,
                    types: IMAGE_TYPES,
                    tooLarge: m.images.fileTooLarge,
                    badType: m.images.fileTypeNotSupported,
                  }),
                })}
                onChange={(event) => {
                  const input = event.currentTarget;
                  const file = input.files?.[0];
                  if (!file) return;
                  // Refused here, before a long upload; the server checks the content again.
                  const problem = imageProblem(file, locale);
                  if (problem) {
                    showToast({
                      type: "error",
                      title: m.images.uploadFailed,
                      description: problem,
                    });
                    input.value = "";
                    return;
                  }
                  fetcher.submit(input.form);
                }}
              />
            </label>
            <noscript>
              <button type="submit" className={buttonVariants({ variant: "primary", size: "sm" })}>
                {m.images.upload}
              </button>
            </noscript>
          </fetcher.Form>
          {imageUrl && (
            <fetcher.Form method="post">
              <input type="hidden" name="intent" value="remove-image" />
              <button
                type="submit"
                disabled={busy}
                className={buttonVariants({ variant: "ghost", size: "sm" })}
              >
                <Trash2 aria-hidden="true" />
                {m.images.remove}
              </button>
            </fetcher.Form>
          )}
        </div>
        <p className="text-slate-500 text-xs">{m.images.hint}</p>
        {lightPage ? (
          <LightUploadProgress />
        ) : (
          <UploadProgressBar active={fetcher.state === "submitting"} />
        )}
      </div>
    </div>
  );
}

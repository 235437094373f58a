import { ImagePlus, X } from "lucide-react";
import { type ComponentProps, type ReactNode, useEffect, useId, useMemo } from "react";
import { useFetcher } from "react-router";
import { RemovableImageTile } from "~/components/image-tile";
import { showToast, type ToastMessage, useToast } from "~/components/toasts";
import { buttonVariants } from "~/components/ui/button";
import { FieldError, Label } from "~/components/ui/field";
import { UploadForm } from "~/components/ui/upload-form";
import { UploadProgressBar } from "~/components/ui/upload-progress";
import { useChosenFiles } from "~/components/use-chosen-files";
import { common, images } from "~/domain/catalogue";
import { cn } from "~/lib/cn";
import { useHtmlFirst } from "~/lib/html-first";
import { useMessages } from "~/lib/i18n";

/** The dashed 'add a picture' tile that wraps a hidden file input. */
const ADD_TILE_CLASS =
  "flex aspect-[4/3] cursor-pointer flex-col items-center justify-center gap-1 rounded-lg border border-slate-300 border-dashed bg-slate-50 px-2 text-center font-medium text-brand-800 text-xs hover:border-brand-400 hover:bg-brand-50 has-focus-visible:outline-2 has-focus-visible:outline-brand-600";

/**
 * What a row's pictures take, in both pickers: the limit, the types offered, the grid, and the
 * check made in the browser before anything is sent (size and type, with the messages of
 * docs/product.md, "Validation"): a refused file is named in a toast and never sent.
 */
export interface PictureRules {
  max: number;
  accept: string;
  /** The grid's columns from `sm` up (e.g. `sm:grid-cols-4`). */
  gridClass: string;
  /** Why a file cannot be taken, or null when it can. */
  problem(file: File): string | null;
  /** The same check for a light page's script (lib/picture-scripts.ts): limits and messages. */
  checks: PictureChecks;
}

/** What `problem` checks, as data: the largest file, the types taken and what to say otherwise. */
export interface PictureChecks {
  maxBytes: number;
  types: readonly string[];
  tooLarge: string;
  badType: string;
}

/** The attributes the picture scripts read on a file input (lib/picture-scripts.ts `problem`). */
export const pictureCheckAttributes = (checks: PictureChecks) => ({
  "data-max-bytes": checks.maxBytes,
  "data-types": checks.types.join(","),
  "data-too-large": checks.tooLarge,
  "data-bad-type": checks.badType,
});

/**
 * The form of a row with pictures (product, tender), one for both modes. Adding: the pictures are
 * chosen among the form's fields (NewPicturesPicker) and sent with the first save. Editing: the
 * row's pictures are managed above the form (`manager`: PictureListManager) and change at once.
 * The upload's progress closes the form.
 */
export function FormWithPictures<Shape extends Record<string, unknown>>({
  manager,
  busy,
  children,
  ...form
}: Omit<ComponentProps<typeof UploadForm<Shape>>, "className"> & {
  manager: ReactNode;
  busy: boolean;
}) {
  // On a light page the form posts as a page does (its button busy); the app shows the bytes sent.
  const lightPage = useHtmlFirst();
  return (
    <div className="space-y-6">
      {manager}
      <UploadForm className="space-y-5" {...form}>
        {children}
        {!lightPage && <UploadProgressBar active={busy} />}
      </UploadForm>
    </div>
  );
}

/**
 * Pictures of a new row (product, tender): chosen files are shown at once and sent with the
 * form's first save; a second choice adds to the first. When full, the add tile is hidden, never
 * disabled: a disabled file input is not sent, and the chosen files would be lost.
 */
export function NewPicturesPicker({
  name,
  errors,
  label,
  addLabel,
  removeLabel,
  hint,
  rules: { max, accept, gridClass, problem: problemOf, checks },
  tooMany,
}: {
  /** The form field the files are sent under. */
  name: string;
  errors: string[];
  label: string;
  addLabel: string;
  removeLabel: (file: string) => string;
  hint: ReactNode;
  rules: PictureRules;
  /** The message when the choice passes the limit. */
  tooMany: string;
}) {
  const m = useMessages({ images });
  const chosen = useChosenFiles({ name, max, problem: problemOf, tooMany });
  const { files, refused } = chosen;
  const previews = useMemo(
    () => files.map((file) => ({ file, url: URL.createObjectURL(file) })),
    [files],
  );
  useEffect(
    () => () => {
      for (const preview of previews) URL.revokeObjectURL(preview.url);
    },
    [previews],
  );
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  // On a light page (decision 036) the picture script keeps the choice and draws the previews
  // from the template; the error and the hint are both there for it.
  const lightPage = useHtmlFirst();
  const listId = `${id}-chosen`;
  const previewId = `${id}-preview`;

  const full = files.length >= max;
  const shown = refused.length > 0 ? refused : errors;

  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      <ul id={listId} className={cn("mt-2 grid grid-cols-3 gap-2", gridClass)}>
        {previews.map(({ file, url }) => (
          <PreviewTile
            key={url}
            url={url}
            alt={file.name}
            removeLabel={removeLabel(file.name)}
            onRemove={() => chosen.remove(file)}
            // Not a picture after all (a text file named .jpg): refused here, not sent.
            onError={() =>
              chosen.drop(file, m.images.fileRefused(file.name, m.images.fileTypeNotSupported))
            }
          />
        ))}
        {/* Kept in the document when full: the input holds the files the form sends. */}
        <li className={full ? "hidden" : undefined}>
          <label className={ADD_TILE_CLASS}>
            <ImagePlus className="size-5" aria-hidden="true" />
            {addLabel}
            <input
              id={id}
              {...chosen.inputProps}
              accept={accept}
              aria-invalid={shown.length > 0 || undefined}
              aria-describedby={shown.length > 0 ? errorId : hintId}
              className="sr-only"
              {...(lightPage && {
                "data-chosen-pictures": listId,
                "data-preview": previewId,
                "data-max": max,
                "data-too-many": tooMany,
                "data-refused": m.images.fileRefused("{file}", "{reason}"),
                "data-remove": removeLabel("{file}"),
                ...pictureCheckAttributes(checks),
              })}
            />
          </label>
        </li>
      </ul>
      {lightPage && (
        <template id={previewId}>
          <PreviewTile url="" alt="" removeLabel="" />
        </template>
      )}
      {(shown.length > 0 || lightPage) && (
        <FieldError id={errorId} errors={shown.length > 0 ? [shown.join(" ")] : []} />
      )}
      {(shown.length === 0 || lightPage) && (
        <p id={hintId} hidden={shown.length > 0} className="mt-1.5 text-slate-500 text-xs">
          {hint}
        </p>
      )}
    </div>
  );
}

/** A chosen picture not sent yet, with the button that takes it off the choice. */
function PreviewTile({
  url,
  alt,
  removeLabel,
  onRemove,
  onError,
}: {
  url: string;
  alt: string;
  removeLabel: string;
  onRemove?: () => void;
  onError?: () => void;
}) {
  return (
    <li className="relative aspect-[4/3] overflow-hidden rounded-lg border border-slate-200 bg-slate-100">
      <img src={url || undefined} alt={alt} className="size-full object-cover" onError={onError} />
      <button
        type="button"
        onClick={onRemove}
        aria-label={removeLabel}
        className="absolute top-1 right-1 grid size-7 place-items-center rounded-full bg-white/90 text-slate-700 shadow-sm hover:bg-white"
      >
        <X className="size-4" aria-hidden="true" />
      </button>
    </li>
  );
}

/**
 * Pictures of an existing row: a grid of removable tiles plus an upload form. Each removal and
 * each upload is its own request (fetcher), answered with a toast; without JavaScript the same
 * forms post normally. The page's action takes them as the intents `remove-photo` (with `url`)
 * and `add-photos` (the files as `photos`), with `rowFields`. A refused file is named in a toast
 * and nothing is sent; the add tile is left out when full.
 */
export function PictureListManager({
  titleId,
  title,
  urls,
  rowName,
  rowFields,
  removeLabel,
  addLabel,
  inputLabel,
  uploadLabel,
  emptyText,
  hint,
  rules: { max, accept, gridClass, problem: problemOf, checks },
  failedTitle,
}: {
  titleId: string;
  title: string;
  urls: readonly string[];
  /** The row's name, for the pictures' alt text. */
  rowName: string;
  /** The hidden fields naming the row (e.g. `{ productId }`). */
  rowFields: Record<string, string>;
  removeLabel: string;
  addLabel: string;
  /** The file input's own accessible name, when it needs one. */
  inputLabel?: string;
  /** The no-JavaScript submit button's text. */
  uploadLabel: string;
  emptyText: string;
  hint: ReactNode;
  rules: PictureRules;
  /** The toast's title when a chosen file is refused. */
  failedTitle: string;
}) {
  const m = useMessages({ common, images });
  const upload = useFetcher<{ toast?: ToastMessage }>();
  useToast(upload.data?.toast);
  const busy = upload.state !== "idle";
  const full = urls.length >= max;
  // On a light page (decision 036) the picture script checks a chosen file and sends the form
  // in place: the region is drawn again from the answer, the row's form keeps what was typed.
  const lightPage = useHtmlFirst();
  return (
    <section
      aria-labelledby={titleId}
      data-in-place-region={lightPage ? titleId : undefined}
      data-failed-title={lightPage ? failedTitle : undefined}
    >
      <h3 id={titleId} className="font-medium text-slate-800 text-sm">
        {title}
      </h3>
      <ul className={cn("mt-2 grid grid-cols-3 gap-2", gridClass)}>
        {urls.map((url, index) => (
          <RemovableImageTile
            key={url}
            fields={{ intent: "remove-photo", ...rowFields }}
            removeLabel={removeLabel}
            url={url}
            alt={m.common.photoAlt(rowName, index + 1)}
          />
        ))}
        {!full && (
          <li>
            <upload.Form
              method="post"
              encType="multipart/form-data"
              data-in-place={lightPage ? "" : undefined}
            >
              <input type="hidden" name="intent" value="add-photos" />
              {Object.entries(rowFields).map(([name, value]) => (
                <input key={name} type="hidden" name={name} value={value} />
              ))}
              <label className={cn(ADD_TILE_CLASS, busy && "pointer-events-none opacity-50")}>
                <ImagePlus className="size-5" aria-hidden="true" />
                <span data-busy-text={lightPage ? m.images.uploading : undefined}>
                  {busy ? m.images.uploading : addLabel}
                </span>
                <input
                  type="file"
                  name="photos"
                  multiple
                  accept={accept}
                  disabled={busy}
                  aria-label={inputLabel}
                  className="sr-only"
                  {...(lightPage && {
                    "data-upload-now": "",
                    "data-failed-title": failedTitle,
                    ...pictureCheckAttributes(checks),
                  })}
                  onChange={(event) => {
                    const input = event.currentTarget;
                    const chosen = Array.from(input.files ?? []);
                    if (chosen.length === 0) return;
                    const problem = chosen.map(problemOf).find(Boolean);
                    if (problem) {
                      showToast({ type: "error", title: failedTitle, description: problem });
                      input.value = "";
                      return;
                    }
                    upload.submit(input.form);
                  }}
                />
              </label>
              <noscript>
                <button
                  type="submit"
                  className={buttonVariants({
                    variant: "secondary",
                    size: "sm",
                    className: "mt-2",
                  })}
                >
                  {uploadLabel}
                </button>
              </noscript>
            </upload.Form>
          </li>
        )}
      </ul>
      <p className="mt-1.5 text-slate-500 text-xs">
        {urls.length === 0 ? `${emptyText}. ` : ""}
        {hint}
      </p>
      <div className="mt-2">
        {lightPage ? (
          <LightUploadProgress />
        ) : (
          <UploadProgressBar active={upload.state === "submitting"} />
        )}
      </div>
    </section>
  );
}

/** A placeholder for a percentage the picture script puts in (`{p}`). */
const PERCENT_SLOT = "{p}" as unknown as number;

/**
 * The upload bar of a light page, hidden until the picture script (IN_PLACE) fills it in, with
 * the same texts as UploadProgressBar.
 */
export function LightUploadProgress() {
  const m = useMessages({ images });
  return (
    <div
      hidden
      className="grid w-full gap-1.5"
      data-upload-progress=""
      data-sent={m.images.progress.sent(PERCENT_SLOT, "{l}", "{t}")}
      data-saving={m.images.progress.saving}
    >
      <div
        role="progressbar"
        aria-label={m.images.progress.label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={0}
        className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full w-0 rounded-full bg-brand-600 transition-[width] duration-200" />
      </div>
      <p aria-hidden="true" className="text-slate-600 text-xs" />
    </div>
  );
}

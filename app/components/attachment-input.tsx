import { FileText, ImageIcon, X } from "lucide-react";
import { useId } from "react";
import { FileLabel } from "~/components/file-label";
import { FieldError, inputClass, Label } from "~/components/ui/field";
import { fileKey, useChosenFiles } from "~/components/use-chosen-files";
import { ATTACHMENT_ACCEPT, attachmentProblem, declaredAttachmentKind } from "~/domain/attachments";
import { attachments } from "~/domain/catalogue";
import { MAX_ATTACHMENTS } from "~/domain/limits";
import { cn } from "~/lib/cn";
import { useHtmlFirst } from "~/lib/html-first";
import { useLocale, useMessages } from "~/lib/i18n";

/**
 * A file input for attachments (pictures and PDFs) sent with a form. With JavaScript each chosen
 * file is checked at once (`attachmentProblem`: type and size), refused ones are named and never
 * sent, a second choice adds to the first, and each chosen file can be taken off again; at most
 * `max` files are kept. Without JavaScript it is a plain multiple file input and the server checks
 * everything.
 */
export function AttachmentInput({
  name,
  label,
  hint,
  max,
  errors,
  removeLabel,
  chosenLabel,
}: {
  /** The form field the files are sent under. */
  name: string;
  label: string;
  hint: string;
  /** How many files may still be added. */
  max: number;
  /** The server's messages for the field. */
  errors?: string[] | null;
  removeLabel: (file: string) => string;
  chosenLabel: string;
}) {
  const locale = useLocale();
  const m = useMessages({ attachments });
  const chosen = useChosenFiles({
    name,
    max,
    problem: (file) => {
      const problem = attachmentProblem(file, locale);
      return problem && m.attachments.fileRefused(file.name, problem);
    },
    tooMany: m.attachments.tooMany(MAX_ATTACHMENTS),
  });
  const { files, refused } = chosen;
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const shown = refused.length > 0 ? refused : (errors ?? []);
  // On a light page (decision 036) a constant script lists the chosen files' names; the server
  // checks them.
  const lightPage = useHtmlFirst();
  const listId = `${id}-chosen`;

  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      {files.length > 0 && (
        <div className="mt-2">
          <p className="text-slate-600 text-xs">{chosenLabel}</p>
          <ul className="mt-1.5 grid grid-cols-1 gap-2">
            {files.map((file) => {
              const Icon = declaredAttachmentKind(file) === "pdf" ? FileText : ImageIcon;
              return (
                <li
                  key={fileKey(file)}
                  className="flex items-center gap-3 rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 text-sm"
                >
                  <FileLabel
                    icon={Icon}
                    name={file.name}
                    size={file.size}
                    nameClassName="text-slate-900"
                  />
                  <button
                    type="button"
                    onClick={() => {
                      chosen.remove(file);
                      chosen.clearRefused();
                    }}
                    aria-label={removeLabel(file.name)}
                    className="-my-1 grid size-8 shrink-0 place-items-center rounded-full text-slate-500 hover:bg-white hover:text-slate-900"
                  >
                    <X className="size-4" aria-hidden="true" />
                  </button>
                </li>
              );
            })}
          </ul>
        </div>
      )}
      {lightPage && (
        <div id={listId} hidden className="mt-2">
          <p className="text-slate-600 text-xs">{chosenLabel}</p>
          <ul className="mt-1.5 grid grid-cols-1 gap-2 text-slate-900 text-sm" data-user-content />
        </div>
      )}
      {/* Kept in the document when full: it holds the files the form sends. */}
      <input
        id={id}
        {...chosen.inputProps}
        data-chosen-list={lightPage ? listId : undefined}
        accept={ATTACHMENT_ACCEPT}
        aria-invalid={shown.length > 0 || undefined}
        aria-describedby={shown.length > 0 ? `${errorId} ${hintId}` : hintId}
        className={cn(
          inputClass,
          "mt-2 cursor-pointer py-2 file:mr-3 file:cursor-pointer file:rounded-md file:border-0 file:bg-brand-50 file:px-3 file:py-1.5 file:font-semibold file:text-brand-800 file:text-sm hover:file:bg-brand-100",
          files.length >= max && "hidden",
        )}
      />
      <p id={hintId} className="mt-1.5 text-slate-500 text-xs">
        {hint}
      </p>
      <FieldError id={errorId} errors={shown.length > 0 ? [shown.join(" ")] : null} />
    </div>
  );
}

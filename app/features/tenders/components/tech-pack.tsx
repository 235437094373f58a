import { FileText, ImageIcon } from "lucide-react";
import { AttachmentInput } from "~/components/attachment-input";
import { FileLabel } from "~/components/file-label";
import { type Attachment, attachmentFile } from "~/domain/attachments";
import { tenders } from "~/domain/catalogue";
import { MAX_TECH_PACK_FILES } from "~/domain/limits";
import { REMOVE_TECH_PACK_FIELD, TECH_PACK_FIELD } from "~/features/tenders/schema";
import { useMessages } from "~/lib/i18n";

/** Where the owner and factories download a file of a tender's tech pack. */
export function techPackHref(tenderId: string, file: Pick<Attachment, "url">): string {
  return `/tenders/${encodeURIComponent(tenderId)}/tech-pack/${encodeURIComponent(attachmentFile(file))}`;
}

/**
 * The tech pack in the tender form: on an existing tender its files, each with a box that deletes
 * it when the form is saved; then the input for new files (sent with the save, checked on the
 * server by content). Works without JavaScript: a plain checkbox and a plain file input.
 */
export function TechPackFields({
  files,
  errors,
}: {
  /** The tender's files; null for a new tender. */
  files: readonly Attachment[] | null;
  errors?: string[] | null;
}) {
  const t = useMessages({ tenders }).tenders.techPack;
  const room = Math.max(0, MAX_TECH_PACK_FILES - (files?.length ?? 0));
  return (
    <fieldset className="rounded-xl border border-slate-200 p-4" data-testid="tech-pack-fields">
      <legend className="px-1 font-semibold text-slate-900 text-sm">{t.title}</legend>
      {files && (
        <div className="mb-4">
          <h3 className="font-medium text-slate-800 text-sm">{t.current}</h3>
          {files.length === 0 ? (
            <p className="mt-1.5 text-slate-500 text-sm">{t.none}</p>
          ) : (
            <ul className="mt-2 grid grid-cols-1 gap-2">
              {files.map((file) => (
                <li
                  key={file.url}
                  className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 text-sm"
                >
                  <span className="flex min-w-0 flex-1 basis-48 items-center gap-2">
                    <FileLabel
                      icon={file.kind === "pdf" ? FileText : ImageIcon}
                      name={file.name}
                      size={file.size}
                      kind={file.kind === "pdf" ? t.pdf : t.image}
                      nameClassName="text-slate-900"
                    />
                  </span>
                  <label className="flex cursor-pointer items-center gap-2 text-slate-700 text-xs">
                    <input
                      type="checkbox"
                      name={REMOVE_TECH_PACK_FIELD}
                      value={file.url}
                      className="size-4 rounded border-slate-300 accent-brand-700"
                    />
                    {t.remove(file.name)}
                  </label>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
      <AttachmentInput
        name={TECH_PACK_FIELD}
        label={files ? t.add : t.title}
        hint={
          files
            ? `${t.hint(MAX_TECH_PACK_FILES)}. ${t.filesLeft(room)}`
            : t.hint(MAX_TECH_PACK_FILES)
        }
        max={MAX_TECH_PACK_FILES}
        errors={errors}
        removeLabel={t.removeChosen}
        chosenLabel={t.chosen}
      />
    </fieldset>
  );
}

/** The tech pack on the tender's page (owner and factories only): name, type and size. */
export function TechPackList({
  tenderId,
  files,
}: {
  tenderId: string;
  files: readonly Attachment[];
}) {
  const t = useMessages({ tenders }).tenders.techPack;
  return (
    <section
      aria-labelledby="tech-pack-title"
      className="rounded-2xl border border-slate-200 bg-white p-5 sm:p-6"
      data-testid="tech-pack"
    >
      <h2 id="tech-pack-title" className="font-bold text-lg text-slate-900">
        {t.pageTitle}
      </h2>
      <p className="mt-1 text-slate-500 text-sm">{t.pageHint}</p>
      {files.length === 0 ? (
        <p className="mt-3 text-slate-600 text-sm">{t.none}</p>
      ) : (
        <ul className="mt-3 grid gap-1.5">
          {files.map((file) => (
            <li key={file.url}>
              <a
                href={techPackHref(tenderId, file)}
                download
                title={t.download(file.name)}
                className="flex min-w-0 items-center gap-2 rounded-lg bg-white px-3 py-2 text-sm ring-1 ring-slate-200 hover:ring-brand-400"
              >
                <FileLabel
                  icon={file.kind === "pdf" ? FileText : ImageIcon}
                  name={file.name}
                  size={file.size}
                  kind={file.kind === "pdf" ? t.pdf : t.image}
                  iconClassName={file.kind === "pdf" ? "text-red-600" : "text-slate-500"}
                  nameClassName="font-medium text-brand-800"
                />
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

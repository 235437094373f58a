import { FileLabel } from "~/components/file-label";
import type { Attachment } from "~/domain/attachments";
import { attachments as attachmentMessages } from "~/domain/catalogue";
import { verificationDocumentHref } from "~/domain/verification";
import { useMessages } from "~/lib/i18n";

/**
 * The documents of a verification request as links (a shared address, no language prefix): a PDF
 * always comes as a download, a picture opens in a new tab. Only the factory's owner and admins
 * get the files (app/routes/verification-documents.ts).
 */
export function DocumentLinks({
  requestId,
  documents,
}: {
  requestId: string;
  documents: readonly Attachment[];
}) {
  const m = useMessages({ attachments: attachmentMessages }).attachments;
  return (
    <ul className="mt-1.5 flex flex-wrap gap-2" data-testid="verification-documents">
      {documents.map((file) => (
        <li key={file.url} className="min-w-0 max-w-full">
          <a
            href={verificationDocumentHref(requestId, file)}
            {...(file.kind === "image" ? { target: "_blank", rel: "noopener" } : {})}
            aria-label={file.kind === "pdf" ? m.download(file.name) : m.open(file.name)}
            className="inline-flex max-w-full items-center gap-1.5 rounded-lg border border-slate-200 bg-white px-2.5 py-1.5 text-slate-800 text-xs hover:border-brand-300 hover:text-brand-800"
          >
            <FileLabel name={file.name} size={file.size} iconClassName="text-slate-400" />
          </a>
        </li>
      ))}
    </ul>
  );
}

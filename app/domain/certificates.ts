/**
 * What the pages and the services share about a factory's certificates: where a certificate's
 * file is fetched (the owner and admins only, app/routes/certificate-files.ts).
 */
import { type Attachment, attachmentFile } from "./attachments";

/**
 * The address of a certificate's file (shared, no language prefix):
 * `/certificate-files/{certificateId}/{file}`; `?size=thumb` for a picture's thumbnail.
 */
export function certificateFileHref(certificateId: string, file: Pick<Attachment, "url">): string {
  return `/certificate-files/${encodeURIComponent(certificateId)}/${encodeURIComponent(attachmentFile(file))}`;
}

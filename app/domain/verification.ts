/**
 * What the pages and the services share about a factory's verification documents: where they
 * are fetched. (The limits are in app/features/verification/schema.ts.)
 */
import { type Attachment, attachmentFile } from "./attachments";

/**
 * Where the factory's owner and admins fetch a document of a request (a shared address, no
 * language prefix): `/verification-documents/{requestId}/{file}`; `?size=thumb` for a picture's
 * thumbnail.
 */
export function verificationDocumentHref(
  requestId: string,
  document: Pick<Attachment, "url">,
): string {
  return `/verification-documents/${encodeURIComponent(requestId)}/${encodeURIComponent(attachmentFile(document))}`;
}

/**
 * Files attached to a quote or to a message of its conversation: the limits, what the browser
 * may offer in its file picker, the browser's own check before sending, clean file names and the
 * addresses the files are fetched from. No I/O: the browser uses this module too; the server
 * checks the content again (app/platform/attachments.server.ts).
 *
 * - Pictures (JPG, PNG, WebP) up to 5 MB go through the image pipeline and are kept as WebP;
 *   PDFs up to 10 MB are kept as they are and always served as a download.
 * - Attachments are private: only the two parties of the quote and an admin may fetch them, from
 *   `/attachments/{quoteId}/{file}` (app/routes/attachments.ts), never from /uploads/.
 */

import { attachments as attachmentMessages } from "~/domain/catalogue";
import { LOCALE_INFO, type Locale } from "~/domain/locale";
import type { Attachment } from "~db/schema";

export type { Attachment };
export type AttachmentKind = Attachment["kind"];

/** 10 MB: the largest PDF. */
export const MAX_PDF_BYTES = 10 * 1024 * 1024;
/** 5 MB: the largest picture, the limit of every image upload (app/platform/storage.server.ts). */
export const MAX_ATTACHMENT_IMAGE_BYTES = 5 * 1024 * 1024;
/** The longest file name kept (characters), extension included. */
export const MAX_ATTACHMENT_NAME_LENGTH = 120;

export const ATTACHMENT_IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
export const PDF_TYPE = "application/pdf";
/** The declared types accepted (the server judges the content again). */
export const ATTACHMENT_TYPES = [...ATTACHMENT_IMAGE_TYPES, PDF_TYPE] as const;
const IMAGE_EXTENSIONS = ["jpg", "jpeg", "png", "webp"];
/** The file input's `accept`: the types, and the extensions for systems that don't know them. */
export const ATTACHMENT_ACCEPT = [
  ...ATTACHMENT_TYPES,
  ...IMAGE_EXTENSIONS.map((extension) => `.${extension}`),
  ".pdf",
].join(",");

/** The file's extension in lower case, without the dot ('' when there is none). */
function extensionOf(name: string): string {
  const match = /\.([^./\\]{1,10})$/.exec(name);
  return match?.[1]?.toLowerCase() ?? "";
}

/**
 * What the sender says the file is, by its name's extension or else by its declared type; null
 * for anything else. The content must then be what was declared (a JPEG named .pdf is refused).
 */
export function declaredAttachmentKind(file: {
  name: string;
  type: string;
}): AttachmentKind | null {
  const extension = extensionOf(file.name);
  if (extension === "pdf") return "pdf";
  if (IMAGE_EXTENSIONS.includes(extension)) return "image";
  const type = file.type.split(";")[0]?.trim().toLowerCase() ?? "";
  if (type === PDF_TYPE) return "pdf";
  if ((ATTACHMENT_IMAGE_TYPES as readonly string[]).includes(type)) return "image";
  return null;
}

/** An empty file input: the browser sends one nameless, empty file. */
export function isEmptyFileInput(file: { size: number; name: string }): boolean {
  return file.size === 0 && file.name === "";
}

/**
 * Why a chosen file is refused before it is sent, in `locale`, or null (the server checks the
 * content again).
 */
export function attachmentProblem(
  file: { size: number; type: string; name: string },
  locale: Locale,
): string | null {
  const m = attachmentMessages[locale];
  const kind = declaredAttachmentKind(file);
  if (!kind) return m.typeNotSupported;
  if (kind === "image" && file.size > MAX_ATTACHMENT_IMAGE_BYTES) return m.imageTooLarge;
  if (kind === "pdf" && file.size > MAX_PDF_BYTES) return m.pdfTooLarge;
  if (file.size === 0) return m.empty;
  return null;
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/** Control and format characters (bidi overrides among them), line and paragraph separators. */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu;

/**
 * The name kept for a file: without any folder, control or bidi characters, at most 120
 * characters with its extension kept; a PDF always ends in `.pdf`; an empty name becomes
 * 'document.pdf' or 'image'.
 */
export function cleanAttachmentName(raw: string, kind: AttachmentKind): string {
  let name = raw.replace(LONE_SURROGATE, "").normalize("NFC").replace(INVISIBLE, "");
  name = name.split(/[\\/]/).pop() ?? "";
  name = name
    .replace(/\s+/g, " ")
    .replace(/^[\s.]+|[\s.]+$/g, "")
    .trim();
  if (kind === "pdf" && extensionOf(name) !== "pdf") name = `${name || "document"}.pdf`;
  if (name === "") name = "image";
  const characters = Array.from(name);
  if (characters.length <= MAX_ATTACHMENT_NAME_LENGTH) return name;
  const extension = /\.[\p{L}\p{N}]{1,10}$/u.exec(name)?.[0] ?? "";
  const stem = Array.from(name.slice(0, name.length - extension.length));
  return `${stem
    .slice(0, MAX_ATTACHMENT_NAME_LENGTH - extension.length)
    .join("")
    .trimEnd()}${extension}`;
}

/** The file part of an attachment's key: `attachments/{uuid}.pdf` → `{uuid}.pdf`. */
export function attachmentFile(attachment: Pick<Attachment, "url">): string {
  return attachment.url.slice(attachment.url.lastIndexOf("/") + 1);
}

/** Where the parties fetch an attachment: `/attachments/{quoteId}/{file}`. */
export function attachmentHref(quoteId: string, attachment: Pick<Attachment, "url">): string {
  return `/attachments/${encodeURIComponent(quoteId)}/${encodeURIComponent(attachmentFile(attachment))}`;
}

/** The small picture of an image attachment; null for a PDF. */
export function attachmentThumbnailHref(
  quoteId: string,
  attachment: Pick<Attachment, "url" | "kind">,
): string | null {
  return attachment.kind === "image" ? `${attachmentHref(quoteId, attachment)}?size=thumb` : null;
}

/** A file's size as the language writes it: '350 КБ', '2,4 МБ' ('2.4 MB'). */
export function formatAttachmentSize(bytes: number, locale: Locale): string {
  const m = attachmentMessages[locale];
  const format = (n: number) =>
    new Intl.NumberFormat(LOCALE_INFO[locale].tag, { maximumFractionDigits: 1 }).format(n);
  if (bytes < 1024 * 1024) return m.kilobytes(format(Math.max(1, Math.round(bytes / 1024))));
  return m.megabytes(format(Math.round((bytes / (1024 * 1024)) * 10) / 10));
}

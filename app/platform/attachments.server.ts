/**
 * Files attached to quotes and to the messages of their conversations: checking, storing,
 * finding (for a party of the quote only) and serving them. See app/domain/attachments.ts for
 * the limits and the names.
 *
 * - Judged by content, as declared: a file named (or typed) as a picture must be a JPEG, PNG or
 *   WebP, and goes through the image pipeline (app/platform/storage.server.ts: checked by sharp,
 *   re-encoded to WebP without metadata, with a thumbnail); a file declared as a PDF must start
 *   with `%PDF-`, end with `%%EOF` (in its last kilobyte) and weigh at most 10 MB; it is kept
 *   byte for byte. Anything else is refused.
 * - All or nothing: every file is checked before any is stored, and a storage failure removes
 *   what was already stored.
 * - Kept in the storage's private folder `attachments/` under names the server chooses
 *   (`{uuid}.webp` + `{uuid}-thumb.webp`, `{uuid}.pdf`); `Attachment.url` holds that key. The
 *   public /uploads/ route never serves them; app/routes/attachments.ts does, to the quote's two
 *   parties and an admin, never cached, a PDF only as a download.
 */
import { randomUUID } from "node:crypto";
import {
  type Attachment,
  type AttachmentKind,
  cleanAttachmentName,
  declaredAttachmentKind,
  isEmptyFileInput,
  MAX_PDF_BYTES,
} from "~/domain/attachments";
import { attachments as attachmentMessages } from "~/domain/catalogue";
import { MAX_ATTACHMENTS } from "~/domain/limits";
import type { Locale } from "~/domain/locale";
import { isAttachmentKey } from "~/domain/uploads";
import {
  encodeImage,
  MAX_UPLOAD_BYTES,
  removeImages,
  type Storage,
  uploadErrorMessage,
} from "~/platform/storage.server";

export type StoreAttachmentsResult =
  | { ok: true; attachments: Attachment[] }
  | { ok: false; errors: string[] };

/** A file checked and ready to be stored. */
type Prepared =
  | { kind: "image"; name: string; large: Buffer; thumb: Buffer }
  | { kind: "pdf"; name: string; body: Buffer };

const PDF_HEADER = Buffer.from("%PDF-", "latin1");
const PDF_TRAILER = Buffer.from("%%EOF", "latin1");
/** Where `%%EOF` must be: within the last kilobyte (trailing whitespace and junk allowed). */
const PDF_TRAILER_WINDOW = 1024;

/** True for a PDF by its content: `%PDF-` at the start and `%%EOF` in the last kilobyte. */
export function looksLikePdf(body: Uint8Array): boolean {
  const bytes = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  if (bytes.byteLength < PDF_HEADER.length + PDF_TRAILER.length) return false;
  if (!bytes.subarray(0, PDF_HEADER.length).equals(PDF_HEADER)) return false;
  return bytes.subarray(-PDF_TRAILER_WINDOW).includes(PDF_TRAILER);
}

/** Checks one file; its problem in `locale` when refused. */
async function prepare(
  file: File,
  kind: AttachmentKind,
  name: string,
  locale: Locale,
): Promise<{ ok: true; file: Prepared } | { ok: false; problem: string }> {
  const m = attachmentMessages[locale];
  const limit = kind === "pdf" ? MAX_PDF_BYTES : MAX_UPLOAD_BYTES;
  const tooLarge = kind === "pdf" ? m.pdfTooLarge : m.imageTooLarge;
  // The declared size first: a huge file is refused before it is read.
  if (file.size > limit) return { ok: false, problem: tooLarge };
  const body = Buffer.from(await file.arrayBuffer());
  if (body.byteLength === 0) return { ok: false, problem: m.empty };
  if (body.byteLength > limit) return { ok: false, problem: tooLarge };
  if (kind === "pdf") {
    if (!looksLikePdf(body)) return { ok: false, problem: m.notPdf };
    return { ok: true, file: { kind, name, body } };
  }
  const encoded = await encodeImage(body);
  if (!encoded.ok) {
    switch (encoded.reason) {
      case "too-large":
        return { ok: false, problem: m.imageTooLarge };
      case "unsupported-type":
        return { ok: false, problem: m.typeNotSupported };
      default:
        return { ok: false, problem: uploadErrorMessage(encoded.reason, locale) };
    }
  }
  return { ok: true, file: { kind, name, ...encoded.image } };
}

/**
 * Checks and stores the files of one quote or message: all of them, or none with every file's
 * problem (named) in `locale`. Empty file inputs (and empty text fields) are skipped; more than
 * `max` files (MAX_ATTACHMENTS, or fewer when some are already attached) are refused before any
 * is read. Storage failures are reported as `storeFailed`, with nothing left behind.
 */
export async function storeAttachments(
  storage: Storage,
  files: readonly (File | string)[],
  locale: Locale,
  { max = MAX_ATTACHMENTS }: { max?: number } = {},
): Promise<StoreAttachmentsResult> {
  const m = attachmentMessages[locale];
  const chosen = files.filter((file) =>
    typeof file === "string" ? file !== "" : !isEmptyFileInput(file),
  );
  if (chosen.length === 0) return { ok: true, attachments: [] };
  if (chosen.length > max) return { ok: false, errors: [m.tooMany(MAX_ATTACHMENTS)] };

  const prepared: Prepared[] = [];
  const errors: string[] = [];
  // One at a time: decoding pictures is the heaviest thing the server does.
  for (const file of chosen) {
    if (typeof file === "string") {
      errors.push(m.typeNotSupported);
      continue;
    }
    const kind = declaredAttachmentKind(file);
    const name = cleanAttachmentName(file.name, kind ?? "image");
    const result = kind
      ? await prepare(file, kind, name, locale)
      : { ok: false as const, problem: m.typeNotSupported };
    if (result.ok) prepared.push(result.file);
    else errors.push(m.fileRefused(name, result.problem));
  }
  if (errors.length > 0) return { ok: false, errors };

  const stored: string[] = [];
  const put = async (key: string, body: Buffer) => {
    stored.push(key);
    await storage.put(key, body);
  };
  try {
    const attachments: Attachment[] = [];
    for (const file of prepared) {
      const id = randomUUID();
      if (file.kind === "pdf") {
        const key = `attachments/${id}.pdf`;
        await put(key, file.body);
        attachments.push({ url: key, name: file.name, kind: "pdf", size: file.body.byteLength });
      } else {
        const key = `attachments/${id}.webp`;
        await put(key, file.large);
        await put(`attachments/${id}-thumb.webp`, file.thumb);
        attachments.push({
          url: key,
          name: file.name,
          kind: "image",
          size: file.large.byteLength,
        });
      }
    }
    return { ok: true, attachments };
  } catch (error) {
    console.error("[attachments] не удалось сохранить файлы:", error);
    await deleteKeys(storage, stored);
    return { ok: false, errors: [m.storeFailed] };
  }
}

/** The stored keys of an attachment (a picture has two); none when its URL is not ours. */
function keysOf(attachment: Pick<Attachment, "url">): string[] {
  const key = attachment.url;
  if (!isAttachmentKey(key) || key.endsWith("-thumb.webp")) return [];
  return key.endsWith(".webp") ? [key, key.replace(/\.webp$/, "-thumb.webp")] : [key];
}

async function deleteKeys(storage: Storage, keys: readonly string[]): Promise<void> {
  const results = await Promise.allSettled(keys.map((key) => storage.delete(key)));
  for (const [i, result] of results.entries()) {
    if (result.status === "rejected") {
      console.error(`[attachments] не удалось удалить ${keys[i]}:`, result.reason);
    }
  }
}

/**
 * Removes the files of these attachments (thumbnails too). Missing files and URLs that are not
 * attachment keys are ignored; a storage failure is logged, never thrown (call it after the rows
 * are gone).
 */
export async function removeAttachments(
  storage: Storage,
  attachments: readonly (Pick<Attachment, "url"> | null | undefined)[],
): Promise<void> {
  await deleteKeys(
    storage,
    attachments.flatMap((attachment) => (attachment ? keysOf(attachment) : [])),
  );
}

const PRIVATE_HEADERS = {
  "Cache-Control": "private, no-store",
  "X-Content-Type-Options": "nosniff",
} as const;

/** The 404 of the attachments route: the same whether the file is missing or forbidden. */
export function attachmentNotFound(locale: Locale = "ru"): Response {
  return new Response(attachmentMessages[locale].notFound, {
    status: 404,
    headers: { ...PRIVATE_HEADERS, "Content-Type": "text/plain; charset=utf-8" },
  });
}

/** RFC 5987 / 8187 encoding of a header parameter (`filename*=UTF-8''...`). */
function encodeHeaderValue(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** The name a picture is saved under: it is a WebP now, whatever it was sent as. */
function servedName(attachment: Attachment): string {
  if (attachment.kind === "pdf") return attachment.name;
  const stem = attachment.name.replace(/\.[^.]{1,10}$/, "");
  return `${stem || "image"}.webp`;
}

export interface AttachmentResponseOptions {
  /** Offer a picture as a download too (a PDF always is). */
  download?: boolean;
  /** The thumbnail of a picture (ignored for a PDF). */
  thumb?: boolean;
  /** The language of the 404 text. */
  locale?: Locale;
}

/**
 * The HTTP answer with an attachment's bytes: a WebP picture shown inline (or as a download), a
 * PDF always as a download; never cached, never sniffed, sandboxed if opened anyway. 404 when
 * the key is not an attachment key of its kind or the file is gone.
 */
export async function attachmentResponse(
  storage: Storage,
  attachment: Attachment,
  { download = false, thumb = false, locale = "ru" }: AttachmentResponseOptions = {},
): Promise<Response> {
  const [large, small] = keysOf(attachment);
  const kindOfKey: AttachmentKind | null = large?.endsWith(".pdf") ? "pdf" : large ? "image" : null;
  if (!large || kindOfKey !== attachment.kind) return attachmentNotFound(locale);
  const key = thumb && small ? small : large;
  const body = await storage.get(key);
  if (!body) return attachmentNotFound(locale);
  const disposition = attachment.kind === "pdf" || download ? "attachment" : "inline";
  return new Response(new Uint8Array(body), {
    headers: {
      ...PRIVATE_HEADERS,
      "Content-Type": attachment.kind === "pdf" ? "application/pdf" : "image/webp",
      "Content-Length": String(body.byteLength),
      "Content-Security-Policy": "sandbox; default-src 'none'",
      "Content-Disposition": `${disposition}; filename*=UTF-8''${encodeHeaderValue(servedName(attachment))}`,
    },
  });
}

/**
 * A route's answer for an attachment it found for the viewer (null: not found or not theirs):
 * `?size=thumb` gives a picture's thumbnail, `?download` offers a picture as a download.
 */
export function serveAttachment(
  request: Request,
  storage: Storage,
  attachment: Attachment | null,
  locale: Locale,
): Promise<Response> | Response {
  if (!attachment) return attachmentNotFound(locale);
  const { searchParams } = new URL(request.url);
  return attachmentResponse(storage, attachment, {
    thumb: searchParams.get("size") === "thumb",
    download: searchParams.has("download"),
    locale,
  });
}

/** Throws for anything that is not an attachment stored by storeAttachments (a caller's bug). */
export function assertStoredAttachments(service: string, files: readonly Attachment[]): void {
  for (const file of files) {
    if (!file || typeof file.url !== "string" || !file.url.startsWith("attachments/")) {
      throw new Error(`${service}: not a stored attachment: ${JSON.stringify(file)}`);
    }
  }
}

/**
 * Removes stored files of any kind by their stored URL (`/uploads/…` pictures and `attachments/…`
 * keys), as an account deletion returns them; never throws for missing files.
 */
export async function removeStoredFiles(
  storage: Storage,
  urls: readonly (string | null | undefined)[],
): Promise<void> {
  const attachments = urls.filter((url): url is string => !!url && isAttachmentKey(url));
  await removeAttachments(
    storage,
    attachments.map((url) => ({ url })),
  );
  await removeImages(
    storage,
    urls.filter((url) => !!url && !isAttachmentKey(url)),
  );
}

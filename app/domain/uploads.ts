/**
 * Names of uploaded images: storage keys `{folder}/{uuid}.webp` (and `-thumb.webp`) and their
 * public URLs under /uploads/. No I/O, so the browser uses them too (thumbnails in lists).
 *
 * Private attachments of quotes and messages live in the same storage under `attachments/`
 * (`attachments/{uuid}.webp`, `-thumb.webp`, `attachments/{uuid}.pdf`): `isStorageKey` lets the
 * backends keep them, but they are never upload keys, so /uploads/ never serves them
 * (app/platform/attachments.server.ts serves them to the quote's parties only).
 */
import { images } from "./catalogue";
import type { Locale } from "./locale";

export const KEY_PATTERN =
  /^(avatars|logos|products|tenders)\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(-thumb)?\.webp$/;
const URL_PREFIX = "/uploads/";

/** True only for `{folder}/{uuid}.webp` and `{folder}/{uuid}-thumb.webp`. */
export function isUploadKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

/** `attachments/{uuid}.webp`, `attachments/{uuid}-thumb.webp` or `attachments/{uuid}.pdf`. */
export const ATTACHMENT_KEY_PATTERN =
  /^attachments\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(-thumb\.webp|\.webp|\.pdf)$/;

/** True only for the keys of private attachments (never served under /uploads/). */
export function isAttachmentKey(key: string): boolean {
  return ATTACHMENT_KEY_PATTERN.test(key);
}

/** Any key the storage backends keep: a public upload or a private attachment. */
export function isStorageKey(key: string): boolean {
  return isUploadKey(key) || isAttachmentKey(key);
}

/** The storage key of one of our URLs (either size), or null for anything else. */
export function keyFromUrl(url: string): string | null {
  if (!url.startsWith(URL_PREFIX)) return null;
  const key = url.slice(URL_PREFIX.length);
  return isUploadKey(key) ? key : null;
}

export function urlFromKey(key: string): string {
  return `${URL_PREFIX}${key}`;
}

/** `/uploads/{folder}/{uuid}.webp` → `/uploads/{folder}/{uuid}-thumb.webp`; anything else as is. */
export function thumbnailUrl(url: string): string {
  const key = keyFromUrl(url);
  if (!key || key.endsWith("-thumb.webp")) return url;
  return urlFromKey(key.replace(/\.webp$/, "-thumb.webp"));
}

/** Files the browser may pick (the server judges the content again). */
export const IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/**
 * Why a chosen picture is refused before it is sent, with the server's own messages (the server
 * checks the content again). Used by every picture and photo picker in the browser.
 */
export function imageProblem(file: { size: number; type: string }, locale: Locale): string | null {
  if (file.size > MAX_IMAGE_BYTES) return images[locale].fileTooLarge;
  if (!(IMAGE_TYPES as readonly string[]).includes(file.type)) {
    return images[locale].fileTypeNotSupported;
  }
  return null;
}

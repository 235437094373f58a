/**
 * Names of uploaded images: storage keys `{folder}/{uuid}.webp` (and `-thumb.webp`) and their
 * public URLs under /uploads/. No I/O, so the browser uses them too (thumbnails in lists).
 */

export const KEY_PATTERN =
  /^(avatars|logos|products|tenders)\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(-thumb)?\.webp$/;
const URL_PREFIX = "/uploads/";

/** True only for `{folder}/{uuid}.webp` and `{folder}/{uuid}-thumb.webp`. */
export function isUploadKey(key: string): boolean {
  return KEY_PATTERN.test(key);
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

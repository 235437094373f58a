/**
 * Uploaded images on disk under DATA_DIR/uploads. Every image is checked by its content
 * (not its name), limited in size and dimensions, re-encoded to WebP (which drops EXIF and GPS
 * data) and stored under a name the server chooses. Served by app/routes/uploads.ts.
 */
import { randomUUID } from "node:crypto";
import { mkdir, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
export const ACCEPTED_FORMATS = ["jpeg", "png", "webp"] as const;
/** Guard against decompression bombs: a small file that claims huge dimensions. */
const MAX_INPUT_PIXELS = 40_000_000;

export const UPLOAD_FOLDERS = ["avatars", "logos", "products", "tenders"] as const;
export type UploadFolder = (typeof UPLOAD_FOLDERS)[number];

export type ImageCheck =
  | { ok: true }
  | { ok: false; reason: "too-large" | "unsupported-type" | "unreadable" };

export interface SaveImageOptions {
  folder: UploadFolder;
  /** Longest side after resizing. */
  maxSize?: number;
  /** Square crop (logos, avatars). */
  square?: boolean;
}

export function uploadsDir(dataDir: string): string {
  return path.join(dataDir, "uploads");
}

export async function checkImage(input: Buffer): Promise<ImageCheck> {
  if (input.byteLength > MAX_UPLOAD_BYTES) return { ok: false, reason: "too-large" };
  try {
    const meta = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
    if (!ACCEPTED_FORMATS.includes(meta.format as never)) {
      return { ok: false, reason: "unsupported-type" };
    }
    return { ok: true };
  } catch {
    return { ok: false, reason: "unreadable" };
  }
}

/** Re-encodes and stores an image; returns its public URL (/uploads/...). */
export async function saveImage(
  dataDir: string,
  input: Buffer,
  { folder, maxSize = 1600, square = false }: SaveImageOptions,
): Promise<string> {
  const output = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS })
    .rotate()
    .resize(
      square
        ? { width: maxSize, height: maxSize, fit: "cover" }
        : { width: maxSize, height: maxSize, fit: "inside", withoutEnlargement: true },
    )
    .webp({ quality: 82 })
    .toBuffer();
  return storeWebp(dataDir, folder, output);
}

/** Stores an already encoded WebP image under a new random name; returns its public URL. */
export async function storeWebp(
  dataDir: string,
  folder: UploadFolder,
  webp: Buffer,
): Promise<string> {
  const name = `${randomUUID()}.webp`;
  const dir = path.join(uploadsDir(dataDir), folder);
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, name), webp);
  return `/uploads/${folder}/${name}`;
}

/**
 * Maps a public URL back to its file, or null when it is not one of ours (a URL from
 * elsewhere, or a path trying to leave the uploads folder).
 */
export function uploadPath(dataDir: string, url: string): string | null {
  const match = /^\/uploads\/([a-z]+)\/([0-9a-f-]{36}\.webp)$/.exec(url);
  if (!match || !UPLOAD_FOLDERS.includes(match[1] as UploadFolder)) return null;
  return path.join(uploadsDir(dataDir), match[1] as string, match[2] as string);
}

/** Removes stored files; unknown URLs are ignored. */
export async function removeImages(dataDir: string, urls: readonly string[]): Promise<void> {
  await Promise.all(
    urls.map((url) => {
      const file = uploadPath(dataDir, url);
      return file ? rm(file, { force: true }) : undefined;
    }),
  );
}

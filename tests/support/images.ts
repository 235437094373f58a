/**
 * Pictures for the tests of uploads, drawn with sharp (nothing is downloaded), and the stored
 * files they become.
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { type Storage, saveImage, type UploadFolder } from "~/platform/storage.server";

/** A picture with some detail, so encoders have something to do. */
export function picture(width: number, height: number) {
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      raw[i] = (x * 255) / width;
      raw[i + 1] = (y * 255) / height;
      raw[i + 2] = (x ^ y) & 0xff;
    }
  }
  return sharp(raw, { raw: { width, height, channels: 3 } });
}

/** A plain PNG of one colour. */
export function png(color: string, width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
}

/** A PNG of `color` stored in `folder` as the upload forms store it: its address. */
export async function storedImage(
  storage: Storage,
  folder: UploadFolder,
  color = "#2f5fb3",
): Promise<string> {
  const saved = await saveImage(storage, await png(color), { folder });
  if (!saved.ok) throw new Error(saved.reason);
  return saved.url;
}

/** The file on disk of an address under /uploads/, in the uploads folder `uploads`. */
export const uploadedFile = (uploads: string, url: string) =>
  path.join(uploads, url.replace(/^\/uploads\//, ""));

/** Every file below `dir`, as paths relative to it, sorted (none when it does not exist). */
export function filesUnder(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
      .sort();
  } catch {
    return [];
  }
}

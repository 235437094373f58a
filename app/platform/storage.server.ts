/**
 * The one module for uploaded images: checking, re-encoding, storing, serving and deleting.
 *
 * - An image is judged by its content, never by its name or declared type: only JPEG, PNG and
 *   WebP, at most 5 MB and 50 megapixels; a truncated or corrupt file is refused.
 * - Every accepted image is decoded and re-encoded to WebP (auto-rotated by EXIF; EXIF, GPS and
 *   other metadata are not copied) in two sizes, under names the server chooses:
 *   `{folder}/{uuid}.webp` and `{folder}/{uuid}-thumb.webp`. The database keeps the public URL
 *   `/uploads/{folder}/{uuid}.webp`; `thumbnailUrl` gives the small one.
 * - Files live on disk under DATA_DIR/uploads, or in an S3-compatible bucket when the S3_*
 *   settings are set. Either way they are served by app/routes/uploads.ts (`serveUpload`).
 * - The backends also keep the private attachments of quotes and messages under `attachments/`
 *   (app/platform/attachments.server.ts); `serveUpload` never serves those.
 */
import { randomUUID } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import sharp, { type Metadata } from "sharp";
import { images } from "~/domain/catalogue";
import type { Locale } from "~/domain/locale";
import {
  isAttachmentKey,
  isStorageKey,
  isUploadKey,
  KEY_PATTERN,
  keyFromUrl,
  urlFromKey,
} from "~/domain/uploads";
import type { Env } from "./env.server";

// ---------------------------------------------------------------------------------------------
// Limits and sizes

/** 5 MB: the largest file accepted. */
export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
/** Guard against decompression bombs: a small file that claims huge dimensions. */
export const MAX_INPUT_PIXELS = 50_000_000;
/** Longest side accepted (WebP itself stops at 16383). */
export const MAX_INPUT_SIDE = 16_000;
export const ACCEPTED_FORMATS = ["jpeg", "png", "webp"] as const;
export type AcceptedFormat = (typeof ACCEPTED_FORMATS)[number];

export const UPLOAD_FOLDERS = ["avatars", "logos", "products", "tenders"] as const;
export type UploadFolder = (typeof UPLOAD_FOLDERS)[number];
/** Folders whose pictures are cropped to a square. */
export const SQUARE_FOLDERS: readonly UploadFolder[] = ["avatars", "logos"];

const SIZES = {
  large: { free: 1600, square: 512 },
  thumb: { free: 480, square: 160 },
} as const;
const QUALITY = { large: 82, thumb: 78 } as const;
/** Seconds of CPU one decode may take before it is abandoned. */
const DECODE_TIMEOUT_SECONDS = 20;

// ---------------------------------------------------------------------------------------------
// Why an upload is refused

export type UploadRejection =
  | "missing"
  | "too-large"
  | "unsupported-type"
  | "unreadable"
  | "too-many-pixels";

export type UploadRead = { ok: true; buffer: Buffer } | { ok: false; reason: UploadRejection };
export type ImageCheck =
  | { ok: true; format: AcceptedFormat; width: number; height: number }
  | { ok: false; reason: UploadRejection };
export type SaveResult = { ok: true; url: string } | { ok: false; reason: UploadRejection };

/** The message shown for a refused upload, in `locale`. */
export function uploadErrorMessage(reason: UploadRejection, locale: Locale): string {
  const m = { images: images[locale] };
  switch (reason) {
    case "missing":
      return m.images.fileMissing;
    case "too-large":
      return m.images.fileTooLarge;
    case "unsupported-type":
      return m.images.fileTypeNotSupported;
    case "unreadable":
      return m.images.fileUnreadable;
    case "too-many-pixels":
      return m.images.fileDimensionsTooLarge;
  }
}

// ---------------------------------------------------------------------------------------------
// Reading and checking

/**
 * Reads a file field of a multipart form. An absent field, a text field or an empty file is
 * "missing"; a file whose declared size is over the limit is refused before it is read.
 */
export async function readUpload(
  file: File | Blob | string | null | undefined,
): Promise<UploadRead> {
  if (!file || typeof file === "string" || file.size === 0) return { ok: false, reason: "missing" };
  if (file.size > MAX_UPLOAD_BYTES) return { ok: false, reason: "too-large" };
  const buffer = Buffer.from(await file.arrayBuffer());
  if (buffer.byteLength === 0) return { ok: false, reason: "missing" };
  if (buffer.byteLength > MAX_UPLOAD_BYTES) return { ok: false, reason: "too-large" };
  return { ok: true, buffer };
}

/** The format told by the first bytes, whatever the file is called. */
export function sniffFormat(bytes: Uint8Array): AcceptedFormat | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff)
    return "jpeg";
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && png.every((byte, i) => bytes[i] === byte)) return "png";
  const ascii = (from: number, to: number) =>
    Buffer.from(bytes.subarray(from, to)).toString("latin1");
  if (bytes.length >= 12 && ascii(0, 4) === "RIFF" && ascii(8, 12) === "WEBP") return "webp";
  return null;
}

/**
 * Checks what can be known without decoding the pixels: size, format (by magic bytes, confirmed
 * by the decoder's own header parser) and dimensions. Nothing but a JPEG, PNG or WebP header is
 * ever handed to the decoder, so the SVG, TIFF, HEIF... loaders never see user input.
 */
export async function checkImage(input: Uint8Array): Promise<ImageCheck> {
  if (input.byteLength === 0) return { ok: false, reason: "missing" };
  if (input.byteLength > MAX_UPLOAD_BYTES) return { ok: false, reason: "too-large" };
  const sniffed = sniffFormat(input);
  if (!sniffed) return { ok: false, reason: "unsupported-type" };
  let meta: Metadata;
  try {
    // Only the header is read here; the pixel limit is checked just below, by us.
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    return { ok: false, reason: "unreadable" };
  }
  if (meta.format !== sniffed) return { ok: false, reason: "unsupported-type" };
  const { width, height } = meta;
  if (!width || !height) return { ok: false, reason: "unreadable" };
  if (width > MAX_INPUT_SIDE || height > MAX_INPUT_SIDE || width * height > MAX_INPUT_PIXELS) {
    return { ok: false, reason: "too-many-pixels" };
  }
  return { ok: true, format: sniffed, width, height };
}

// ---------------------------------------------------------------------------------------------
// Re-encoding

export interface EncodedImage {
  large: Buffer;
  thumb: Buffer;
}

export interface EncodeOptions {
  /** Square crop (512 px large, 160 px thumbnail); longest side 1600 / 480 otherwise. */
  square?: boolean;
}

/**
 * Checks an untrusted image and re-encodes it to WebP in both sizes. The whole image is decoded
 * (a truncated or corrupt file fails here), rotated by its EXIF orientation, and written without
 * any of its metadata.
 */
export async function encodeImage(
  input: Uint8Array,
  { square = false }: EncodeOptions = {},
): Promise<{ ok: true; image: EncodedImage } | { ok: false; reason: UploadRejection }> {
  const check = await checkImage(input);
  if (!check.ok) return check;
  let large: Buffer;
  try {
    const side = Math.min(SIZES.large.square, check.width, check.height);
    large = await sharp(input, {
      failOn: "error",
      limitInputPixels: MAX_INPUT_PIXELS,
      autoOrient: true,
      sequentialRead: true,
    })
      .timeout({ seconds: DECODE_TIMEOUT_SECONDS })
      .resize(
        square
          ? { width: side, height: side, fit: "cover" }
          : {
              width: SIZES.large.free,
              height: SIZES.large.free,
              fit: "inside",
              withoutEnlargement: true,
            },
      )
      .webp({ quality: QUALITY.large })
      .toBuffer();
  } catch {
    return { ok: false, reason: "unreadable" };
  }
  return { ok: true, image: { large, thumb: await thumbnailOf(large, square) } };
}

/** Adds the thumbnail to an image the server made itself (a WebP of the large size). */
export async function withThumbnail(webp: Buffer, folder: UploadFolder): Promise<EncodedImage> {
  return { large: webp, thumb: await thumbnailOf(webp, SQUARE_FOLDERS.includes(folder)) };
}

async function thumbnailOf(webp: Buffer, square: boolean): Promise<Buffer> {
  return (
    sharp(webp)
      .resize(
        square
          ? { width: SIZES.thumb.square, height: SIZES.thumb.square, fit: "cover" }
          : {
              width: SIZES.thumb.free,
              height: SIZES.thumb.free,
              fit: "inside",
              withoutEnlargement: true,
            },
      )
      // Lower effort: a third faster, a few percent larger, on a file of a few kilobytes.
      .webp({ quality: QUALITY.thumb, effort: 2 })
      .toBuffer()
  );
}

// ---------------------------------------------------------------------------------------------
// Names: keys in storage and public URLs

export { isUploadKey, KEY_PATTERN, keyFromUrl, thumbnailUrl, urlFromKey } from "~/domain/uploads";

/** Both keys of an image from its public URL (large or thumbnail), or null if it isn't ours. */
function keysOf(url: string): [string, string] | null {
  const match = KEY_PATTERN.exec(keyFromUrl(url) ?? "");
  if (!match) return null;
  const base = `${match[1]}/${match[2]}`;
  return [`${base}.webp`, `${base}-thumb.webp`];
}

// ---------------------------------------------------------------------------------------------
// Backends

/**
 * Where the files are kept. Keys are always `isStorageKey` keys (public uploads and private
 * attachments); others are refused.
 */
export interface Storage {
  readonly kind: "disk" | "s3";
  put(key: string, body: Buffer): Promise<void>;
  /** The stored bytes, or null when there is no such file. */
  get(key: string): Promise<Buffer | null>;
  /** Removes a file; a missing file is not an error. */
  delete(key: string): Promise<void>;
  /** Releases connections (S3); the disk backend has none. */
  close(): void;
  /**
   * Throws when files cannot be stored now (the readiness check): the uploads folder is not
   * writable, or the bucket does not answer.
   */
  check(): Promise<void>;
}

export type StorageSettings = Pick<
  Env,
  | "dataDir"
  | "S3_ENDPOINT"
  | "S3_REGION"
  | "S3_BUCKET"
  | "S3_ACCESS_KEY_ID"
  | "S3_SECRET_ACCESS_KEY"
  | "S3_FORCE_PATH_STYLE"
>;

function assertKey(key: string): void {
  if (!isStorageKey(key)) throw new Error(`storage: not an upload key: ${JSON.stringify(key)}`);
}

export function uploadsDir(dataDir: string): string {
  return path.join(dataDir, "uploads");
}

/**
 * The disk file of one of our URLs, or null when it is not one of ours (a URL from elsewhere,
 * or a path trying to leave the uploads folder). Disk backend only.
 */
export function uploadPath(dataDir: string, url: string): string | null {
  const key = keyFromUrl(url);
  return key ? path.join(uploadsDir(dataDir), key) : null;
}

/** Files under `root` (DATA_DIR/uploads): `root/{folder}/{uuid}.webp`. */
export function createDiskStorage(root: string): Storage {
  const fileOf = (key: string) => path.join(root, key);
  return {
    kind: "disk",
    async put(key, body) {
      assertKey(key);
      const file = fileOf(key);
      await mkdir(path.dirname(file), { recursive: true });
      // Written aside and renamed, so a reader never sees half a file.
      const temp = `${file}.${randomUUID()}.tmp`;
      try {
        await writeFile(temp, body);
        await rename(temp, file);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
    },
    async get(key) {
      if (!isStorageKey(key)) return null;
      try {
        return await readFile(fileOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async delete(key) {
      if (!isStorageKey(key)) return;
      await rm(fileOf(key), { force: true });
    },
    close() {},
    async check() {
      // Written and removed: a read-only or full disk fails here, not on a user's upload.
      await mkdir(root, { recursive: true });
      const probe = path.join(root, `.ready-${process.pid}-${randomUUID()}.tmp`);
      try {
        await writeFile(probe, "ok");
      } finally {
        await rm(probe, { force: true });
      }
    },
  };
}

export interface S3Settings {
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `endpoint/bucket/key` instead of `bucket.endpoint/key` (MinIO and most self-hosted). */
  forcePathStyle: boolean;
}

function isNotFound(error: unknown): boolean {
  if (!(error instanceof S3ServiceException)) return false;
  return (
    error.name === "NoSuchKey" ||
    error.name === "NotFound" ||
    error.$metadata.httpStatusCode === 404
  );
}

/** Objects in an S3-compatible bucket, under the same keys as on disk. */
export function createS3Storage(settings: S3Settings): Storage {
  const client = new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials: {
      accessKeyId: settings.accessKeyId,
      secretAccessKey: settings.secretAccessKey,
    },
    // Checksums only where S3 requires them: many S3-compatible servers reject the newer
    // default checksum headers.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  const Bucket = settings.bucket;
  return {
    kind: "s3",
    async put(key, body) {
      assertKey(key);
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: key,
          Body: body,
          ContentType: key.endsWith(".pdf") ? "application/pdf" : "image/webp",
          CacheControl: isAttachmentKey(key)
            ? "private, no-store"
            : "public, max-age=31536000, immutable",
        }),
      );
    },
    async get(key) {
      if (!isStorageKey(key)) return null;
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!object.Body) return null;
        return Buffer.from(await object.Body.transformToByteArray());
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      if (!isStorageKey(key)) return;
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
      } catch (error) {
        if (!isNotFound(error)) throw error;
      }
    },
    close() {
      client.destroy();
    },
    async check() {
      await client.send(new HeadBucketCommand({ Bucket }), {
        abortSignal: AbortSignal.timeout(3000),
      });
    },
  };
}

/** S3 when S3_ENDPOINT, S3_BUCKET and both keys are set (env.server.ts demands all or none). */
export function createStorage(settings: StorageSettings): Storage {
  const { S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY } = settings;
  if (S3_ENDPOINT && S3_BUCKET && S3_ACCESS_KEY_ID && S3_SECRET_ACCESS_KEY) {
    return createS3Storage({
      endpoint: S3_ENDPOINT,
      region: settings.S3_REGION,
      bucket: S3_BUCKET,
      accessKeyId: S3_ACCESS_KEY_ID,
      secretAccessKey: S3_SECRET_ACCESS_KEY,
      forcePathStyle: settings.S3_FORCE_PATH_STYLE,
    });
  }
  return createDiskStorage(uploadsDir(settings.dataDir));
}

const storages = new WeakMap<StorageSettings, Storage>();

/** One storage per settings object, so the process keeps one S3 client. */
export function storageFor(settings: StorageSettings): Storage {
  let storage = storages.get(settings);
  if (!storage) {
    storage = createStorage(settings);
    storages.set(settings, storage);
  }
  return storage;
}

const asStorage = (target: Storage | StorageSettings): Storage =>
  "put" in target ? target : storageFor(target);

// ---------------------------------------------------------------------------------------------
// Saving, serving, removing

export interface SaveImageOptions {
  folder: UploadFolder;
  /** Square crop; by default for avatars and logos. */
  square?: boolean;
}

/**
 * Checks, re-encodes and stores an untrusted image; returns its public URL, or why it was
 * refused (then nothing is stored). Storage failures are thrown.
 */
export async function saveImage(
  target: Storage | StorageSettings,
  input: Uint8Array,
  { folder, square = SQUARE_FOLDERS.includes(folder) }: SaveImageOptions,
): Promise<SaveResult> {
  const encoded = await encodeImage(input, { square });
  if (!encoded.ok) return encoded;
  return { ok: true, url: await storeEncoded(asStorage(target), folder, encoded.image) };
}

/** `readUpload` then `saveImage`: what a form action with a file field needs. */
export async function saveUpload(
  target: Storage | StorageSettings,
  file: File | Blob | string | null | undefined,
  options: SaveImageOptions,
): Promise<SaveResult> {
  const read = await readUpload(file);
  if (!read.ok) return read;
  return saveImage(target, read.buffer, options);
}

/**
 * Stores an image the server made itself (the demo seed): an already encoded WebP, whose
 * thumbnail is made here, or both sizes. Returns its public URL.
 */
export async function storeWebp(
  target: Storage | StorageSettings,
  folder: UploadFolder,
  image: Buffer | EncodedImage,
): Promise<string> {
  const encoded = Buffer.isBuffer(image) ? await withThumbnail(image, folder) : image;
  return storeEncoded(asStorage(target), folder, encoded);
}

async function storeEncoded(
  storage: Storage,
  folder: UploadFolder,
  image: EncodedImage,
): Promise<string> {
  const id = randomUUID();
  const large = `${folder}/${id}.webp`;
  const thumb = `${folder}/${id}-thumb.webp`;
  try {
    await Promise.all([storage.put(large, image.large), storage.put(thumb, image.thumb)]);
  } catch (error) {
    await Promise.allSettled([storage.delete(large), storage.delete(thumb)]);
    throw error;
  }
  return urlFromKey(large);
}

/**
 * Removes both sizes of each image. URLs that are not ours are ignored; a missing file is
 * fine; a storage failure is logged, never thrown (the rows are already gone by then).
 */
export async function removeImages(
  target: Storage | StorageSettings,
  urls: readonly (string | null | undefined)[],
): Promise<void> {
  const storage = asStorage(target);
  const keys = urls.flatMap((url) => (url ? (keysOf(url) ?? []) : []));
  const results = await Promise.allSettled(keys.map((key) => storage.delete(key)));
  for (const [i, result] of results.entries()) {
    if (result.status === "rejected") {
      console.error(`[storage] не удалось удалить ${keys[i]}:`, result.reason);
    }
  }
}

/**
 * The HTTP answer for `/uploads/{key}`: the image, or 404 for any other key or a missing file.
 * Private attachments (`attachments/...`) are not upload keys: 404 here, whoever asks.
 * The server adds nosniff to every response (app/platform/security.server.ts), so a stored file
 * is only ever taken for the WebP picture it is.
 */
export async function serveUpload(storage: Storage, key: string): Promise<Response> {
  const body = isUploadKey(key) ? await storage.get(key) : null;
  if (!body) {
    return new Response(null, {
      status: 404,
      headers: { "Cache-Control": "no-store" },
    });
  }
  return new Response(new Uint8Array(body), {
    headers: {
      "Content-Type": "image/webp",
      "Content-Length": String(body.byteLength),
      // Names are random and never reused, so a file can be cached forever.
      "Cache-Control": "public, max-age=31536000, immutable",
      "Content-Disposition": "inline",
    },
  });
}

import path from "node:path";
import { crc32 } from "node:zlib";
import type S3rver from "s3rver";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { m } from "~/domain/messages";
import { parseEnv } from "~/platform/env.server";
import {
  createDiskStorage,
  createStorage,
  isUploadKey,
  keyFromUrl,
  MAX_UPLOAD_BYTES,
  readUpload,
  removeImages,
  type Storage,
  saveImage,
  saveUpload,
  serveUpload,
  storageFor,
  storeWebp,
  thumbnailUrl,
  type UploadRejection,
  uploadErrorMessage,
  uploadPath,
  uploadsDir,
} from "~/platform/storage.server";
import { filesUnder, picture } from "../support/images";
import { tempDir } from "../support/per-file";
import { startS3rver } from "../support/s3rver";

const UUID = "0b7c2f4e-8d1a-4c3b-9e5f-6a7b8c9d0e1f";
/** Reads the large and thumbnail files of a URL from a storage. */
async function bothSizes(storage: Storage, url: string) {
  const key = keyFromUrl(url);
  const thumbKey = keyFromUrl(thumbnailUrl(url));
  expect(key).not.toBeNull();
  expect(thumbKey).not.toBe(key);
  const large = await storage.get(key ?? "");
  const thumb = await storage.get(thumbKey ?? "");
  expect(large).not.toBeNull();
  expect(thumb).not.toBeNull();
  return {
    large: await sharp(large ?? undefined).metadata(),
    thumb: await sharp(thumb ?? undefined).metadata(),
    largeBytes: large as Buffer,
  };
}

let dataDir: string;
let storage: Storage;

beforeAll(() => {
  dataDir = tempDir("fabricum-storage-");
  storage = storageFor(parseEnv({ DATA_DIR: dataDir }));
});

afterAll(() => {
  storage?.close();
});

describe("accepted images", () => {
  it.each([
    ["jpeg", () => picture(2000, 1500).jpeg().toBuffer()],
    ["png", () => picture(2000, 1500).png().toBuffer()],
    ["webp", () => picture(2000, 1500).webp().toBuffer()],
  ])("re-encodes a %s to WebP in two sizes (1600 and 480)", async (_format, make) => {
    const result = await saveImage(storage, await make(), { folder: "products" });
    if (!result.ok) throw new Error(result.reason);
    expect(result.url).toMatch(/^\/uploads\/products\/[0-9a-f-]{36}\.webp$/);
    const { large, thumb } = await bothSizes(storage, result.url);
    expect([large.format, large.width, large.height]).toEqual(["webp", 1600, 1200]);
    expect([thumb.format, thumb.width, thumb.height]).toEqual(["webp", 480, 360]);
    // Both files are on disk under the names the server chose.
    const file = uploadPath(dataDir, result.url) ?? "";
    expect(filesUnder(uploadsDir(dataDir))).toEqual(
      expect.arrayContaining([
        path.relative(uploadsDir(dataDir), file),
        path.relative(uploadsDir(dataDir), file.replace(/\.webp$/, "-thumb.webp")),
      ]),
    );
  });

  it("never enlarges a small picture", async () => {
    const result = await saveImage(storage, await picture(300, 200).png().toBuffer(), {
      folder: "tenders",
    });
    if (!result.ok) throw new Error(result.reason);
    const { large, thumb } = await bothSizes(storage, result.url);
    expect([large.width, large.height]).toEqual([300, 200]);
    expect([thumb.width, thumb.height]).toEqual([300, 200]);
  });

  it("crops avatars and logos to squares of 512 and 160", async () => {
    for (const folder of ["avatars", "logos"] as const) {
      const result = await saveImage(storage, await picture(1200, 800).jpeg().toBuffer(), {
        folder,
      });
      if (!result.ok) throw new Error(result.reason);
      expect(result.url.startsWith(`/uploads/${folder}/`)).toBe(true);
      const { large, thumb } = await bothSizes(storage, result.url);
      expect([large.width, large.height]).toEqual([512, 512]);
      expect([thumb.width, thumb.height]).toEqual([160, 160]);
    }
    // A smaller picture is cropped to a square, not blown up.
    const small = await saveImage(storage, await picture(300, 200).png().toBuffer(), {
      folder: "avatars",
    });
    if (!small.ok) throw new Error(small.reason);
    const { large } = await bothSizes(storage, small.url);
    expect([large.width, large.height]).toEqual([200, 200]);
  });

  it("turns a photo upright by its EXIF orientation and drops EXIF and GPS data", async () => {
    const photo = await picture(300, 200)
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExif({
        IFD0: { Copyright: "SECRET-MARKER", Make: "PhoneCo" },
        IFD3: {
          GPSLatitudeRef: "N",
          GPSLatitude: "55/1 45/1 0/1",
          GPSLongitudeRef: "E",
          GPSLongitude: "37/1 37/1 0/1",
        },
      })
      .toBuffer();
    const input = await sharp(photo).metadata();
    expect(input.orientation).toBe(6);
    expect(input.exif?.includes("SECRET-MARKER")).toBe(true);
    // Tag 0x8825 (either byte order) points at the GPS block.
    const gpsTag = (exif: Buffer | undefined) =>
      !!exif &&
      (exif.includes(Buffer.from([0x25, 0x88])) || exif.includes(Buffer.from([0x88, 0x25])));
    expect(gpsTag(input.exif)).toBe(true);

    const result = await saveImage(storage, photo, { folder: "tenders" });
    if (!result.ok) throw new Error(result.reason);
    const { large, thumb, largeBytes } = await bothSizes(storage, result.url);
    expect([large.width, large.height]).toEqual([200, 300]);
    for (const meta of [large, thumb]) {
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
    }
    expect(largeBytes.includes("SECRET-MARKER")).toBe(false);
    expect(largeBytes.includes("Exif")).toBe(false);
  });

  it("decides by content: a PNG named .jpg is fine, and a payload after the image is dropped", async () => {
    const png = await picture(400, 300).png().toBuffer();
    const named = await saveUpload(storage, new File([png], "photo.jpg", { type: "image/jpeg" }), {
      folder: "products",
    });
    expect(named.ok).toBe(true);

    const payload = "<script>alert(1)</script><?php system($_GET['c']); ?>";
    const polyglot = Buffer.concat([
      await picture(400, 300).jpeg().toBuffer(),
      Buffer.from(payload),
    ]);
    const result = await saveImage(storage, polyglot, { folder: "products" });
    if (!result.ok) throw new Error(result.reason);
    const { largeBytes } = await bothSizes(storage, result.url);
    expect(largeBytes.includes("<script>")).toBe(false);
    expect(largeBytes.includes("<?php")).toBe(false);
  });
});

describe("refused uploads", () => {
  let refusals: Storage;
  let refusalsDir: string;

  beforeAll(() => {
    refusalsDir = tempDir("fabricum-refused-");
    refusals = createDiskStorage(refusalsDir);
  });

  const refuse = async (input: Buffer, reason: UploadRejection) => {
    const result = await saveImage(refusals, input, { folder: "products" });
    expect(result).toEqual({ ok: false, reason });
  };

  it("maps every reason to its Russian message", () => {
    expect(uploadErrorMessage("too-large", "ru")).toBe("Размер файла должен быть менее 5MB");
    expect(uploadErrorMessage("unsupported-type", "ru")).toBe(
      "Поддерживаются только файлы JPG, PNG и WebP",
    );
    expect(uploadErrorMessage("missing", "ru")).toBe(m.images.fileMissing);
    expect(uploadErrorMessage("unreadable", "ru")).toBe(m.images.fileUnreadable);
    expect(uploadErrorMessage("too-many-pixels", "ru")).toBe(m.images.fileDimensionsTooLarge);
  });

  it("refuses a missing or empty file", async () => {
    expect(await readUpload(null)).toEqual({ ok: false, reason: "missing" });
    expect(await readUpload("just text")).toEqual({ ok: false, reason: "missing" });
    expect(await readUpload(new File([], "empty.jpg"))).toEqual({ ok: false, reason: "missing" });
  });

  it("refuses a 6 MB file before reading it", async () => {
    let read = false;
    class Watched extends File {
      override arrayBuffer() {
        read = true;
        return super.arrayBuffer();
      }
    }
    const big = Buffer.alloc(6 * 1024 * 1024);
    big.set([0xff, 0xd8, 0xff]);
    const result = await saveUpload(refusals, new Watched([big], "big.jpg"), {
      folder: "products",
    });
    expect(result).toEqual({ ok: false, reason: "too-large" });
    expect(read).toBe(false);
    expect(uploadErrorMessage("too-large", "ru")).toBe(m.images.fileTooLarge);
    // The same from a buffer; exactly 5 MB passes the size check.
    await refuse(big, "too-large");
    expect(MAX_UPLOAD_BYTES).toBe(5242880);
    const atLimit = await readUpload(new File([big.subarray(0, MAX_UPLOAD_BYTES)], "x.jpg"));
    expect(atLimit.ok).toBe(true);
  });

  it("refuses a GIF, an SVG and a text file named .jpg as unsupported", async () => {
    await refuse(await picture(50, 50).gif().toBuffer(), "unsupported-type");
    await refuse(
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>'),
      "unsupported-type",
    );
    const text = await saveUpload(
      refusals,
      new File(["это не картинка"], "photo.jpg", { type: "image/jpeg" }),
      { folder: "products" },
    );
    expect(text).toEqual({ ok: false, reason: "unsupported-type" });
    if (!text.ok) {
      expect(uploadErrorMessage(text.reason, "ru")).toBe(
        "Поддерживаются только файлы JPG, PNG и WebP",
      );
    }
  });

  it("refuses truncated and corrupt images", async () => {
    for (const encoded of [
      await picture(800, 600).jpeg().toBuffer(),
      await picture(800, 600).png().toBuffer(),
      await picture(800, 600).webp().toBuffer(),
    ]) {
      await refuse(encoded.subarray(0, Math.floor(encoded.length * 0.6)), "unreadable");
    }
    // Right magic bytes, garbage after them.
    await refuse(
      Buffer.concat([Buffer.from([0xff, 0xd8, 0xff]), Buffer.alloc(500, 7)]),
      "unreadable",
    );
  });

  it("refuses a small PNG that claims 50000 × 50000 pixels (decompression bomb)", async () => {
    const png = Buffer.from(await picture(1, 1).png().toBuffer());
    // IHDR is the first chunk: length(4) "IHDR"(4) width(4) height(4) ... crc(4).
    expect(png.toString("latin1", 12, 16)).toBe("IHDR");
    png.writeUInt32BE(50_000, 16);
    png.writeUInt32BE(50_000, 20);
    png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
    expect(await sharp(png, { limitInputPixels: false }).metadata()).toMatchObject({
      width: 50_000,
      height: 50_000,
    });
    expect(png.length).toBeLessThan(1000);
    await refuse(png, "too-many-pixels");
    expect(uploadErrorMessage("too-many-pixels", "ru")).toBe(m.images.fileDimensionsTooLarge);
    // An absurdly long side is refused too.
    const thin = Buffer.from(png);
    thin.writeUInt32BE(20_000, 16);
    thin.writeUInt32BE(1, 20);
    thin.writeUInt32BE(crc32(thin.subarray(12, 29)), 29);
    await refuse(thin, "too-many-pixels");
  });

  it("stores nothing for any refusal", () => {
    expect(filesUnder(refusalsDir)).toEqual([]);
  });
});

describe("names and URLs", () => {
  it("gives the thumbnail URL of one of our images, anything else unchanged", () => {
    expect(thumbnailUrl(`/uploads/logos/${UUID}.webp`)).toBe(`/uploads/logos/${UUID}-thumb.webp`);
    expect(thumbnailUrl(`/uploads/logos/${UUID}-thumb.webp`)).toBe(
      `/uploads/logos/${UUID}-thumb.webp`,
    );
    for (const other of [
      "https://cdn.example.com/a.webp",
      "/images/placeholder.png",
      `/uploads/secret/${UUID}.webp`,
      "",
    ]) {
      expect(thumbnailUrl(other)).toBe(other);
    }
  });

  it("accepts only {folder}/{uuid}(-thumb).webp as keys", () => {
    expect(keyFromUrl(`/uploads/avatars/${UUID}.webp`)).toBe(`avatars/${UUID}.webp`);
    expect(isUploadKey(`tenders/${UUID}-thumb.webp`)).toBe(true);
    for (const bad of [
      `../avatars/${UUID}.webp`,
      `avatars/../${UUID}.webp`,
      `avatars/${UUID}.webp/..`,
      `avatars//${UUID}.webp`,
      `/avatars/${UUID}.webp`,
      `avatars/${UUID}.png`,
      `avatars/${UUID.toUpperCase()}.webp`,
      `avatars/${UUID}.webp.tmp`,
      `other/${UUID}.webp`,
      "../../etc/passwd",
      "auth-secret",
    ]) {
      expect(isUploadKey(bad), bad).toBe(false);
    }
    expect(keyFromUrl(`/uploads/../auth-secret`)).toBeNull();
    expect(uploadPath(dataDir, "/uploads/../../etc/passwd")).toBeNull();
  });
});

describe("serving", () => {
  // nosniff comes from the server on every response (tests/e2e/security.spec.ts).
  it("serves both sizes as WebP with long caching", async () => {
    const result = await saveImage(storage, await picture(600, 400).jpeg().toBuffer(), {
      folder: "products",
    });
    if (!result.ok) throw new Error(result.reason);
    for (const url of [result.url, thumbnailUrl(result.url)]) {
      const response = await serveUpload(storage, url.slice("/uploads/".length));
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Type")).toBe("image/webp");
      expect(response.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
      const body = Buffer.from(await response.arrayBuffer());
      expect((await sharp(body).metadata()).format).toBe("webp");
    }
  });

  it("answers 404 for unknown keys and anything that is not an upload key", async () => {
    for (const key of [
      `products/${UUID}.webp`,
      "../auth-secret",
      "../../../etc/passwd",
      "products/../../auth-secret",
      "",
      "products",
    ]) {
      const response = await serveUpload(storage, key);
      expect(response.status, key).toBe(404);
    }
  });
});

describe("deletion", () => {
  it("removes both sizes, ignores unknown URLs and missing files", async () => {
    const result = await saveImage(storage, await picture(500, 500).png().toBuffer(), {
      folder: "logos",
    });
    if (!result.ok) throw new Error(result.reason);
    const keys = [keyFromUrl(result.url) ?? "", keyFromUrl(thumbnailUrl(result.url)) ?? ""];
    expect(await storage.get(keys[0] ?? "")).not.toBeNull();

    await removeImages(storage, [
      result.url,
      "https://example.com/elsewhere.webp",
      "/uploads/../auth-secret",
      null,
      `/uploads/logos/${UUID}.webp`,
    ]);
    for (const key of keys) expect(await storage.get(key)).toBeNull();
    // Twice is fine, and so is the settings object in place of a storage.
    await removeImages(parseEnv({ DATA_DIR: dataDir }), [result.url]);
  });

  it("keeps storeWebp for images the server makes (the seed), with a thumbnail", async () => {
    const webp = await picture(640, 640).webp().toBuffer();
    const url = await storeWebp(storage, "products", webp);
    const { large, thumb } = await bothSizes(storage, url);
    expect([large.width, thumb.width]).toEqual([640, 480]);
    await removeImages(storage, [url]);
    expect(await storage.get(keyFromUrl(thumbnailUrl(url)) ?? "")).toBeNull();
  });
});

describe("S3 backend (local s3rver)", () => {
  let server: S3rver;
  let s3: Storage;
  let s3DataDir: string;

  beforeAll(async () => {
    s3DataDir = tempDir("fabricum-s3-data-");
    const started = await startS3rver("fabricum-s3rver-", s3DataDir);
    server = started.server;
    const env = started.env;
    s3 = storageFor(env);
    expect(storageFor(env)).toBe(s3);
  });

  afterAll(async () => {
    s3?.close();
    await server?.close();
  });

  it("is chosen when the S3 settings are set", () => {
    expect(s3.kind).toBe("s3");
    expect(createStorage(parseEnv({ DATA_DIR: s3DataDir })).kind).toBe("disk");
  });

  it("stores, serves and removes both sizes in the bucket, nothing on disk", async () => {
    const result = await saveImage(s3, await picture(2000, 1000).jpeg().toBuffer(), {
      folder: "tenders",
    });
    if (!result.ok) throw new Error(result.reason);
    const { large, thumb } = await bothSizes(s3, result.url);
    expect([large.width, large.height, thumb.width, thumb.height]).toEqual([1600, 800, 480, 240]);
    expect(filesUnder(s3DataDir).filter((f) => f.endsWith(".webp"))).toEqual([]);

    const response = await serveUpload(s3, thumbnailUrl(result.url).slice("/uploads/".length));
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/webp");
    expect((await serveUpload(s3, `tenders/${UUID}.webp`)).status).toBe(404);

    await removeImages(s3, [result.url]);
    expect(await s3.get(keyFromUrl(result.url) ?? "")).toBeNull();
    expect(await s3.get(keyFromUrl(thumbnailUrl(result.url)) ?? "")).toBeNull();
    // Removing what is already gone does not throw.
    await removeImages(s3, [result.url]);
  });
});

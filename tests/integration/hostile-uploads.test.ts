// Hostile uploads, property-based (fast-check), through every real route that takes a file:
// profile avatar and logo, product pictures (with a new product and added later), tender photos
// (with a new tender and added later). Truncated JPEG/PNG/WebP, image bombs (huge declared
// dimensions in a few hundred bytes), polyglots, HTML, SVG, PDF and GIF under image names and
// types, zero-byte files, random bytes, and text where a file belongs. A refused file gets the
// Russian message of docs/product.md and leaves no row and no file behind; an accepted one is
// stored only as a clean WebP (no trace of what was appended to it); nothing answers 5xx or hangs.
// The same picture cases, and PDF cases, go through the attachments of quotes and messages
// (storeAttachments) and the certificate files of factories: refused with the attachments' message
// and nothing stored, or kept as a clean WebP or as the very PDF sent, in the private attachments/
// folder.
import { readFileSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import fc from "fast-check";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { MAX_PDF_BYTES } from "~/domain/attachments";
import { attachments as attachmentMessages } from "~/domain/catalogue";
import { m } from "~/domain/messages";
import { keyFromUrl } from "~/domain/uploads";
import { removeAttachments, storeAttachments } from "~/platform/attachments.server";
import { schema } from "~/platform/db.server";
import { storageFor } from "~/platform/storage.server";
import { action as certificatesAction } from "~/routes/factory-certificates";
import { action as productsAction } from "~/routes/factory-products";
import { action as myTendersAction } from "~/routes/my-tenders";
import { action as placeTenderAction } from "~/routes/place-tender";
import { action as profileAction } from "~/routes/profile";
import type { Person, Reply } from "../support/app-harness";
import {
  CYRILLIC,
  expectNoServerError,
  expectRussianErrors,
  formPairs,
  messagesOn,
  snapshot,
  uploadedFiles,
} from "../support/hostile";
import { testApp } from "../support/per-file";
import { rowWhere } from "../support/rows";

const app = testApp();
let buyer: Person;
let factory: Person;
let productId: string;
let tenderId: string;

const TYPE = m.images.fileTypeNotSupported;
const UNREADABLE = m.images.fileUnreadable;
const DIMENSIONS = m.images.fileDimensionsTooLarge;
const MISSING = m.images.fileMissing;
const PAYLOAD = "<script>alert(document.cookie)</script>";

// ---------------------------------------------------------------------------------------------
// Files

/** A picture with detail (noise), so a cut one is missing real data. */
async function picture(format: "jpeg" | "png" | "webp", width = 320, height = 240) {
  const raw = Buffer.alloc(width * height * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 2654435761) >>> 24;
  return sharp(raw, { raw: { width, height, channels: 3 } })
    .toFormat(format)
    .toBuffer();
}

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(data: Buffer): number {
  let c = 0xffffffff;
  for (const byte of data) c = (crcTable[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** A PNG with a correct header declaring `width`×`height`, and a few bytes of pixels. */
function pngBomb(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  // A deflate stream of zeros: what a solid image compresses to, cut short.
  const idat = Buffer.from("78dacbc9c7c70700", "hex");
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", idat),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

/** A real JPEG whose frame header is changed to claim `width`×`height`. */
async function jpegBomb(width: number, height: number): Promise<Buffer> {
  const jpeg = Buffer.from(await picture("jpeg", 16, 16));
  for (let i = 2; i < jpeg.length - 9; i++) {
    if (jpeg[i] === 0xff && (jpeg[i + 1] === 0xc0 || jpeg[i + 1] === 0xc2)) {
      jpeg.writeUInt16BE(height, i + 5);
      jpeg.writeUInt16BE(width, i + 7);
      return jpeg;
    }
  }
  throw new Error("no SOF marker");
}

/** A lossless WebP whose header claims 16000×16000 (256 megapixels). */
async function webpBomb(): Promise<Buffer> {
  const webp = Buffer.from(
    await sharp({ create: { width: 8, height: 8, channels: 3, background: "#fff" } })
      .webp({ lossless: true })
      .toBuffer(),
  );
  const at = webp.indexOf("VP8L", 12, "latin1");
  if (at < 0) throw new Error("not VP8L");
  const bits = webp.readUInt32LE(at + 9);
  webp.writeUInt32LE((bits & ~0x0fffffff) | 15999 | (15999 << 14), at + 9);
  return webp;
}

const GIF = Buffer.from("R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw==", "base64");

interface UploadCase {
  label: string;
  file: () => Promise<File>;
  /** The message a refusal must carry; "accept" when the content is a real image. */
  outcome: string | "accept" | "accept-or-type";
}

const file = (bytes: Uint8Array | string, name: string, type: string) =>
  new File([bytes as BlobPart], name, { type });

const CASES: UploadCase[] = [
  {
    label: "truncated JPEG",
    file: async () => file((await picture("jpeg")).subarray(0, 2000), "cut.jpg", "image/jpeg"),
    outcome: UNREADABLE,
  },
  {
    label: "truncated PNG",
    file: async () => {
      const png = await picture("png");
      return file(png.subarray(0, png.length >> 1), "cut.png", "image/png");
    },
    outcome: UNREADABLE,
  },
  {
    label: "truncated WebP",
    file: async () => {
      const webp = await picture("webp");
      return file(webp.subarray(0, webp.length >> 1), "cut.webp", "image/webp");
    },
    outcome: UNREADABLE,
  },
  {
    label: "PNG only 8 bytes long",
    file: async () => file((await picture("png")).subarray(0, 8), "sig.png", "image/png"),
    outcome: UNREADABLE,
  },
  {
    label: "PNG bomb 30000×30000",
    file: async () => file(pngBomb(30000, 30000), "bomb.png", "image/png"),
    outcome: DIMENSIONS,
  },
  {
    label: "PNG bomb 100000×100",
    file: async () => file(pngBomb(100000, 100), "wide.png", "image/png"),
    outcome: DIMENSIONS,
  },
  {
    label: "JPEG bomb 65000×65000",
    file: async () => file(await jpegBomb(65000, 65000), "bomb.jpg", "image/jpeg"),
    outcome: DIMENSIONS,
  },
  {
    label: "WebP bomb 16000×16000",
    file: async () => file(await webpBomb(), "bomb.webp", "image/webp"),
    outcome: DIMENSIONS,
  },
  {
    label: "GIF",
    file: async () => file(GIF, "pixel.gif", "image/gif"),
    outcome: TYPE,
  },
  {
    label: "GIF with HTML appended, named .jpg",
    file: async () => file(Buffer.concat([GIF, Buffer.from(PAYLOAD)]), "gifar.jpg", "image/jpeg"),
    outcome: TYPE,
  },
  {
    label: "HTML named .jpg as image/jpeg",
    file: async () => file(`<!doctype html>${PAYLOAD}`, "page.jpg", "image/jpeg"),
    outcome: TYPE,
  },
  {
    label: "SVG with script",
    file: async () =>
      file(
        `<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>`,
        "logo.svg",
        "image/svg+xml",
      ),
    outcome: TYPE,
  },
  {
    label: "SVG named .png as image/png",
    file: async () => file(`<svg xmlns="http://www.w3.org/2000/svg"/>`, "logo.png", "image/png"),
    outcome: TYPE,
  },
  {
    label: "PDF named .png as image/png",
    file: async () => file("%PDF-1.4\n1 0 obj<<>>endobj\n%%EOF", "scan.png", "image/png"),
    outcome: TYPE,
  },
  {
    label: "PNG header followed by HTML",
    file: async () =>
      file(
        Buffer.concat([
          Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
          Buffer.from(PAYLOAD),
        ]),
        "fake.png",
        "image/png",
      ),
    outcome: UNREADABLE,
  },
  {
    label: "JPEG with a script appended (polyglot)",
    file: async () =>
      file(Buffer.concat([await picture("jpeg"), Buffer.from(PAYLOAD)]), "poly.jpg", "image/jpeg"),
    outcome: "accept",
  },
  {
    label: "PNG with HTML appended (polyglot)",
    file: async () =>
      file(Buffer.concat([await picture("png"), Buffer.from(PAYLOAD)]), "poly.png", "image/png"),
    outcome: "accept",
  },
  {
    label: "real PNG named .exe",
    file: async () => file(await picture("png"), "setup.exe", "application/x-msdownload"),
    // Judged by content where only the server checks; the product and tender forms refuse the
    // declared type first.
    outcome: "accept-or-type",
  },
  {
    label: "real WebP named .jpg as image/jpeg",
    file: async () => file(await picture("webp"), "photo.jpg", "image/jpeg"),
    outcome: "accept",
  },
];

// ---------------------------------------------------------------------------------------------
// Routes that take files

interface Target {
  label: string;
  /** Posts one file; returns the reply. */
  send: (upload: File | string) => Promise<Reply>;
  /** Where a refusal's messages are. */
  messages: (reply: Reply) => string[];
  /** The URLs stored by an accepted upload. */
  stored: () => Promise<string[]>;
  /** For targets whose declared-type check runs before the content check. */
  checksDeclaredType: boolean;
}

const toastOf = (reply: Reply) => {
  const description = (reply.data as { toast?: { description?: string } } | undefined)?.toast
    ?.description;
  return description ? [description] : [];
};
const fieldMessages = (field: string) => (reply: Reply) =>
  messagesOn(expectRussianErrors(reply), field);

/** The profile form's picture upload (an avatar, or a factory's logo). */
const uploadPicture = (as: Person, upload: File | string) =>
  app.post(profileAction, "/profile", {
    as,
    form: [
      ["intent", "upload-image"],
      ["image", upload],
    ],
  });

/** A workspace page's add-photos intent for its row (`idField` and its value). */
const addPhoto = (
  action: typeof productsAction | typeof myTendersAction,
  path: string,
  as: Person,
  [idField, id]: [string, string],
  upload: File | string,
) =>
  app.post(action, path, {
    as,
    form: [
      ["intent", "add-photos"],
      [idField, id],
      ["photos", upload],
    ],
  });

const present = (url: string | null | undefined) => (url ? [url] : []);

let mark = 0;
const TARGETS: Target[] = [
  {
    label: "buyer avatar",
    send: (upload) => uploadPicture(buyer, upload),
    messages: toastOf,
    stored: async () =>
      present((await rowWhere(app.db, schema.profiles, "id", buyer.id))?.avatarUrl),
    checksDeclaredType: false,
  },
  {
    label: "factory logo",
    send: (upload) => uploadPicture(factory, upload),
    messages: toastOf,
    stored: async () =>
      present((await rowWhere(app.db, schema.factories, "userId", factory.id))?.logoUrl),
    checksDeclaredType: false,
  },
  {
    label: "new product with a picture",
    send: (upload) =>
      app.post(productsAction, "/factory-products", {
        as: factory,
        form: formPairs({ intent: "save", name: `Товар ${++mark}` }, undefined, undefined, [
          ["photos", upload],
        ]),
      }),
    messages: fieldMessages("photos"),
    stored: async () =>
      (await rowWhere(app.db, schema.factoryProducts, "name", `Товар ${mark}`))?.images ?? [],
    checksDeclaredType: true,
  },
  {
    label: "picture added to a product",
    send: (upload) =>
      addPhoto(productsAction, "/factory-products", factory, ["productId", productId], upload),
    messages: toastOf,
    stored: async () =>
      (await rowWhere(app.db, schema.factoryProducts, "id", productId))?.images.slice(-1) ?? [],
    // add-photos reads the files itself: no declared-type check.
    checksDeclaredType: false,
  },
  {
    label: "new tender with a photo",
    send: (upload) =>
      app.post(placeTenderAction, "/place-tender", {
        as: buyer,
        form: formPairs({ intent: "create", title: `Тендер ${++mark}` }, undefined, undefined, [
          ["photos", upload],
        ]),
      }),
    messages: fieldMessages("photos"),
    stored: async () =>
      (await rowWhere(app.db, schema.tenders, "title", `Тендер ${mark}`))?.photos ?? [],
    checksDeclaredType: true,
  },
  {
    label: "photo added to a tender",
    send: (upload) =>
      addPhoto(myTendersAction, "/my-tenders", buyer, ["tenderId", tenderId], upload),
    messages: toastOf,
    stored: async () =>
      (await rowWhere(app.db, schema.tenders, "id", tenderId))?.photos.slice(-1) ?? [],
    checksDeclaredType: false,
  },
];

/** The stored file is a WebP made by us: RIFF/WEBP magic, no trace of the payload. */
function expectCleanWebp(url: string, context: string) {
  const key = keyFromUrl(url);
  expect(key, `${context}: stored URL ${url}`).toBeTruthy();
  for (const name of [key as string, (key as string).replace(/\.webp$/, "-thumb.webp")]) {
    const bytes = readFileSync(path.join(app.dataDir, "uploads", name));
    expect(bytes.subarray(0, 4).toString("latin1"), context).toBe("RIFF");
    expect(bytes.subarray(8, 12).toString("latin1"), context).toBe("WEBP");
    expect(bytes.includes(Buffer.from("<script")), `${context}: payload kept`).toBe(false);
    expect(bytes.includes(Buffer.from("alert(")), `${context}: payload kept`).toBe(false);
  }
}

/** Removes the extra pictures of the product and tender, so their limits are never reached. */
async function resetLimits() {
  await app.db
    .update(schema.factoryProducts)
    .set({ images: [] })
    .where(eq(schema.factoryProducts.id, productId));
  await app.db.update(schema.tenders).set({ photos: [] }).where(eq(schema.tenders.id, tenderId));
}

beforeAll(async () => {
  [buyer, factory] = await Promise.all([
    app.signUp("buyer", "Покупатель Загрузки"),
    app.signUp("factory", "Фабрика Загрузки"),
  ]);
  const saved = await app.post(profileAction, "/profile", {
    as: factory,
    form: { intent: "save", name: "Фабрика Загрузки" },
  });
  expect(saved.status).toBe(302);
  expect(
    (
      await app.post(productsAction, "/factory-products", {
        as: factory,
        form: { intent: "save", name: "Основной товар" },
      })
    ).status,
  ).toBe(302);
  expect(
    (
      await app.post(placeTenderAction, "/place-tender", {
        as: buyer,
        form: { intent: "create", title: "Основной тендер" },
      })
    ).status,
  ).toBe(302);
  const [product] = await app.db
    .select({ id: schema.factoryProducts.id })
    .from(schema.factoryProducts)
    .where(eq(schema.factoryProducts.name, "Основной товар"));
  const [tender] = await app.db
    .select({ id: schema.tenders.id })
    .from(schema.tenders)
    .where(eq(schema.tenders.title, "Основной тендер"));
  productId = product?.id as string;
  tenderId = tender?.id as string;
}, 120_000);

describe("hostile uploads", () => {
  it("every case on every route: refused with SPEC's message, or stored as a clean WebP", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...CASES),
        fc.constantFrom(...TARGETS),
        async (upload, target) => {
          const context = `${upload.label} → ${target.label}`;
          await resetLimits();
          const before = await snapshot(app);
          const started = performance.now();
          const reply = await target.send(await upload.file());
          // No decode hangs: every case is a small file and must be judged at once.
          expect(performance.now() - started, `${context}: took too long`).toBeLessThan(15_000);
          expectNoServerError(reply, context);
          const refusal =
            upload.outcome === "accept-or-type"
              ? target.checksDeclaredType
                ? TYPE
                : "accept"
              : upload.outcome;
          if (refusal === "accept") {
            expect(reply.status, `${context}: ${JSON.stringify(reply.data)}`).toBeLessThan(400);
            const urls = await target.stored();
            expect(urls.length, context).toBe(1);
            expectCleanWebp(urls[0] as string, context);
            return;
          }
          expect(reply.status, context).toBe(400);
          const messages = target.messages(reply);
          expect(
            messages.some((message) => message.includes(refusal)),
            `${context}: expected "${refusal}" in ${JSON.stringify(messages)}`,
          ).toBe(true);
          for (const message of messages) expect(message, context).toMatch(CYRILLIC);
          expect(await snapshot(app), `${context}: something was stored`).toBe(before);
        },
      ),
      { numRuns: 60 },
    );
  }, 120_000);

  it("random bytes under any name and type are refused (or a real image), never a 5xx", async () => {
    const magic = fc.constantFrom(
      Buffer.alloc(0),
      Buffer.from([0xff, 0xd8, 0xff]),
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.from("RIFF\0\0\0\0WEBPVP8 ", "latin1"),
      Buffer.from("GIF89a"),
    );
    const names = fc.constantFrom(
      "a.jpg",
      "a.png",
      "a.webp",
      "a.exe",
      "<script>.png",
      "a\u0000.jpg",
    );
    const types = fc.constantFrom("image/jpeg", "image/png", "image/webp", "text/html", "");
    await fc.assert(
      fc.asyncProperty(
        magic,
        fc.uint8Array({ maxLength: 4096 }),
        names,
        types,
        fc.constantFrom(...TARGETS),
        async (head, tail, name, type, target) => {
          const context = `${head.length}+${tail.length} bytes "${name}" (${type}) → ${target.label}`;
          await resetLimits();
          const before = await snapshot(app);
          const reply = await target.send(file(Buffer.concat([head, tail]), name, type));
          expectNoServerError(reply, context);
          const isNewItem = target.label.startsWith("new ");
          if (head.length + tail.length === 0 && isNewItem) {
            // An empty file input: the product or tender is made without a picture.
            expect(reply.status, context).toBe(302);
            expect(await target.stored(), context).toEqual([]);
            return;
          }
          expect(reply.status, context).toBe(400);
          const messages = target.messages(reply);
          expect(messages.length, context).toBeGreaterThan(0);
          for (const message of messages) expect(message, context).toMatch(CYRILLIC);
          expect(await snapshot(app), `${context}: something was stored`).toBe(before);
        },
      ),
      { numRuns: 40 },
    );
  }, 120_000);

  it("text or nothing where a file belongs is refused with a Russian message", async () => {
    const before = uploadedFiles(app);
    for (const target of TARGETS) {
      for (const upload of ["", "/uploads/avatars/x.webp", "<script>alert(1)</script>"]) {
        const context = `${JSON.stringify(upload)} → ${target.label}`;
        await resetLimits();
        const reply = await target.send(upload);
        expectNoServerError(reply, context);
        if (upload === "" && target.label.startsWith("new ")) {
          expect(reply.status, context).toBe(302);
          continue;
        }
        expect(reply.status, context).toBe(400);
        const messages = target.messages(reply);
        expect(
          messages.some((message) => message.includes(MISSING)),
          `${context}: ${JSON.stringify(messages)}`,
        ).toBe(true);
      }
    }
    expect(uploadedFiles(app)).toEqual(before);
  }, 60_000);
});

// ---------------------------------------------------------------------------------------------
// Attachments of quotes and messages

const A = attachmentMessages.ru;
const VALID_PDF =
  "%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n";

/** Hostile files declared as PDFs, and PDFs under picture names. */
const PDF_CASES: UploadCase[] = [
  {
    label: "valid PDF",
    file: async () => file(VALID_PDF, "offer.pdf", "application/pdf"),
    outcome: "accept",
  },
  {
    label: "PDF with JavaScript and HTML inside (kept as is, served as a download)",
    file: async () =>
      file(
        VALID_PDF.replace(
          "/Count 0>>",
          `/Count 0 /OpenAction <</S /JavaScript /JS (app.alert(1))>>>>% ${PAYLOAD}`,
        ),
        "<script>.pdf",
        "application/pdf",
      ),
    outcome: "accept",
  },
  {
    label: "PDF without a declared type",
    file: async () => file(VALID_PDF, "offer.pdf", ""),
    outcome: "accept",
  },
  {
    label: "JPEG named .pdf",
    file: async () => file(await picture("jpeg"), "scan.pdf", "application/pdf"),
    outcome: A.notPdf,
  },
  {
    label: "HTML as application/pdf",
    file: async () => file(`<!doctype html>${PAYLOAD}`, "offer.pdf", "application/pdf"),
    outcome: A.notPdf,
  },
  {
    label: "PDF header, no %%EOF (cut short)",
    file: async () => file(VALID_PDF.slice(0, 60), "cut.pdf", "application/pdf"),
    outcome: A.notPdf,
  },
  {
    label: "PDF with 2 KB after %%EOF (an appended payload)",
    file: async () => file(VALID_PDF + PAYLOAD.repeat(60), "tail.pdf", "application/pdf"),
    outcome: A.notPdf,
  },
  {
    label: "%PDF- after a leading HTML payload",
    file: async () => file(PAYLOAD + VALID_PDF, "lead.pdf", "application/pdf"),
    outcome: A.notPdf,
  },
  {
    label: "PDF over 10 MB",
    file: async () =>
      file(
        Buffer.concat([
          Buffer.from("%PDF-1.7\n%"),
          Buffer.alloc(MAX_PDF_BYTES, 0x78),
          Buffer.from("\n%%EOF\n"),
        ]),
        "huge.pdf",
        "application/pdf",
      ),
    outcome: A.pdfTooLarge,
  },
  {
    label: "zero-byte file named .pdf",
    file: async () => file("", "empty.pdf", "application/pdf"),
    outcome: A.empty,
  },
  {
    label: "PDF named .jpg as image/jpeg",
    file: async () => file(VALID_PDF, "scan.jpg", "image/jpeg"),
    outcome: A.typeNotSupported,
  },
];

/** The attachments' message for a picture case (the image pipeline's, or the wider type one). */
function attachmentOutcome(upload: UploadCase): string {
  if (upload.outcome === "accept-or-type" || upload.outcome === TYPE) return A.typeNotSupported;
  return upload.outcome;
}

describe("hostile attachments", () => {
  it("every picture and PDF case: refused with its message, or stored clean and private", async () => {
    const storage = storageFor(app.runtime.env);
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...CASES, ...PDF_CASES), async (upload) => {
        const context = upload.label;
        const before = uploadedFiles(app);
        const sent = await upload.file();
        const started = performance.now();
        const result = await storeAttachments(storage, [sent], "ru");
        expect(performance.now() - started, `${context}: took too long`).toBeLessThan(15_000);
        const expected = attachmentOutcome(upload);
        if (expected === "accept") {
          if (!result.ok) throw new Error(`${context}: ${result.errors.join("; ")}`);
          const [stored] = result.attachments;
          expect(stored?.url, context).toMatch(/^attachments\/[0-9a-f-]{36}\.(webp|pdf)$/);
          const bytes = readFileSync(path.join(app.dataDir, "uploads", stored?.url ?? ""));
          if (stored?.kind === "pdf") {
            expect(bytes.equals(Buffer.from(await sent.arrayBuffer())), context).toBe(true);
          } else {
            expect(bytes.subarray(8, 12).toString("latin1"), context).toBe("WEBP");
            expect(bytes.includes(Buffer.from("<script")), `${context}: payload kept`).toBe(false);
          }
          await removeAttachments(storage, result.attachments);
          expect(uploadedFiles(app), context).toEqual(before);
          return;
        }
        expect(result.ok, context).toBe(false);
        const errors = result.ok ? [] : result.errors;
        expect(errors, context).toEqual([A.fileRefused(sent.name, expected)]);
        for (const error of errors) expect(error, context).toMatch(CYRILLIC);
        expect(uploadedFiles(app), `${context}: something was stored`).toEqual(before);
      }),
      // Every case once, then random draws.
      { numRuns: 30, examples: [...CASES, ...PDF_CASES].map((upload) => [upload] as [UploadCase]) },
    );
  }, 120_000);
});

describe("hostile certificate files", () => {
  // Through the real route of the factory's certificates (issue 29): every picture and PDF case
  // is refused with the attachments' message (no row, no file), or stored as a clean WebP or the
  // very PDF in the private folder; the certificate row is removed again for the next case.
  it("every picture and PDF case on /factory-dashboard/certificates: refused, or stored clean and private", async () => {
    const storage = storageFor(app.runtime.env);
    const [own] = await app.db
      .select({ id: schema.factories.id })
      .from(schema.factories)
      .where(eq(schema.factories.userId, factory.id));
    const factoryId = own?.id as string;
    expect(factoryId).toBeTruthy();
    const rows = () =>
      app.db
        .select()
        .from(schema.factoryCertificates)
        .where(eq(schema.factoryCertificates.factoryId, factoryId));
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...CASES, ...PDF_CASES), async (upload) => {
        const context = upload.label;
        const before = uploadedFiles(app);
        const sent = await upload.file();
        const reply = await app.post(certificatesAction, "/factory-dashboard/certificates", {
          as: factory,
          form: [
            ["intent", "add"],
            ["certification", "oeko-tex-100"],
            ["file", sent],
          ],
        });
        expectNoServerError(reply, context);
        const expected = attachmentOutcome(upload);
        if (expected === "accept") {
          expect(reply.status, `${context}: ${JSON.stringify(reply.data)}`).toBe(302);
          const [row] = await rows();
          const stored = row?.file[0];
          expect(stored?.url, context).toMatch(/^attachments\/[0-9a-f-]{36}\.(webp|pdf)$/);
          const bytes = readFileSync(path.join(app.dataDir, "uploads", stored?.url ?? ""));
          if (stored?.kind === "pdf") {
            expect(bytes.equals(Buffer.from(await sent.arrayBuffer())), context).toBe(true);
          } else {
            expect(bytes.subarray(8, 12).toString("latin1"), context).toBe("WEBP");
            expect(bytes.includes(Buffer.from("<script")), `${context}: payload kept`).toBe(false);
          }
          await app.db
            .delete(schema.factoryCertificates)
            .where(eq(schema.factoryCertificates.factoryId, factoryId));
          await removeAttachments(storage, row?.file ?? []);
          expect(uploadedFiles(app), context).toEqual(before);
          return;
        }
        expect(reply.status, context).toBe(400);
        expect(JSON.stringify(reply.data), context).toContain(
          JSON.stringify(A.fileRefused(sent.name, expected)).slice(1, -1),
        );
        expect(await rows(), `${context}: a row was written`).toEqual([]);
        expect(uploadedFiles(app), `${context}: something was stored`).toEqual(before);
      }),
      { numRuns: 30, examples: [...CASES, ...PDF_CASES].map((upload) => [upload] as [UploadCase]) },
    );
  }, 180_000);
});

describe("hostile tech pack files", () => {
  // Through the real route that places a tender (docs/decisions/031): every picture and PDF case
  // in the tech pack is refused with the attachments' message (no tender, no file), or the tender
  // keeps it as a clean WebP or the very PDF in the private folder; the tender is deleted again.
  it("every picture and PDF case on /place-tender: refused, or stored clean and private", async () => {
    const storage = storageFor(app.runtime.env);
    let mark = 0;
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...CASES, ...PDF_CASES), async (upload) => {
        const context = upload.label;
        const title = `Техпакет ${++mark}`;
        const before = uploadedFiles(app);
        const sent = await upload.file();
        const reply = await app.post(placeTenderAction, "/place-tender", {
          as: buyer,
          form: [
            ["intent", "create"],
            ["title", title],
            ["techPack", sent],
          ],
        });
        expectNoServerError(reply, context);
        const row = await rowWhere(app.db, schema.tenders, "title", title);
        const expected = attachmentOutcome(upload);
        if (expected === "accept") {
          expect(reply.status, `${context}: ${JSON.stringify(reply.data)}`).toBe(302);
          const stored = row?.techPack[0];
          expect(stored?.url, context).toMatch(/^attachments\/[0-9a-f-]{36}\.(webp|pdf)$/);
          const bytes = readFileSync(path.join(app.dataDir, "uploads", stored?.url ?? ""));
          if (stored?.kind === "pdf") {
            expect(bytes.equals(Buffer.from(await sent.arrayBuffer())), context).toBe(true);
          } else {
            expect(bytes.subarray(8, 12).toString("latin1"), context).toBe("WEBP");
            expect(bytes.includes(Buffer.from("<script")), `${context}: payload kept`).toBe(false);
          }
          await app.db.delete(schema.tenders).where(eq(schema.tenders.title, title));
          await removeAttachments(storage, row?.techPack ?? []);
          expect(uploadedFiles(app), context).toEqual(before);
          return;
        }
        expect(reply.status, context).toBe(400);
        expect(JSON.stringify(reply.data), context).toContain(
          JSON.stringify(A.fileRefused(sent.name, expected)).slice(1, -1),
        );
        expect(row, `${context}: a tender was written`).toBeUndefined();
        expect(uploadedFiles(app), `${context}: something was stored`).toEqual(before);
      }),
      { numRuns: 30, examples: [...CASES, ...PDF_CASES].map((upload) => [upload] as [UploadCase]) },
    );
  }, 180_000);
});

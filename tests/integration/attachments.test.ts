import path from "node:path";
import type S3rver from "s3rver";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Attachment } from "~/domain/attachments";
import {
  attachmentHref,
  attachmentThumbnailHref,
  MAX_ATTACHMENT_IMAGE_BYTES,
  MAX_PDF_BYTES,
} from "~/domain/attachments";
import { attachments as attachmentMessages } from "~/domain/catalogue";
import { MAX_ATTACHMENTS } from "~/domain/limits";
import { m as ru } from "~/domain/messages";
import { quotePartyOf } from "~/features/quotes/parties.server";
import { findAttachment } from "~/features/quotes/quote-attachments.server";
import { loadProfileSummary, toCurrentUser } from "~/platform/actor.server";
import {
  attachmentResponse,
  looksLikePdf,
  removeAttachments,
  storeAttachments,
} from "~/platform/attachments.server";
import { schema } from "~/platform/db.server";
import {
  createDiskStorage,
  MAX_UPLOAD_BYTES,
  type Storage,
  serveUpload,
  storageFor,
} from "~/platform/storage.server";
import { loader as attachmentsLoader } from "~/routes/attachments";
import { loader as uploadsLoader } from "~/routes/uploads";
import { BASE_URL, type Person, routeArgs } from "../support/app-harness";
import { filesUnder, picture } from "../support/images";
import { tempDir, testApp } from "../support/per-file";
import { startS3rver } from "../support/s3rver";

const t = attachmentMessages.ru;
const UUID = "0b7c2f4e-8d1a-4c3b-9e5f-6a7b8c9d0e1f";

/** A small but well-formed PDF (header, one page, xref, trailer, %%EOF). */
function pdf(text = "offer"): Buffer {
  return Buffer.from(
    `%PDF-1.4\n%\xe2\xe3\xcf\xd3\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [3 0 R] /Count 1>> endobj\n3 0 obj <</Type /Page /Parent 2 0 R /MediaBox [0 0 200 200]>> endobj\n% ${text}\nxref\n0 4\ntrailer <</Size 4 /Root 1 0 R>>\nstartxref\n0\n%%EOF\n`,
    "latin1",
  );
}

/** A PDF of exactly `bytes` bytes: header, a comment as filler, %%EOF. */
function pdfOfSize(bytes: number): Buffer {
  const head = Buffer.from("%PDF-1.7\n%", "latin1");
  const tail = Buffer.from("\n%%EOF\n", "latin1");
  return Buffer.concat([head, Buffer.alloc(bytes - head.length - tail.length, 0x78), tail]);
}

/** The file name of a `filename*=UTF-8''...` Content-Disposition, checking its encoding. */
function dispositionOf(response: Response): { type: string; name: string } {
  const header = response.headers.get("content-disposition") ?? "";
  const match = /^(attachment|inline); filename\*=UTF-8''([A-Za-z0-9%._~!-]+)$/.exec(header);
  expect(match, header).not.toBeNull();
  return { type: match?.[1] ?? "", name: decodeURIComponent(match?.[2] ?? "") };
}

const file = (bytes: Uint8Array | string, name: string, type = "") =>
  new File([bytes as BlobPart], name, { type });

const app = testApp();
let storage: Storage;
let attachmentsDir: string;

beforeAll(async () => {
  storage = storageFor(app.runtime.env);
  attachmentsDir = path.join(app.dataDir, "uploads", "attachments");
}, 120_000);

// ---------------------------------------------------------------------------------------------

describe("storing attachments", () => {
  it("keeps a PDF byte for byte under a name the server chose", async () => {
    const body = pdf();
    const result = await storeAttachments(
      storage,
      [file(body, "Смета на пошив.pdf", "application/pdf")],
      "ru",
    );
    if (!result.ok) throw new Error(result.errors.join("; "));
    const [stored] = result.attachments;
    expect(stored).toEqual({
      url: expect.stringMatching(/^attachments\/[0-9a-f-]{36}\.pdf$/),
      name: "Смета на пошив.pdf",
      kind: "pdf",
      size: body.byteLength,
    });
    expect((await storage.get(stored?.url ?? ""))?.equals(body)).toBe(true);
    expect(filesUnder(attachmentsDir)).toContain(path.basename(stored?.url ?? ""));
  });

  it("re-encodes JPEG, PNG and WebP pictures to WebP with a thumbnail, without metadata", async () => {
    const jpeg = await picture(2000, 1500)
      .jpeg()
      .withExif({ IFD0: { Copyright: "SECRET-MARKER" } })
      .toBuffer();
    const result = await storeAttachments(
      storage,
      [
        file(jpeg, "образец.jpg", "image/jpeg"),
        file(await picture(300, 200).png().toBuffer(), "ткань.png", "image/png"),
        file(await picture(300, 200).webp().toBuffer(), "лекала.webp", "image/webp"),
      ],
      "ru",
    );
    if (!result.ok) throw new Error(result.errors.join("; "));
    expect(result.attachments.map((a) => [a.name, a.kind])).toEqual([
      ["образец.jpg", "image"],
      ["ткань.png", "image"],
      ["лекала.webp", "image"],
    ]);
    for (const attachment of result.attachments) {
      expect(attachment.url).toMatch(/^attachments\/[0-9a-f-]{36}\.webp$/);
      const large = (await storage.get(attachment.url)) as Buffer;
      const thumb = (await storage.get(attachment.url.replace(".webp", "-thumb.webp"))) as Buffer;
      expect(attachment.size).toBe(large.byteLength);
      expect((await sharp(large).metadata()).format).toBe("webp");
      expect((await sharp(thumb).metadata()).format).toBe("webp");
      expect(large.includes("SECRET-MARKER")).toBe(false);
    }
    const first = await sharp(
      (await storage.get(result.attachments[0]?.url ?? "")) as Buffer,
    ).metadata();
    expect([first.width, first.height, first.exif]).toEqual([1600, 1200, undefined]);
  });

  it("skips empty file inputs and empty fields; nothing chosen stores nothing", async () => {
    const before = filesUnder(attachmentsDir);
    expect(
      await storeAttachments(storage, [file("", "", "application/octet-stream"), ""], "ru"),
    ).toEqual({ ok: true, attachments: [] });
    const result = await storeAttachments(storage, [file("", ""), file(pdf(), "a.pdf"), ""], "ru");
    expect(result.ok && result.attachments.length).toBe(1);
    expect(filesUnder(attachmentsDir).length).toBe(before.length + 1);
  });

  it("cleans the name: no folders, control or bidi characters, at most 120 characters", async () => {
    const names = [
      ["../../etc/Договор.pdf", "Договор.pdf"],
      ["C:\\Users\\me\\Desktop\\scan.pdf", "scan.pdf"],
      ["evil\u202Efdp.exe", "evilfdp.exe.pdf"],
      ["a\u0000b\r\nc.pdf", "abc.pdf"],
      ["   .hidden.pdf  ", "hidden.pdf"],
      ["", "document.pdf"],
      ["счёт", "счёт.pdf"],
      [`${"Очень длинное имя ".repeat(20)}.pdf`, expect.stringMatching(/^Очень.*\.pdf$/)],
    ] as const;
    const result = await storeAttachments(
      storage,
      names.slice(0, 5).map(([name]) => file(pdf(), name, "application/pdf")),
      "ru",
    );
    if (!result.ok) throw new Error(result.errors.join("; "));
    expect(result.attachments.map((a) => a.name)).toEqual(names.slice(0, 5).map(([, n]) => n));
    const rest = await storeAttachments(
      storage,
      names.slice(5).map(([name]) => file(pdf(), name, "application/pdf")),
      "ru",
    );
    if (!rest.ok) throw new Error(rest.errors.join("; "));
    expect(rest.attachments.map((a) => a.name)).toEqual(names.slice(5).map(([, n]) => n));
    const long = rest.attachments[2]?.name ?? "";
    expect(Array.from(long).length).toBe(120);
    await removeAttachments(storage, [...result.attachments, ...rest.attachments]);
  });
});

describe("refused attachments", () => {
  let disk: Storage;
  let diskDir: string;

  beforeAll(() => {
    diskDir = tempDir("fabricum-attachments-refused-");
    disk = createDiskStorage(diskDir);
  });

  const refused = async (files: (File | string)[], ...expected: string[]) => {
    const result = await storeAttachments(disk, files, "ru");
    expect(result).toEqual({ ok: false, errors: expected });
    expect(filesUnder(diskDir)).toEqual([]);
  };

  it("refuses a fake PDF: JPEG bytes, text, a cut file, %%EOF too far from the end", async () => {
    const jpeg = await picture(200, 200).jpeg().toBuffer();
    await refused([file(jpeg, "scan.pdf", "application/pdf")], `scan.pdf: ${t.notPdf}`);
    await refused([file("просто текст", "смета.pdf", "application/pdf")], `смета.pdf: ${t.notPdf}`);
    const whole = pdf();
    await refused([file(whole.subarray(0, whole.length - 20), "cut.pdf")], `cut.pdf: ${t.notPdf}`);
    const trailing = Buffer.concat([whole, Buffer.alloc(2000, 0x20)]);
    await refused([file(trailing, "late.pdf")], `late.pdf: ${t.notPdf}`);
    // Declared by type alone (no extension): still judged as a PDF, and named so.
    await refused([file("<html>", "download", "application/pdf")], `download.pdf: ${t.notPdf}`);
    expect(looksLikePdf(whole)).toBe(true);
    expect(looksLikePdf(Buffer.concat([whole, Buffer.alloc(1000, 0x0a)]))).toBe(true);
  });

  it("refuses an 11 MB PDF without reading it; exactly 10 MB is accepted", async () => {
    let read = false;
    class Watched extends File {
      override arrayBuffer() {
        read = true;
        return super.arrayBuffer();
      }
    }
    const big = pdfOfSize(11 * 1024 * 1024);
    expect(big.byteLength).toBeGreaterThan(MAX_PDF_BYTES);
    await refused(
      [new Watched([big as BlobPart], "big.pdf", { type: "application/pdf" })],
      `big.pdf: ${t.pdfTooLarge}`,
    );
    expect(read).toBe(false);
    expect(t.pdfTooLarge).toBe("Файл больше 10 МБ");

    await refused([file(pdfOfSize(MAX_PDF_BYTES + 1), "over.pdf")], `over.pdf: ${t.pdfTooLarge}`);
    const accepted = await storeAttachments(
      disk,
      [file(pdfOfSize(MAX_PDF_BYTES), "limit.pdf")],
      "ru",
    );
    if (!accepted.ok) throw new Error(accepted.errors.join("; "));
    expect(accepted.attachments[0]?.size).toBe(MAX_PDF_BYTES);
    await removeAttachments(disk, accepted.attachments);
    expect(filesUnder(diskDir)).toEqual([]);
  });

  it("refuses a picture over 5 MB, as images everywhere", async () => {
    expect(MAX_ATTACHMENT_IMAGE_BYTES).toBe(MAX_UPLOAD_BYTES);
    const big = Buffer.alloc(MAX_UPLOAD_BYTES + 1);
    big.set([0xff, 0xd8, 0xff]);
    await refused([file(big, "photo.jpg", "image/jpeg")], `photo.jpg: ${t.imageTooLarge}`);
  });

  it("refuses six files before reading any", async () => {
    expect(MAX_ATTACHMENTS).toBe(5);
    const six = Array.from({ length: 6 }, (_, i) => file(pdf(), `${i}.pdf`));
    await refused(six, t.tooMany(5));
    expect(t.tooMany(5)).toBe("Можно прикрепить не более 5 файлов");
  });

  it("refuses broken pictures and other types with the right message", async () => {
    const png = await picture(400, 300).png().toBuffer();
    await refused(
      [file(png.subarray(0, png.length >> 1), "cut.png", "image/png")],
      `cut.png: ${ru.images.fileUnreadable}`,
    );
    await refused(
      [file("%PDF-1.4\n%%EOF", "scan.jpg", "image/jpeg")],
      `scan.jpg: ${t.typeNotSupported}`,
    );
    const gif = await picture(10, 10).gif().toBuffer();
    await refused([file(gif, "anim.gif", "image/gif")], `anim.gif: ${t.typeNotSupported}`);
    await refused(
      [file(png, "setup.exe", "application/x-msdownload")],
      `setup.exe: ${t.typeNotSupported}`,
    );
    await refused([file("", "empty.pdf", "application/pdf")], `empty.pdf: ${t.empty}`);
    await refused(["<script>alert(1)</script>"], t.typeNotSupported);
    expect(t.typeNotSupported).toContain("JPG, PNG, WebP или PDF");
  });

  it("is all or nothing: one bad file among good ones stores none, and names every problem", async () => {
    const good = await picture(300, 300).jpeg().toBuffer();
    await refused(
      [
        file(pdf(), "ok.pdf"),
        file(good, "ok.jpg", "image/jpeg"),
        file("не pdf", "bad.pdf"),
        file(good.subarray(0, 300), "bad.jpg", "image/jpeg"),
      ],
      `bad.pdf: ${t.notPdf}`,
      `bad.jpg: ${ru.images.fileUnreadable}`,
    );
  });

  it("removes what was stored when the storage fails half-way", async () => {
    let puts = 0;
    const failing: Storage = {
      ...disk,
      async put(key, body) {
        if (++puts === 4) throw new Error("disk full");
        await disk.put(key, body);
      },
    };
    const result = await storeAttachments(
      failing,
      [
        file(pdf(), "a.pdf"),
        file(await picture(300, 300).png().toBuffer(), "b.png"),
        file(pdf(), "c.pdf"),
      ],
      "ru",
    );
    expect(result).toEqual({ ok: false, errors: [t.storeFailed] });
    expect(puts).toBe(4);
    expect(filesUnder(diskDir)).toEqual([]);
  });

  it("speaks English too", async () => {
    const result = await storeAttachments(disk, [file("text", "a.pdf")], "en");
    expect(result).toEqual({
      ok: false,
      errors: [`a.pdf: ${attachmentMessages.en.notPdf}`],
    });
  });
});

describe("removing attachments", () => {
  it("removes both sizes of a picture and a PDF; missing files and foreign URLs are fine", async () => {
    const result = await storeAttachments(
      storage,
      [file(await picture(300, 300).png().toBuffer(), "a.png"), file(pdf(), "b.pdf")],
      "ru",
    );
    if (!result.ok) throw new Error(result.errors.join("; "));
    const [image, document] = result.attachments as [Attachment, Attachment];
    const keys = [image.url, image.url.replace(".webp", "-thumb.webp"), document.url];
    for (const key of keys) expect(await storage.get(key)).not.toBeNull();
    await removeAttachments(storage, [
      image,
      document,
      null,
      { url: "/uploads/products/x.webp" },
      { url: "../../auth-secret" },
      { url: `attachments/${UUID}.pdf` },
    ]);
    for (const key of keys) expect(await storage.get(key)).toBeNull();
    // Twice is fine; a failing storage is logged, never thrown.
    await removeAttachments(storage, result.attachments);
    const broken: Storage = {
      ...storage,
      delete: async () => {
        throw new Error("gone");
      },
    };
    await expect(removeAttachments(broken, result.attachments)).resolves.toBeUndefined();
  });
});

describe("the public /uploads/ route never serves attachments", () => {
  it("answers 404 for /uploads/attachments/... even when the file exists", async () => {
    const result = await storeAttachments(
      storage,
      [file(pdf(), "secret.pdf"), file(await picture(200, 200).png().toBuffer(), "secret.png")],
      "ru",
    );
    if (!result.ok) throw new Error(result.errors.join("; "));
    for (const attachment of result.attachments) {
      for (const key of [attachment.url, attachment.url.replace(".webp", "-thumb.webp")]) {
        expect(await storage.get(key)).not.toBeNull();
        expect((await serveUpload(storage, key)).status, key).toBe(404);
        const reply = await app.get(uploadsLoader, `/uploads/${key}`, { params: { "*": key } });
        expect(reply.status, key).toBe(404);
      }
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Who may download

describe("the download route", () => {
  let buyer: Person;
  let maker: Person;
  let otherMaker: Person;
  let otherBuyer: Person;
  let admin: Person;
  let quoteId: string;
  let otherQuoteId: string;
  let quoteFiles: Attachment[];
  let messageFiles: Attachment[];
  let otherFiles: Attachment[];

  /** GETs the route as `as` (a visitor when omitted), the way React Router calls it. */
  async function download(href: string, as?: Person): Promise<Response> {
    const headers = new Headers();
    if (as) headers.set("cookie", as.cookie);
    const request = new Request(new URL(href, BASE_URL), { headers });
    const [, , quote = "", name = ""] = new URL(request.url).pathname.split("/");
    return (await attachmentsLoader(
      await routeArgs(request, {
        quoteId: decodeURIComponent(quote),
        file: decodeURIComponent(name),
      }),
    )) as Response;
  }

  async function insertFactory(owner: Person, name: string) {
    const [row] = await app.db
      .insert(schema.factories)
      .values({ userId: owner.id, name })
      .returning({ id: schema.factories.id });
    return row?.id as string;
  }

  async function insertQuote(
    tenderId: string,
    factoryId: string,
    owner: Person,
    files: Attachment[],
  ) {
    const [row] = await app.db
      .insert(schema.quotes)
      .values({
        tenderId,
        factoryId,
        userId: owner.id,
        unitPrice: 450,
        currency: "USD",
        quantity: 500,
        leadTimeDays: 30,
        validUntil: new Date(Date.now() + 30 * 86_400_000),
        attachments: files,
      })
      .returning({ id: schema.quotes.id });
    return row?.id as string;
  }

  async function stored(...files: File[]): Promise<Attachment[]> {
    const result = await storeAttachments(storage, files, "ru");
    if (!result.ok) throw new Error(result.errors.join("; "));
    return result.attachments;
  }

  beforeAll(async () => {
    [buyer, maker, otherMaker, otherBuyer, admin] = await Promise.all([
      app.signUp("buyer", "Покупатель"),
      app.signUp("factory", "Фабрика"),
      app.signUp("factory", "Другая фабрика"),
      app.signUp("buyer", "Другой покупатель"),
      app.signUp("buyer", "Администратор"),
    ]);
    await app.makeAdmin(admin);
    const factoryId = await insertFactory(maker, "Фабрика");
    const otherFactoryId = await insertFactory(otherMaker, "Другая фабрика");
    const [tender] = await app.db
      .insert(schema.tenders)
      .values({ userId: buyer.id, title: "Футболки 500 шт." })
      .returning({ id: schema.tenders.id });
    const [otherTender] = await app.db
      .insert(schema.tenders)
      .values({ userId: otherBuyer.id, title: "Худи 200 шт." })
      .returning({ id: schema.tenders.id });

    quoteFiles = await stored(
      file(pdf(), "Предложение (итог) 'v2'.pdf", "application/pdf"),
      file(await picture(900, 600).jpeg().toBuffer(), "образец.jpg", "image/jpeg"),
    );
    messageFiles = await stored(file(pdf("message"), "Счёт.pdf"));
    otherFiles = await stored(file(pdf("other"), "чужой.pdf"));

    quoteId = await insertQuote(tender?.id as string, factoryId, maker, quoteFiles);
    otherQuoteId = await insertQuote(
      otherTender?.id as string,
      otherFactoryId,
      otherMaker,
      otherFiles,
    );
    await app.db.insert(schema.quoteMessages).values([
      { quoteId, senderId: buyer.id, body: "Вот счёт", attachments: messageFiles },
      { quoteId, senderId: maker.id, body: "Спасибо" },
    ]);
  }, 120_000);

  it("serves a PDF of the quote to both parties and the admin, as a private download", async () => {
    const [document] = quoteFiles as [Attachment];
    const href = attachmentHref(quoteId, document);
    expect(href).toBe(`/attachments/${quoteId}/${document.url.slice("attachments/".length)}`);
    for (const viewer of [buyer, maker, admin]) {
      const response = await download(href, viewer);
      expect(response.status, viewer.name).toBe(200);
      expect(Object.fromEntries(response.headers)).toMatchObject({
        "content-type": "application/pdf",
        "x-content-type-options": "nosniff",
        "content-security-policy": "sandbox; default-src 'none'",
        "cache-control": "private, no-store",
        "content-length": String(document.size),
      });
      expect(dispositionOf(response)).toEqual({
        type: "attachment",
        name: "Предложение (итог) 'v2'.pdf",
      });
      const body = Buffer.from(await response.arrayBuffer());
      expect(body.equals((await storage.get(document.url)) as Buffer)).toBe(true);
    }
  });

  it("shows a picture inline as WebP, its thumbnail with ?size=thumb, and a download on request", async () => {
    const image = quoteFiles[1] as Attachment;
    const full = await download(attachmentHref(quoteId, image), maker);
    expect(full.status).toBe(200);
    expect(full.headers.get("content-type")).toBe("image/webp");
    // The picture is a WebP now: saved under that extension.
    expect(dispositionOf(full)).toEqual({ type: "inline", name: "образец.webp" });
    expect(full.headers.get("cache-control")).toBe("private, no-store");
    expect((await sharp(Buffer.from(await full.arrayBuffer())).metadata()).width).toBe(900);

    const thumbHref = attachmentThumbnailHref(quoteId, image) as string;
    expect(thumbHref).toMatch(/\?size=thumb$/);
    const thumb = await download(thumbHref, buyer);
    expect(thumb.status).toBe(200);
    expect((await sharp(Buffer.from(await thumb.arrayBuffer())).metadata()).width).toBe(480);

    const saved = await download(`${attachmentHref(quoteId, image)}?download`, buyer);
    expect(dispositionOf(saved).type).toBe("attachment");
    // A PDF has no thumbnail.
    expect(attachmentThumbnailHref(quoteId, quoteFiles[0] as Attachment)).toBeNull();
  });

  it("finds the files of the quote's messages too", async () => {
    const [document] = messageFiles as [Attachment];
    for (const viewer of [buyer, maker, admin]) {
      const response = await download(attachmentHref(quoteId, document), viewer);
      expect(response.status, viewer.name).toBe(200);
      expect(dispositionOf(response)).toEqual({ type: "attachment", name: "Счёт.pdf" });
    }
  });

  it("answers 404 to another factory, another buyer and a visitor", async () => {
    for (const attachment of [...quoteFiles, ...messageFiles]) {
      for (const href of [
        attachmentHref(quoteId, attachment),
        attachmentThumbnailHref(quoteId, attachment),
      ]) {
        if (!href) continue;
        for (const viewer of [otherMaker, otherBuyer, undefined]) {
          const response = await download(href, viewer);
          expect(response.status, `${href} as ${viewer?.name ?? "visitor"}`).toBe(404);
          expect(response.headers.get("cache-control")).toBe("private, no-store");
          expect(await response.text()).toBe(t.notFound);
        }
      }
    }
  });

  it("answers 404 for a file of another quote, an unknown file or a malformed address", async () => {
    const foreign = otherFiles[0] as Attachment;
    // The other quote's own parties get it from their quote, but not through this one.
    expect((await download(attachmentHref(otherQuoteId, foreign), otherBuyer)).status).toBe(200);
    for (const viewer of [buyer, maker, admin]) {
      expect((await download(attachmentHref(quoteId, foreign), viewer)).status).toBe(404);
    }
    const own = quoteFiles[1] as Attachment;
    const file = own.url.slice("attachments/".length);
    for (const href of [
      `/attachments/${quoteId}/${UUID}.pdf`,
      `/attachments/${quoteId}/${file.replace(".webp", "-thumb.webp")}`,
      `/attachments/${quoteId}/..%2F..%2Fauth-secret`,
      `/attachments/${quoteId}/${file.replace(".webp", ".pdf")}`,
      `/attachments/not-a-uuid/${file}`,
      `/attachments/${UUID}/${file}`,
    ]) {
      expect((await download(href, buyer)).status, href).toBe(404);
    }
  });

  it("findAttachment follows quotePartyOf", async () => {
    const userOf = async (person: Person, role: "admin" | null = null) =>
      toCurrentUser(
        { id: person.id, email: person.email, emailVerified: true, role },
        await loadProfileSummary(app.db, person.id),
      );
    const file = (quoteFiles[0] as Attachment).url.slice("attachments/".length);
    const inMessage = (messageFiles[0] as Attachment).url.slice("attachments/".length);
    for (const [viewer, party] of [
      [await userOf(buyer), "buyer"],
      [await userOf(maker), "factory"],
      [await userOf(admin, "admin"), "admin"],
    ] as const) {
      expect((await quotePartyOf(app.db, viewer, quoteId))?.party).toBe(party);
      expect(await findAttachment(app.db, viewer, quoteId, file)).toEqual(quoteFiles[0]);
      expect(await findAttachment(app.db, viewer, quoteId, inMessage)).toEqual(messageFiles[0]);
    }
    const outsider = await userOf(otherMaker);
    expect(await findAttachment(app.db, outsider, quoteId, file)).toBeNull();
    expect(await findAttachment(app.db, null, quoteId, file)).toBeNull();
    expect(await findAttachment(app.db, await userOf(maker), quoteId, null)).toBeNull();
    expect(await findAttachment(app.db, await userOf(maker), null, file)).toBeNull();
  });

  it("answers 404 when the stored file is gone", async () => {
    const [gone] = (await stored(file(pdf("gone"), "gone.pdf"))) as [Attachment];
    await app.db
      .insert(schema.quoteMessages)
      .values({ quoteId, senderId: maker.id, body: "Файл", attachments: [gone] });
    const href = attachmentHref(quoteId, gone);
    expect((await download(href, buyer)).status).toBe(200);
    await removeAttachments(storage, [gone]);
    const response = await download(href, buyer);
    expect(response.status).toBe(404);
    expect(await response.text()).toBe(t.notFound);
    expect((await attachmentResponse(storage, gone)).status).toBe(404);
    // A row whose URL is not an attachment key of its kind is never read.
    expect((await attachmentResponse(storage, { ...gone, kind: "image" })).status).toBe(404);
    expect(
      (await attachmentResponse(storage, { ...gone, url: "/uploads/products/x.webp" })).status,
    ).toBe(404);
  });
});

// ---------------------------------------------------------------------------------------------

describe("S3 backend (local s3rver)", () => {
  let server: S3rver;
  let s3: Storage;

  beforeAll(async () => {
    const started = await startS3rver(
      "fabricum-attachments-s3rver-",
      tempDir("fabricum-attachments-s3-"),
    );
    server = started.server;
    s3 = storageFor(started.env);
  });

  afterAll(async () => {
    s3?.close();
    await server?.close();
  });

  it("stores, serves and removes attachments in the bucket; /uploads/ refuses them", async () => {
    const body = pdf("s3");
    const result = await storeAttachments(
      s3,
      [file(body, "s3.pdf"), file(await picture(600, 400).png().toBuffer(), "s3.png")],
      "ru",
    );
    if (!result.ok) throw new Error(result.errors.join("; "));
    const [document, image] = result.attachments as [Attachment, Attachment];
    expect(s3.kind).toBe("s3");
    expect((await s3.get(document.url))?.equals(body)).toBe(true);
    const served = await attachmentResponse(s3, image, { thumb: true });
    expect(served.status).toBe(200);
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).width).toBe(480);
    expect((await serveUpload(s3, document.url)).status).toBe(404);
    await removeAttachments(s3, result.attachments);
    expect(await s3.get(document.url)).toBeNull();
    expect(await s3.get(image.url.replace(".webp", "-thumb.webp"))).toBeNull();
    await removeAttachments(s3, result.attachments);
  });
});

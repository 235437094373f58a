import { describe, expect, it } from "vitest";
import {
  ATTACHMENT_ACCEPT,
  attachmentHref,
  attachmentProblem,
  attachmentThumbnailHref,
  cleanAttachmentName,
  declaredAttachmentKind,
  formatAttachmentSize,
  isEmptyFileInput,
  MAX_PDF_BYTES,
} from "./attachments";
import { attachments } from "./catalogue";
import { isAttachmentKey, isStorageKey, isUploadKey, keyFromUrl } from "./uploads";

const MB = 1024 * 1024;
const QUOTE = "6f1c1d3e-2a4b-4c5d-8e9f-0a1b2c3d4e5f";
const FILE = "0b7c2f4e-8d1a-4c3b-9e5f-6a7b8c9d0e1f";

describe("the browser's check before sending", () => {
  const ru = attachments.ru;
  it("accepts pictures up to 5 MB and PDFs up to 10 MB", () => {
    expect(attachmentProblem({ name: "a.jpg", type: "image/jpeg", size: 5 * MB }, "ru")).toBeNull();
    expect(attachmentProblem({ name: "a.pdf", type: "application/pdf", size: 10 * MB }, "ru")).toBe(
      null,
    );
    expect(attachmentProblem({ name: "a.jpg", type: "image/jpeg", size: 5 * MB + 1 }, "ru")).toBe(
      ru.imageTooLarge,
    );
    expect(
      attachmentProblem({ name: "a.pdf", type: "application/pdf", size: MAX_PDF_BYTES + 1 }, "ru"),
    ).toBe("Файл больше 10 МБ");
    expect(attachmentProblem({ name: "a.pdf", type: "", size: 0 }, "en")).toBe(
      attachments.en.empty,
    );
  });

  it("refuses other types, trusting the extension first, then the declared type", () => {
    for (const file of [
      { name: "a.gif", type: "image/gif" },
      { name: "a.svg", type: "image/svg+xml" },
      { name: "setup.exe", type: "application/x-msdownload" },
      { name: "a.docx", type: "" },
      { name: "noextension", type: "" },
    ]) {
      expect(attachmentProblem({ ...file, size: 10 }, "ru"), file.name).toBe(ru.typeNotSupported);
      expect(declaredAttachmentKind(file), file.name).toBeNull();
    }
    expect(declaredAttachmentKind({ name: "scan.PDF", type: "image/png" })).toBe("pdf");
    expect(declaredAttachmentKind({ name: "photo.JPEG", type: "" })).toBe("image");
    expect(declaredAttachmentKind({ name: "scan", type: "application/pdf" })).toBe("pdf");
    expect(declaredAttachmentKind({ name: "photo", type: "image/webp" })).toBe("image");
    expect(ATTACHMENT_ACCEPT).toBe(
      "image/jpeg,image/png,image/webp,application/pdf,.jpg,.jpeg,.png,.webp,.pdf",
    );
  });

  it("knows an empty file input from an empty chosen file", () => {
    expect(isEmptyFileInput({ name: "", size: 0 })).toBe(true);
    expect(isEmptyFileInput({ name: "a.pdf", size: 0 })).toBe(false);
  });
});

describe("names and addresses", () => {
  it("cleans names and keeps the extension when cutting", () => {
    expect(cleanAttachmentName("../x/../Смета.pdf", "pdf")).toBe("Смета.pdf");
    expect(cleanAttachmentName("photo\u200F\u202E.jpg", "image")).toBe("photo.jpg");
    expect(cleanAttachmentName("\uD800bad.pdf", "pdf")).toBe("bad.pdf");
    expect(cleanAttachmentName("   ", "image")).toBe("image");
    expect(cleanAttachmentName("...", "pdf")).toBe("document.pdf");
    const long = cleanAttachmentName(`${"я".repeat(300)}.jpeg`, "image");
    expect(Array.from(long).length).toBe(120);
    expect(long.endsWith("я.jpeg")).toBe(true);
    // Characters outside the basic plane are never cut in half.
    const emoji = cleanAttachmentName(`${"😀".repeat(200)}.pdf`, "pdf");
    expect(Array.from(emoji)).toHaveLength(120);
    expect(emoji.replace(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g, "")).not.toMatch(/[\uD800-\uDFFF]/);
  });

  it("builds the private download address and the thumbnail's", () => {
    const image = { url: `attachments/${FILE}.webp`, kind: "image" as const };
    const pdf = { url: `attachments/${FILE}.pdf`, kind: "pdf" as const };
    expect(attachmentHref(QUOTE, pdf)).toBe(`/attachments/${QUOTE}/${FILE}.pdf`);
    expect(attachmentThumbnailHref(QUOTE, image)).toBe(
      `/attachments/${QUOTE}/${FILE}.webp?size=thumb`,
    );
    expect(attachmentThumbnailHref(QUOTE, pdf)).toBeNull();
  });

  it("keeps attachment keys apart from public upload keys", () => {
    for (const key of [
      `attachments/${FILE}.pdf`,
      `attachments/${FILE}.webp`,
      `attachments/${FILE}-thumb.webp`,
    ]) {
      expect(isAttachmentKey(key), key).toBe(true);
      expect(isStorageKey(key), key).toBe(true);
      expect(isUploadKey(key), key).toBe(false);
      expect(keyFromUrl(`/uploads/${key}`), key).toBeNull();
    }
    for (const key of [
      `attachments/${FILE}-thumb.pdf`,
      `attachments/${FILE}.pdf.tmp`,
      `attachments/../${FILE}.pdf`,
      `attachments/${FILE.toUpperCase()}.pdf`,
      `products/${FILE}.pdf`,
      `attachments/${FILE}.jpg`,
    ]) {
      expect(isStorageKey(key), key).toBe(false);
    }
    expect(isStorageKey(`products/${FILE}.webp`)).toBe(true);
  });

  it("writes sizes in each language", () => {
    expect(formatAttachmentSize(350 * 1024, "ru")).toBe("350 КБ");
    expect(formatAttachmentSize(2.44 * MB, "ru")).toBe("2,4 МБ");
    expect(formatAttachmentSize(2.44 * MB, "en")).toBe("2.4 MB");
    expect(formatAttachmentSize(10, "en")).toBe("1 KB");
  });
});

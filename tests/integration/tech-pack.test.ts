// A tender's tech pack (docs/decisions/031, issue 29): the files come with the tender form's use
// cases (placeTender, editTender), are checked by content and stored privately; the tender page
// lists them for the owner and factories with a profile only (a visitor's data has no such key);
// /tenders/{id}/tech-pack/{file} downloads them for the same people and answers 404 to anyone
// else; deleting the tender removes them.
import path from "node:path";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { MAX_PDF_BYTES } from "~/domain/attachments";
import { attachments as attachmentMessages } from "~/domain/catalogue";
import { MAX_TECH_PACK_FILES } from "~/domain/limits";
import { techPackHref } from "~/features/tenders/components/tech-pack";
import { discardTender, editTender, placeTender } from "~/features/tenders/tender-actions.server";
import { getOwnTender } from "~/features/tenders/tenders.server";
import type { CurrentUser } from "~/platform/actor.server";
import { schema } from "~/platform/db.server";
import { type Storage, storageFor } from "~/platform/storage.server";
import type { UseCaseContext } from "~/platform/use-case.server";
import { loader as myTenderLoader } from "~/routes/my-tender";
import { loader as tenderLoader } from "~/routes/tender";
import { loader as techPackLoader } from "~/routes/tender-tech-pack";
import { BASE_URL, type Person, routeArgs } from "../support/app-harness";
import { filesUnder, png } from "../support/images";
import { testApp } from "../support/per-file";

const app = testApp();
let storage: Storage;
let attachmentsDir: string;

/** A small well-formed PDF. */
function pdf(text = "tech pack"): Buffer {
  return Buffer.from(
    `%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\n% ${text}\ntrailer <</Root 1 0 R>>\n%%EOF\n`,
    "latin1",
  );
}

const file = (bytes: Uint8Array | string, name: string, type = "") =>
  new File([bytes as BlobPart], name, { type });

function tenderForm(fields: Record<string, string>, techPack: readonly File[] = []): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  for (const chosen of techPack) form.append("techPack", chosen);
  return form;
}

let buyer: Person;
let otherBuyer: Person;
let factory: Person;
let bareFactory: Person;
let blockedFactory: Person;
let owner: CurrentUser;

async function withFactory(person: Person, name: string): Promise<string> {
  const [row] = await app.db
    .insert(schema.factories)
    .values({ userId: person.id, name })
    .returning({ id: schema.factories.id });
  return row?.id as string;
}

const as = async (person: Person, locale: "ru" | "en" = "ru"): Promise<UseCaseContext> => ({
  db: app.db,
  storage,
  actor: await app.userOf(person),
  locale,
});

const storedFiles = () => filesUnder(attachmentsDir);

beforeAll(async () => {
  storage = storageFor(app.runtime.env);
  attachmentsDir = path.join(app.dataDir, "uploads", "attachments");
  buyer = await app.signUp("buyer", "Заказчик");
  otherBuyer = await app.signUp("buyer", "Другой заказчик");
  factory = await app.signUp("factory", "Фабрика с профилем");
  await withFactory(factory, "Трикотаж Ташкент");
  bareFactory = await app.signUp("factory", "Фабрика без профиля");
  blockedFactory = await app.signUp("factory", "Заблокированная фабрика");
  await withFactory(blockedFactory, "Блок");
  owner = await app.userOf(buyer);
}, 240_000);

/** Places a tender with a PDF and a picture; its id and files. */
async function tenderWithPack(fields: Record<string, string> = {}) {
  const placed = await placeTender(await as(buyer), {
    form: tenderForm({ title: "Свитшоты оверсайз", ...fields }, [
      file(pdf("spec"), "Спецификация.pdf", "application/pdf"),
      file(await png("#224466"), "эскиз.png", "image/png"),
    ]),
    limited: false,
  });
  if (!placed.ok) throw new Error(JSON.stringify(placed));
  return placed.value;
}

async function download(tenderId: string, fileName: string, person: Person | null) {
  return app.get(techPackLoader, `/tenders/${tenderId}/tech-pack/${fileName}`, {
    as: person,
    params: { id: tenderId, file: fileName },
  });
}

/** The raw Response of the download route (app.get keeps only status and headers). */
async function downloadBody(tenderId: string, fileName: string, person: Person) {
  const request = new Request(`${BASE_URL}/tenders/${tenderId}/tech-pack/${fileName}`, {
    headers: { cookie: person.cookie },
  });
  return (await techPackLoader(
    await routeArgs(request, { id: tenderId, file: fileName }),
  )) as Response;
}

const fileNameOf = (url: string) => url.slice(url.lastIndexOf("/") + 1);

describe("placing a tender with a tech pack", () => {
  it("stores a PDF byte for byte and a picture as WebP, privately, on the tender", async () => {
    const before = storedFiles().length;
    const tender = await tenderWithPack();
    expect(tender.techPack?.map((f) => [f.name, f.kind])).toEqual([
      ["Спецификация.pdf", "pdf"],
      ["эскиз.png", "image"],
    ]);
    for (const stored of tender.techPack ?? []) {
      expect(stored.url).toMatch(/^attachments\/[0-9a-f-]{36}\.(pdf|webp)$/);
    }
    // The PDF, the picture and its thumbnail.
    expect(storedFiles().length).toBe(before + 3);
    const [spec] = tender.techPack ?? [];
    expect((await storage.get(spec?.url ?? ""))?.equals(pdf("spec"))).toBe(true);
  });

  it("refuses too many files, a too large PDF, a wrong type by content, in the form's language, and stores nothing", async () => {
    const count = async () => app.db.$count(schema.tenders, eq(schema.tenders.userId, owner.id));
    const before = { files: storedFiles(), tenders: await count() };
    const cases: [string, File[], "ru" | "en", string][] = [
      [
        "six files",
        Array.from({ length: MAX_TECH_PACK_FILES + 1 }, (_, i) =>
          file(pdf(String(i)), `${i}.pdf`, "application/pdf"),
        ),
        "en",
        attachmentMessages.en.tooMany(MAX_TECH_PACK_FILES),
      ],
      [
        "a PDF over 10 MB",
        [file(Buffer.alloc(MAX_PDF_BYTES + 1, 0x25), "big.pdf", "application/pdf")],
        "ru",
        attachmentMessages.ru.fileRefused("big.pdf", attachmentMessages.ru.pdfTooLarge),
      ],
      [
        "a picture named .pdf",
        [file(await png("#000000"), "лекала.pdf", "application/pdf")],
        "ru",
        attachmentMessages.ru.fileRefused("лекала.pdf", attachmentMessages.ru.notPdf),
      ],
      [
        "a PDF named .png",
        [file(pdf(), "sketch.png", "image/png")],
        "en",
        attachmentMessages.en.fileRefused("sketch.png", attachmentMessages.en.typeNotSupported),
      ],
      [
        "a text file",
        [file("hello", "notes.txt", "text/plain")],
        "ru",
        attachmentMessages.ru.fileRefused("notes.txt", attachmentMessages.ru.typeNotSupported),
      ],
    ];
    for (const [what, files, locale, message] of cases) {
      const placed = await placeTender(await as(buyer, locale), {
        form: tenderForm({ title: "Отказ" }, files),
        limited: false,
      });
      expect([what, placed.ok]).toEqual([what, false]);
      if (placed.ok || placed.problem !== "invalid") throw new Error(what);
      expect([what, placed.fieldErrors?.techPack]).toEqual([what, [message]]);
    }
    expect(storedFiles()).toEqual(before.files);
    expect(await count()).toBe(before.tenders);
  });
});

describe("editing the tech pack", () => {
  it("takes ticked files off and adds new ones in one save, removing the ticked files", async () => {
    const tender = await tenderWithPack();
    const [spec, sketch] = tender.techPack ?? [];
    const form = tenderForm({ title: "Свитшоты оверсайз", tenderId: tender.id }, [
      file(pdf("sizes"), "Табель мер.pdf", "application/pdf"),
    ]);
    form.append("removeTechPack", sketch?.url ?? "");
    const saved = await editTender(await as(buyer), { tenderId: tender.id, form });
    expect(saved.ok).toBe(true);
    const now = await getOwnTender(app.db, owner, tender.id);
    expect(now?.techPack?.map((f) => f.name)).toEqual(["Спецификация.pdf", "Табель мер.pdf"]);
    expect(await storage.get(sketch?.url ?? "")).toBeNull();
    expect(await storage.get(sketch?.url.replace(".webp", "-thumb.webp") ?? "")).toBeNull();
    expect(await storage.get(spec?.url ?? "")).not.toBeNull();
  });

  it("refuses more than five files in all, changing nothing and keeping no new file", async () => {
    const tender = await tenderWithPack();
    const before = storedFiles();
    const form = tenderForm(
      { title: "Свитшоты оверсайз", tenderId: tender.id },
      Array.from({ length: MAX_TECH_PACK_FILES - 1 }, (_, i) =>
        file(pdf(`more ${i}`), `more-${i}.pdf`, "application/pdf"),
      ),
    );
    const saved = await editTender(await as(buyer), { tenderId: tender.id, form });
    expect(saved).toMatchObject({
      ok: false,
      problem: "invalid",
      fieldErrors: { techPack: [attachmentMessages.ru.tooMany(MAX_TECH_PACK_FILES)] },
    });
    expect(storedFiles()).toEqual(before);
    expect((await getOwnTender(app.db, owner, tender.id))?.techPack).toEqual(tender.techPack);
    // Ticking one off makes room for the same choice less one.
    const fits = tenderForm(
      { title: "Свитшоты оверсайз", tenderId: tender.id },
      Array.from({ length: MAX_TECH_PACK_FILES - 1 }, (_, i) =>
        file(pdf(`fit ${i}`), `fit-${i}.pdf`, "application/pdf"),
      ),
    );
    fits.append("removeTechPack", tender.techPack?.[0]?.url ?? "");
    expect((await editTender(await as(buyer), { tenderId: tender.id, form: fits })).ok).toBe(true);
    expect((await getOwnTender(app.db, owner, tender.id))?.techPack).toHaveLength(
      MAX_TECH_PACK_FILES,
    );
  });

  it("lets nobody else change it", async () => {
    const tender = await tenderWithPack();
    const form = tenderForm({ title: "Чужой", tenderId: tender.id });
    form.append("removeTechPack", tender.techPack?.[0]?.url ?? "");
    const saved = await editTender(await as(otherBuyer), { tenderId: tender.id, form });
    expect(saved).toMatchObject({ ok: false, problem: "not-updated" });
    expect((await getOwnTender(app.db, owner, tender.id))?.techPack).toEqual(tender.techPack);
  });
});

describe("who sees and downloads the tech pack", () => {
  it("lists it on the tender page for the owner and a factory with a profile only", async () => {
    const tender = await tenderWithPack();
    const page = async (person: Person | null) =>
      (
        await app.get(tenderLoader, `/tenders/${tender.id}`, {
          as: person,
          params: { id: tender.id },
        })
      ).data as Record<string, unknown>;
    const names = (data: Record<string, unknown>) =>
      (data.techPack as { name: string }[] | undefined)?.map((f) => f.name);
    expect(names(await page(buyer))).toEqual(["Спецификация.pdf", "эскиз.png"]);
    expect(names(await page(factory))).toEqual(["Спецификация.pdf", "эскиз.png"]);
    for (const person of [null, otherBuyer, bareFactory]) {
      const data = await page(person);
      expect(data.found).toBe(true);
      expect("techPack" in data).toBe(false);
    }
  });

  it("lists it on the owner's own tender page (/my-tenders/{id}), not for an admin", async () => {
    const tender = await tenderWithPack();
    const page = async (person: Person) =>
      await app.get(myTenderLoader, `/my-tenders/${tender.id}`, {
        as: person,
        params: { id: tender.id },
      });
    const own = await page(buyer);
    expect(own.status).toBe(200);
    const files = (own.data as { techPack: { name: string; url: string }[] | null }).techPack;
    expect(files?.map((f) => f.name)).toEqual(["Спецификация.pdf", "эскиз.png"]);
    expect(files?.map((f) => f.url)).toEqual(tender.techPack?.map((f) => f.url));
    // An admin sees the page but not the files, which the download route refuses them too.
    const admin = await app.signUp("buyer", "Администратор техпакета");
    await app.makeAdmin(admin);
    const seen = await page(admin);
    expect(seen.status).toBe(200);
    expect((seen.data as { techPack: unknown }).techPack).toBeNull();
    // Another buyer does not see the page at all.
    expect((await page(otherBuyer)).status).toBe(404);
  });

  it("downloads to the owner and a factory with a profile, as an attachment never kept", async () => {
    const tender = await tenderWithPack();
    const [spec, sketch] = tender.techPack ?? [];
    for (const person of [buyer, factory]) {
      const response = await downloadBody(tender.id, fileNameOf(spec?.url ?? ""), person);
      expect(response.status).toBe(200);
      expect(Buffer.from(await response.arrayBuffer()).equals(pdf("spec"))).toBe(true);
      expect(response.headers.get("cache-control")).toBe("private, no-store");
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
      expect(response.headers.get("content-type")).toBe("application/pdf");
      expect(response.headers.get("content-disposition")).toBe(
        `attachment; filename*=UTF-8''${encodeURIComponent("Спецификация.pdf")}`,
      );
    }
    const picture = await downloadBody(tender.id, fileNameOf(sketch?.url ?? ""), factory);
    expect(picture.status).toBe(200);
    expect(picture.headers.get("content-type")).toBe("image/webp");
    expect(picture.headers.get("content-disposition")).toBe(
      `attachment; filename*=UTF-8''${encodeURIComponent("эскиз.webp")}`,
    );
    expect(techPackHref(tender.id, spec ?? { url: "" })).toBe(
      `/tenders/${tender.id}/tech-pack/${fileNameOf(spec?.url ?? "")}`,
    );
  });

  it("answers 404 to a visitor, another buyer, a factory without a profile and a blocked one", async () => {
    const tender = await tenderWithPack();
    const name = fileNameOf(tender.techPack?.[0]?.url ?? "");
    await app.db
      .update(schema.users)
      .set({ banned: true })
      .where(eq(schema.users.id, blockedFactory.id));
    for (const person of [null, otherBuyer, bareFactory, blockedFactory]) {
      const reply = await download(tender.id, name, person);
      expect([person?.name ?? "visitor", reply.status]).toEqual([person?.name ?? "visitor", 404]);
      expect(reply.headers.get("cache-control")).toBe("private, no-store");
    }
  });

  it("answers 404 for a file of another tender, a thumbnail, a made-up or malformed name", async () => {
    const one = await tenderWithPack();
    const two = await tenderWithPack();
    const [spec, sketch] = one.techPack ?? [];
    const probes: [string, string][] = [
      [two.id, fileNameOf(spec?.url ?? "")],
      [one.id, fileNameOf(sketch?.url ?? "").replace(".webp", "-thumb.webp")],
      [one.id, "0b7c2f4e-8d1a-4c3b-9e5f-6a7b8c9d0e1f.pdf"],
      [one.id, "../../etc/passwd"],
      ["not-a-uuid", fileNameOf(spec?.url ?? "")],
    ];
    for (const [tenderId, name] of probes) {
      expect([name, (await download(tenderId, name, buyer)).status]).toEqual([name, 404]);
    }
  });

  it("shows a private tender's pack only to the factories it invited", async () => {
    const tender = await tenderWithPack({ private: "on" });
    const name = fileNameOf(tender.techPack?.[0]?.url ?? "");
    expect((await download(tender.id, name, factory)).status).toBe(404);
    const invited = await app.signUp("factory", "Приглашенная фабрика");
    const factoryId = await withFactory(invited, "Приглашенная");
    await app.db.insert(schema.tenderInvitations).values({ tenderId: tender.id, factoryId });
    expect((await download(tender.id, name, invited)).status).toBe(200);
    expect((await download(tender.id, name, factory)).status).toBe(404);
    expect((await download(tender.id, name, buyer)).status).toBe(200);
  });
});

describe("deleting the tender", () => {
  it("removes the tech pack's files", async () => {
    const tender = await tenderWithPack();
    const urls = (tender.techPack ?? []).map((f) => f.url);
    expect((await discardTender(await as(buyer), { tenderId: tender.id })).ok).toBe(true);
    for (const url of urls) expect(await storage.get(url)).toBeNull();
    expect(storedFiles().some((f) => urls.some((url) => url.endsWith(f)))).toBe(false);
  });
});

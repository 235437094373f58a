// A factory's certificates (issue 29) through the routes and their use cases: the factory adds a
// certification with its file (private: its owner and admins only), an admin rejects it with a
// note, the factory replaces the file (back to review, the old file gone), an admin verifies it;
// every decision is in the history, the factory is told in the app and by email in its language,
// and the factory's public page shows the verified ones only (never a pending, rejected or expired
// one, never a file). Removal takes the row and its file.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { sendNotificationEmails } from "~/features/notifications/mail-worker.server";
import type { NotificationPage } from "~/features/notifications/notifications.server";
import { schema } from "~/platform/db.server";
import { storageFor } from "~/platform/storage.server";
import { action as adminAction, loader as adminLoader } from "~/routes/admin-certificates";
import { loader as fileLoader } from "~/routes/certificate-files";
import { loader as factoryPageLoader } from "~/routes/factory";
import {
  action as certificatesAction,
  loader as certificatesLoader,
} from "~/routes/factory-certificates";
import { loader as dashboardLoader } from "~/routes/factory-dashboard";
import { loader as notificationsLoader } from "~/routes/notifications";
import type { Person } from "../support/app-harness";
import { redirectToast } from "../support/hostile";
import { png } from "../support/images";
import { testApp } from "../support/per-file";
import { pdfFile } from "../support/quote-forms";
import { recordingMailer } from "../support/recording-mailer";

const app = testApp();
const { mailer: recorder, sent } = recordingMailer();
const mailDeps = () => ({
  db: app.db,
  mailer: recorder,
  env: { BASE_URL: "https://fabricum.test", SITE_NAME: "Fabricum" },
});
const PATH = "/factory-dashboard/certificates";

let admin: Person;
let buyer: Person;

beforeAll(async () => {
  [admin, buyer] = await Promise.all([
    app.signUp("buyer", "Админ Сертификатов"),
    app.signUp("buyer", "Покупатель"),
  ]);
  await app.makeAdmin(admin);
});

/** A signed-up factory with its factory record (as the profile form makes it). */
async function factoryWith(
  name: string,
  { locale = "ru" as "ru" | "en", nameEn = null as string | null } = {},
) {
  const person = await app.signUp("factory", name);
  const [factory] = await app.db
    .insert(schema.factories)
    .values({ userId: person.id, name, nameEn, country: "uz", categories: ["knitwear"] })
    .returning({ id: schema.factories.id });
  if (!factory) throw new Error("no factory");
  await app.db.update(schema.profiles).set({ locale }).where(eq(schema.profiles.id, person.id));
  return { person, factoryId: factory.id };
}

const inDays = (days: number) => {
  const date = new Date(Date.now() + days * 24 * 3600_000);
  return date.toISOString().slice(0, 10);
};

function addForm(
  certification: string,
  file: File | string | null = pdfFile("oeko-tex.pdf"),
  validUntil = inDays(365),
) {
  const pairs: [string, string | Blob][] = [
    ["intent", "add"],
    ["certification", certification],
    ["validUntil", validUntil],
  ];
  if (file !== null) pairs.push(["file", file]);
  return pairs;
}

async function certificatesOf(factoryId: string) {
  return app.db
    .select()
    .from(schema.factoryCertificates)
    .where(eq(schema.factoryCertificates.factoryId, factoryId));
}

async function decisionsOf(certificateId: string) {
  return app.db
    .select()
    .from(schema.certificateDecisions)
    .where(eq(schema.certificateDecisions.certificateId, certificateId));
}

async function add(person: Person, certification = "oeko-tex-100", path = PATH) {
  return app.post(certificatesAction, path, { as: person, form: addForm(certification) });
}

async function decide(
  certificateId: string,
  decision: "verified" | "rejected",
  note: string,
  { as = admin, path = "/admin/certificates" }: { as?: Person; path?: string } = {},
) {
  return app.post(adminAction, path, {
    as,
    form: { intent: "decide", certificateId, decision, note },
  });
}

function fetchFile(as: Person | null, certificateId: string, file: string) {
  return app.get(fileLoader, `/certificate-files/${certificateId}/${file}`, {
    as,
    params: { certificateId, file },
  });
}

async function publicPage(factoryId: string) {
  const page = await app.get(factoryPageLoader, `/factory/${factoryId}`, {
    params: { id: factoryId },
  });
  return page.data as { certifications: { certification: string; validUntil: Date | null }[] };
}

describe("adding a certificate", () => {
  it("stores it as pending with its private file; shows it on the factory's pages", async () => {
    const { person, factoryId } = await factoryWith("Трикотаж Сертификат");
    const reply = await add(person);
    expect(reply.status, JSON.stringify(reply.data)).toBe(302);
    expect(reply.location).toBe(PATH);
    expect((await redirectToast(reply))?.description).toBe("Сертификат отправлен на проверку");
    const [row, ...more] = await certificatesOf(factoryId);
    expect(more).toHaveLength(0);
    expect(row).toMatchObject({ certification: "oeko-tex-100", status: "pending", note: null });
    expect(row?.validUntil?.toISOString().slice(0, 10)).toBe(inDays(365));
    expect(row?.file).toHaveLength(1);
    expect(row?.file[0]?.url).toMatch(/^attachments\/[0-9a-f-]{36}\.pdf$/);
    expect(await storageFor(app.runtime.env).get(row?.file[0]?.url ?? "")).not.toBeNull();

    const page = await app.get(certificatesLoader, PATH, { as: person });
    expect(page.data).toMatchObject({
      state: "ready",
      items: [{ certification: "oeko-tex-100", status: "pending", history: [] }],
    });
    const dashboard = await app.get(dashboardLoader, "/factory-dashboard", { as: person });
    expect(dashboard.data).toMatchObject({
      certificates: { pending: 1, verified: 0, rejected: 0 },
    });
    // Nothing of a pending certificate on the public page.
    expect((await publicPage(factoryId)).certifications).toEqual([]);

    // The same certification again: refused, nothing stored.
    const again = await add(person);
    expect(again.status).toBe(409);
    expect(JSON.stringify(again.data)).toContain("Этот сертификат уже добавлен");
    expect(await certificatesOf(factoryId)).toHaveLength(1);

    // A picture is a certificate file too.
    const picture = await app.post(certificatesAction, PATH, {
      as: person,
      form: addForm(
        "gots",
        new File([new Uint8Array(await png("#cc3344", 200, 200))], "gots.png", {
          type: "image/png",
        }),
      ),
    });
    expect(picture.status, JSON.stringify(picture.data)).toBe(302);
    const rows = await certificatesOf(factoryId);
    expect(rows.find((each) => each.certification === "gots")?.file[0]?.kind).toBe("image");
  });

  it("refuses bad input in the page's language and stores nothing", async () => {
    const { person, factoryId } = await factoryWith("Цех Ошибок");
    const cases: [string, [string, string | Blob][], number, string][] = [
      ["no file", addForm("gots", null), 400, "Attach the certificate file"],
      [
        "an empty file input",
        addForm("gots", new File([], "", { type: "application/octet-stream" })),
        400,
        "Attach the certificate file",
      ],
      [
        "a fake PDF",
        addForm("gots", new File(["not a pdf"], "scan.pdf", { type: "application/pdf" })),
        400,
        "scan.pdf",
      ],
      ["an unknown certification", addForm("iso-0000"), 400, "allowed"],
      ["a date in the past", addForm("gots", pdfFile(), inDays(-3)), 400, "already passed"],
      ["a date that is no date", addForm("gots", pdfFile(), "2026-02-31"), 400, "DD.MM.YYYY"],
      ["a date far ahead", addForm("gots", pdfFile(), inDays(365 * 30)), 400, "too far"],
      ["two files", [...addForm("gots"), ["file", pdfFile("second.pdf")]], 413, ""],
      ["a text for the file", addForm("gots", "just text"), 400, ""],
    ];
    for (const [what, form, status, text] of cases) {
      const reply = await app.post(certificatesAction, `/en${PATH}`, { as: person, form });
      expect(reply.status, what).toBe(status);
      expect(JSON.stringify(reply.data), what).toContain(text);
    }
    expect(await certificatesOf(factoryId)).toHaveLength(0);

    // An account without a factory: refused with words.
    const byBuyer = await add(buyer);
    expect(byBuyer.status).toBe(403);
    expect(JSON.stringify(byBuyer.data)).toContain("Сертификаты добавляет фабрика");
  });

  it("lets only the factory's owner and admins fetch the file", async () => {
    const { person, factoryId } = await factoryWith("Цех Приватный Сертификат");
    const other = await factoryWith("Чужой Цех Сертификатов");
    expect((await add(person)).status).toBe(302);
    const [row] = await certificatesOf(factoryId);
    const id = row?.id ?? "";
    const file = row?.file[0]?.url.split("/").pop() ?? "";
    const owner = await fetchFile(person, id, file);
    expect(owner.status).toBe(200);
    expect(owner.headers.get("cache-control")).toBe("private, no-store");
    expect(owner.headers.get("content-disposition")).toMatch(/^attachment;/);
    expect((await fetchFile(admin, id, file)).status).toBe(200);
    for (const stranger of [other.person, buyer, null]) {
      expect((await fetchFile(stranger, id, file)).status).toBe(404);
    }
    expect((await fetchFile(person, id, "../../etc/passwd")).status).toBe(404);
    expect((await fetchFile(person, "not-a-uuid", file)).status).toBe(404);
  });
});

describe("the admin's decisions and the history", () => {
  it("rejects with a note, the factory replaces the file, then it is verified and shown to everyone", async () => {
    const { person, factoryId } = await factoryWith("Фергана Тест Трикотаж");
    expect((await add(person)).status).toBe(302);
    const [first] = await certificatesOf(factoryId);
    const id = first?.id ?? "";
    const firstFile = first?.file[0]?.url ?? "";

    // The queue lists it with its file.
    const queue = await app.get(adminLoader, "/admin/certificates", { as: admin });
    const pending = (queue.data as { list: { pending: { id: string; file: unknown }[] } }).list
      .pending;
    expect(pending.find((row) => row.id === id)?.file).toMatchObject({ kind: "pdf" });

    // A rejection needs a note.
    const bare = await decide(id, "rejected", "   ");
    expect(bare.status).toBe(400);
    expect((bare.data as { toast?: { description: string } }).toast?.description).toBe(
      "Напишите, почему сертификат отклонен: фабрика увидит комментарий",
    );
    expect((await certificatesOf(factoryId))[0]?.status).toBe("pending");

    const rejected = await decide(id, "rejected", "Скан нечитаемый, пришлите PDF");
    expect(rejected.status).toBe(302);
    expect((await redirectToast(rejected))?.type).toBe("success");
    expect((await certificatesOf(factoryId))[0]).toMatchObject({
      status: "rejected",
      note: "Скан нечитаемый, пришлите PDF",
      decidedBy: admin.id,
    });
    // Deciding again: it is not pending any more.
    const twice = await decide(id, "verified", "");
    expect(twice.status).toBe(409);

    // The factory is told in the app, with the certification and the note, and by email.
    const list = await app.get(notificationsLoader, "/notifications", { as: person });
    const items = (list.data as { list: NotificationPage }).list.items;
    expect(items[0]).toMatchObject({
      kind: "certificate-rejected",
      certification: "oeko-tex-100",
      note: "Скан нечитаемый, пришлите PDF",
    });
    sent.length = 0;
    await sendNotificationEmails(mailDeps());
    const letter = sent.find((each) => each.to === person.email);
    expect(letter?.subject).toBe("Сертификат OEKO-TEX Standard 100 отклонен");
    expect(letter?.text).toContain("Комментарий администратора: Скан нечитаемый, пришлите PDF");
    expect(letter?.text).toContain(`https://fabricum.test${PATH}`);

    // The factory replaces the file: back to review, the note cleared, the old file gone.
    const replaced = await app.post(certificatesAction, PATH, {
      as: person,
      form: [
        ["intent", "replace"],
        ["certificateId", id],
        ["validUntil", inDays(400)],
        ["file", pdfFile("oeko-tex-full.pdf")],
      ],
    });
    expect(replaced.status, JSON.stringify(replaced.data)).toBe(302);
    const [again] = await certificatesOf(factoryId);
    expect(again).toMatchObject({ id, status: "pending", note: null, decidedAt: null });
    expect(again?.file[0]?.name).toBe("oeko-tex-full.pdf");
    const storage = storageFor(app.runtime.env);
    expect(await storage.get(firstFile)).toBeNull();
    expect(await storage.get(again?.file[0]?.url ?? "")).not.toBeNull();

    const verified = await decide(id, "verified", "", { path: "/en/admin/certificates" });
    expect(verified.location).toBe("/en/admin/certificates");
    expect((await redirectToast(verified))?.description).toBe(
      "Certificate verified; the factory will be notified",
    );
    expect((await decisionsOf(id)).map((row) => row.status).sort()).toEqual([
      "rejected",
      "verified",
    ]);

    // The history, newest first, on the factory's page and in the admins' list.
    const own = await app.get(certificatesLoader, PATH, { as: person });
    expect(own.data).toMatchObject({
      items: [
        {
          status: "verified",
          history: [
            { status: "verified", note: null },
            { status: "rejected", note: "Скан нечитаемый, пришлите PDF" },
          ],
        },
      ],
    });
    const decided = await app.get(adminLoader, "/admin/certificates", { as: admin });
    const history = (
      decided.data as { list: { decided: { items: { id: string; history: unknown[] }[] } } }
    ).list.decided.items;
    expect(history.find((row) => row.id === id)?.history).toHaveLength(2);

    // Everyone sees it now: the label and the last day, nothing else.
    const shown = (await publicPage(factoryId)).certifications;
    expect(shown).toHaveLength(1);
    expect(Object.keys(shown[0] ?? {}).sort()).toEqual(["certification", "validUntil"]);
    expect(shown[0]?.certification).toBe("oeko-tex-100");
  });

  it("tells an English-speaking factory in English", async () => {
    const { person, factoryId } = await factoryWith("Цех Англ", {
      locale: "en",
      nameEn: "Tashkent Knit",
    });
    expect((await add(person, "gots")).status).toBe(302);
    const [row] = await certificatesOf(factoryId);
    expect((await decide(row?.id ?? "", "verified", "All good")).status).toBe(302);
    sent.length = 0;
    await sendNotificationEmails(mailDeps());
    const letter = sent.find((each) => each.to === person.email);
    expect(letter?.subject).toBe("Your GOTS certificate is verified");
    expect(letter?.text).toContain("Tashkent Knit");
    expect(letter?.text).toContain("Administrator's note: All good");
    expect(letter?.text).toContain(`https://fabricum.test/en${PATH}`);
  });

  it("lets only admins decide, and hides expired and rejected certificates from buyers", async () => {
    const { person, factoryId } = await factoryWith("Цех Истекший");
    expect((await add(person, "iso-9001")).status).toBe(302);
    expect((await add(person, "wrap")).status).toBe(302);
    const rows = await certificatesOf(factoryId);
    const iso = rows.find((row) => row.certification === "iso-9001")?.id ?? "";
    const wrap = rows.find((row) => row.certification === "wrap")?.id ?? "";
    for (const stranger of [person, buyer]) {
      const reply = await decide(iso, "verified", "", { as: stranger });
      expect(reply.status).toBe(403);
    }
    expect((await certificatesOf(factoryId)).every((row) => row.status === "pending")).toBe(true);
    expect((await decide(iso, "verified", "")).status).toBe(302);
    expect((await decide(wrap, "rejected", "Не тот документ")).status).toBe(302);
    expect((await publicPage(factoryId)).certifications.map((row) => row.certification)).toEqual([
      "iso-9001",
    ]);
    // Its last day passed: buyers no longer see it.
    await app.db
      .update(schema.factoryCertificates)
      .set({ validUntil: new Date(Date.now() - 3 * 24 * 3600_000) })
      .where(eq(schema.factoryCertificates.id, iso));
    expect((await publicPage(factoryId)).certifications).toEqual([]);
    // An unknown certificate.
    const unknown = await decide("00000000-0000-4000-8000-000000000000", "verified", "");
    expect(unknown.status).toBe(404);
  });
});

describe("removing a certificate", () => {
  it("takes the row, its history and its file; only the owner may", async () => {
    const { person, factoryId } = await factoryWith("Цех Удаление");
    const other = await factoryWith("Чужой Цех Удаление");
    expect((await add(person)).status).toBe(302);
    const [row] = await certificatesOf(factoryId);
    const id = row?.id ?? "";
    expect((await decide(id, "rejected", "Нет печати")).status).toBe(302);
    const remove = (as: Person) =>
      app.post(certificatesAction, PATH, {
        as,
        form: { intent: "remove", certificateId: id },
      });
    expect((await remove(other.person)).status).toBe(404);
    expect(await certificatesOf(factoryId)).toHaveLength(1);
    const removed = await remove(person);
    expect(removed.status).toBe(302);
    expect((await redirectToast(removed))?.description).toBe("Сертификат удален");
    expect(await certificatesOf(factoryId)).toHaveLength(0);
    expect(await decisionsOf(id)).toHaveLength(0);
    expect(await storageFor(app.runtime.env).get(row?.file[0]?.url ?? "")).toBeNull();
  });
});

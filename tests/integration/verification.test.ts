// A factory's verification (issue 26, item 11) through the routes: the factory sends a request
// with documents from its dashboard (one open at a time), the documents are private (its owner
// and admins only), the admins are told, an admin verifies or refuses it with a note on
// /admin/verifications (or verifies directly in the user dialog), the factory is told in the app
// and by email in its language, the badge and the directory's count follow, and a refused
// factory may ask again. Deleting the account takes the requests and their files.
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { verification as verificationRu } from "~/domain/messages/verification";
import { countDirectory } from "~/features/factories/factories.server";
import { deleteAccount } from "~/features/factories/profiles.server";
import { sendNotificationEmails } from "~/features/notifications/mail-worker.server";
import type { NotificationPage } from "~/features/notifications/notifications.server";
import { schema } from "~/platform/db.server";
import { storageFor } from "~/platform/storage.server";
import { action as adminAction } from "~/routes/admin";
import {
  action as verificationsAction,
  loader as verificationsLoader,
} from "~/routes/admin-verifications";
import { action as dashboardAction, loader as dashboardLoader } from "~/routes/factory-dashboard";
import { loader as notificationsLoader } from "~/routes/notifications";
import { loader as documentLoader } from "~/routes/verification-documents";
import type { Person } from "../support/app-harness";
import { redirectToast } from "../support/hostile";
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

let admin: Person;
let secondAdmin: Person;
let buyer: Person;

beforeAll(async () => {
  [admin, secondAdmin, buyer] = await Promise.all([
    app.signUp("buyer", "Админ Один"),
    app.signUp("buyer", "Админ Два"),
    app.signUp("buyer", "Покупатель"),
  ]);
  await app.makeAdmin(admin);
  await app.makeAdmin(secondAdmin);
});

/** A signed-up factory with its factory record (as the profile form makes it). */
async function factoryWith(
  name: string,
  { locale = "ru" as "ru" | "en", nameEn = null as string | null } = {},
) {
  const person = await app.signUp("factory", name);
  const [factory] = await app.db
    .insert(schema.factories)
    .values({ userId: person.id, name, nameEn, country: "kg", categories: ["outerwear"] })
    .returning({ id: schema.factories.id });
  if (!factory) throw new Error("no factory");
  await app.db.update(schema.profiles).set({ locale }).where(eq(schema.profiles.id, person.id));
  return { person, factoryId: factory.id };
}

function requestForm(files: (File | string)[], message = "Просим проверить") {
  return [
    ["intent", "request-verification"],
    ["message", message],
    ...files.map((file) => ["documents", file] as [string, string | Blob]),
  ] as [string, string | Blob][];
}

async function requestsOf(factoryId: string) {
  return app.db
    .select()
    .from(schema.verificationRequests)
    .where(eq(schema.verificationRequests.factoryId, factoryId));
}

async function notificationsOf(userId: string) {
  return app.db.select().from(schema.notifications).where(eq(schema.notifications.userId, userId));
}

async function sendRequest(person: Person, path = "/factory-dashboard") {
  return app.post(dashboardAction, path, {
    as: person,
    form: requestForm([pdfFile("выписка.pdf")]),
  });
}

async function decide(
  requestId: string,
  decision: "verified" | "refused",
  note: string,
  path = "/admin/verifications",
) {
  return app.post(verificationsAction, path, {
    as: admin,
    form: { intent: "decide", requestId, decision, note },
  });
}

describe("asking to be verified", () => {
  it("stores the request with its documents privately and tells every admin; one open at a time", async () => {
    const { person, factoryId } = await factoryWith("Швейный Цех Проверка");
    const empty = await app.get(dashboardLoader, "/factory-dashboard", { as: person });
    expect(empty.data).toMatchObject({
      verification: { state: { status: "none" }, canRequest: true },
    });

    const reply = await sendRequest(person);
    expect(reply.status, JSON.stringify(reply.data)).toBe(302);
    expect(reply.location).toBe("/factory-dashboard#verification");
    const [request, ...more] = await requestsOf(factoryId);
    expect(more).toHaveLength(0);
    expect(request).toMatchObject({
      status: "pending",
      message: "Просим проверить",
      userId: person.id,
    });
    expect(request?.documents).toHaveLength(1);
    const document = request?.documents[0];
    expect(document).toMatchObject({ kind: "pdf", name: "выписка.pdf" });
    // Kept in the private folder, never under /uploads/.
    expect(document?.url).toMatch(/^attachments\/[0-9a-f-]{36}\.pdf$/);
    const storage = storageFor(app.runtime.env);
    expect(await storage.get(document?.url ?? "")).not.toBeNull();

    for (const each of [admin, secondAdmin]) {
      const told = (await notificationsOf(each.id)).filter((row) => row.factoryId === factoryId);
      expect(told.map((row) => row.kind)).toEqual(["verification-requested"]);
      expect(told[0]).toMatchObject({ actorId: person.id, tenderTitle: null });
    }
    const page = await app.get(dashboardLoader, "/factory-dashboard", { as: person });
    expect(page.data).toMatchObject({
      verification: { state: { status: "pending" }, canRequest: false },
    });

    // A second request while the first is open: refused, nothing stored.
    const again = await sendRequest(person);
    expect(again.status).toBe(409);
    expect(await requestsOf(factoryId)).toHaveLength(1);

    // The admins' letters name the factory and lead to the queue.
    sent.length = 0;
    await sendNotificationEmails(mailDeps());
    const letters = sent.filter((letter) => letter.text.includes("Швейный Цех Проверка"));
    expect(letters.map((letter) => letter.to).sort()).toEqual(
      [admin.email, secondAdmin.email].sort(),
    );
    expect(letters[0]?.subject).toBe("Заявка на проверку: «Швейный Цех Проверка»");
    expect(letters[0]?.text).toContain("https://fabricum.test/admin/verifications");

    // The admin's page lists it with its document.
    const queue = await app.get(verificationsLoader, "/admin/verifications", { as: admin });
    const open = (queue.data as { list: { open: { id: string; documents: unknown[] }[] } }).list
      .open;
    expect(open.find((row) => row.id === request?.id)?.documents).toHaveLength(1);
  });

  it("refuses a request without documents, or with a fake PDF, in the page's language", async () => {
    const { person, factoryId } = await factoryWith("Цех Без Документов");
    const none = await app.post(dashboardAction, "/en/factory-dashboard", {
      as: person,
      form: requestForm([new File([], "", { type: "application/octet-stream" })]),
    });
    expect(none.status).toBe(400);
    expect(JSON.stringify(none.data)).toContain("Attach at least one document");
    const fake = await app.post(dashboardAction, "/factory-dashboard", {
      as: person,
      form: requestForm([new File(["not a pdf"], "scan.pdf", { type: "application/pdf" })]),
    });
    expect(fake.status).toBe(400);
    expect(JSON.stringify(fake.data)).toContain("scan.pdf");
    expect(await requestsOf(factoryId)).toHaveLength(0);
    // A buyer has no verification to ask for.
    const byBuyer = await app.post(dashboardAction, "/factory-dashboard", {
      as: buyer,
      form: requestForm([pdfFile()]),
    });
    expect(byBuyer.status).toBe(403);
    expect(JSON.stringify(byBuyer.data)).toContain(verificationRu.problems["no-factory"]);
  });

  it("lets only the factory's owner and admins download the documents", async () => {
    const { person } = await factoryWith("Цех Приватные Файлы");
    const other = await factoryWith("Чужой Цех");
    expect((await sendRequest(person)).status).toBe(302);
    const [request] = await app.db
      .select()
      .from(schema.verificationRequests)
      .where(eq(schema.verificationRequests.userId, person.id));
    const file = request?.documents[0]?.url.split("/").pop() ?? "";
    const fetch = (as: Person | null, requestId = request?.id ?? "", name = file) =>
      app.get(documentLoader, `/verification-documents/${requestId}/${name}`, {
        as,
        params: { requestId, file: name },
      });
    const owner = await fetch(person);
    expect(owner.status).toBe(200);
    expect(owner.headers.get("cache-control")).toBe("private, no-store");
    expect(owner.headers.get("content-disposition")).toMatch(/^attachment;/);
    expect((await fetch(admin)).status).toBe(200);
    for (const stranger of [other.person, buyer, null]) {
      expect((await fetch(stranger)).status).toBe(404);
    }
    expect((await fetch(person, request?.id, "../../etc/passwd")).status).toBe(404);
  });
});

describe("the admin's decision", () => {
  it("refuses with a note: the factory is told in the app and by email, and may ask again", async () => {
    const { person, factoryId } = await factoryWith("Цех Отказ");
    expect((await sendRequest(person)).status).toBe(302);
    const [request] = await requestsOf(factoryId);
    const id = request?.id ?? "";

    // A refusal needs a note.
    const bare = await decide(id, "refused", "  ");
    expect((await redirectToast(bare))?.description).toBe(
      "Напишите фабрике, почему проверка не пройдена",
    );
    expect((await requestsOf(factoryId))[0]?.status).toBe("pending");

    const refused = await decide(id, "refused", "Выписка устарела, пришлите свежую");
    expect(refused.status).toBe(302);
    expect((await redirectToast(refused))?.type).toBe("success");
    const [row] = await requestsOf(factoryId);
    expect(row).toMatchObject({
      status: "refused",
      decisionNote: "Выписка устарела, пришлите свежую",
      decidedBy: admin.id,
    });
    const [factory] = await app.db
      .select({ verifiedAt: schema.factories.verifiedAt })
      .from(schema.factories)
      .where(eq(schema.factories.id, factoryId));
    expect(factory?.verifiedAt).toBeNull();

    const told = await notificationsOf(person.id);
    expect(told.map((each) => [each.kind, each.note])).toEqual([
      ["verification-refused", "Выписка устарела, пришлите свежую"],
    ]);
    const list = await app.get(notificationsLoader, "/notifications", { as: person });
    const items = (list.data as { list: NotificationPage }).list.items;
    expect(items[0]).toMatchObject({
      kind: "verification-refused",
      note: "Выписка устарела, пришлите свежую",
    });

    sent.length = 0;
    await sendNotificationEmails(mailDeps());
    const letter = sent.find((each) => each.to === person.email);
    expect(letter?.subject).toBe("Фабрика не прошла проверку");
    expect(letter?.text).toContain("Комментарий администратора: Выписка устарела, пришлите свежую");
    expect(letter?.text).toContain("https://fabricum.test/factory-dashboard#verification");

    // Deciding again is refused; the refused factory may ask again.
    expect((await redirectToast(await decide(id, "verified", "")))?.type).toBe("error");
    const page = await app.get(dashboardLoader, "/factory-dashboard", { as: person });
    expect(page.data).toMatchObject({
      verification: {
        state: { status: "refused", note: "Выписка устарела, пришлите свежую" },
        canRequest: true,
      },
    });
    expect((await sendRequest(person)).status).toBe(302);
    expect((await requestsOf(factoryId)).map((each) => each.status).sort()).toEqual([
      "pending",
      "refused",
    ]);
  });

  it("verifies with a note: the badge, the directory's count and an English letter follow", async () => {
    const { person, factoryId } = await factoryWith("Цех Проверен", {
      locale: "en",
      nameEn: "Verified Works",
    });
    expect((await sendRequest(person)).status).toBe(302);
    const [request] = await requestsOf(factoryId);
    const filters = {
      verified: true,
      category: null,
      country: "kg",
      city: null,
      q: null,
      page: 1,
    } as const;
    const countBefore = await countDirectory(app.db, filters);

    const reply = await decide(
      request?.id ?? "",
      "verified",
      "Documents checked",
      "/en/admin/verifications",
    );
    expect(reply.location).toBe("/en/admin/verifications");
    expect((await redirectToast(reply))?.description).toBe("The factory is marked as verified");
    const [factory] = await app.db
      .select()
      .from(schema.factories)
      .where(eq(schema.factories.id, factoryId));
    expect(factory?.verifiedAt).not.toBeNull();
    expect(factory).toMatchObject({ verifiedBy: admin.id, verificationNote: "Documents checked" });
    expect(await countDirectory(app.db, filters)).toBe(countBefore + 1);

    const page = await app.get(dashboardLoader, "/en/factory-dashboard", { as: person });
    expect(page.data).toMatchObject({
      verification: { state: { status: "verified", note: "Documents checked" }, canRequest: false },
    });
    // A verified factory cannot ask again.
    expect((await sendRequest(person)).status).toBe(409);

    sent.length = 0;
    await sendNotificationEmails(mailDeps());
    const letter = sent.find((each) => each.to === person.email);
    expect(letter?.subject).toBe("Your factory is verified");
    expect(letter?.text).toContain('"Verified Works"');
    expect(letter?.text).toContain("Administrator's note: Documents checked");
    expect(letter?.text).toContain("https://fabricum.test/en/factory-dashboard#verification");

    // The history shows the decision with its note.
    const queue = await app.get(verificationsLoader, "/admin/verifications", { as: admin });
    const history = (
      queue.data as {
        list: { history: { items: { id: string; status: string; decisionNote: string }[] } };
      }
    ).list.history.items;
    expect(history.find((row) => row.id === request?.id)).toMatchObject({
      status: "verified",
      decisionNote: "Documents checked",
    });
  });

  it("the direct verify of the user dialog closes the open request and tells the factory; revoking tells it too", async () => {
    const { person, factoryId } = await factoryWith("Цех Напрямую");
    expect((await sendRequest(person)).status).toBe(302);
    const verify = await app.post(adminAction, "/admin", {
      as: admin,
      form: { intent: "verify", factoryId, userId: person.id, note: "Проверено по звонку" },
    });
    expect((await redirectToast(verify))?.type).toBe("success");
    expect((await requestsOf(factoryId)).map((each) => [each.status, each.decisionNote])).toEqual([
      ["verified", "Проверено по звонку"],
    ]);
    const revoke = await app.post(adminAction, "/admin", {
      as: admin,
      form: { intent: "revoke", factoryId, userId: person.id, note: "Жалобы покупателей" },
    });
    expect((await redirectToast(revoke))?.type).toBe("success");
    const kinds = (await notificationsOf(person.id)).map((each) => each.kind).sort();
    expect(kinds).toEqual(["factory-verified", "verification-revoked"]);
    const page = await app.get(dashboardLoader, "/factory-dashboard", { as: person });
    expect(page.data).toMatchObject({
      verification: { state: { status: "revoked", note: "Жалобы покупателей" }, canRequest: true },
    });
  });

  it("is for admins only", async () => {
    const { person, factoryId } = await factoryWith("Цех Чужие Руки");
    expect((await sendRequest(person)).status).toBe(302);
    const [request] = await requestsOf(factoryId);
    for (const actor of [person, buyer]) {
      const reply = await app.post(verificationsAction, "/admin/verifications", {
        as: actor,
        form: { intent: "decide", requestId: request?.id ?? "", decision: "verified", note: "" },
      });
      expect(reply.status).toBe(403);
    }
    const visitor = await app.post(verificationsAction, "/admin/verifications", {
      form: { intent: "decide", requestId: request?.id ?? "", decision: "verified", note: "" },
    });
    expect(visitor.status).toBe(302);
    expect(visitor.location).toMatch(/^\/login/);
    expect((await requestsOf(factoryId))[0]?.status).toBe("pending");
  });
});

describe("deleting the account", () => {
  it("takes the requests, their notifications and the stored documents", async () => {
    const { person, factoryId } = await factoryWith("Цех Удаление");
    expect((await sendRequest(person)).status).toBe(302);
    const [request] = await requestsOf(factoryId);
    const url = request?.documents[0]?.url ?? "";
    const files = await deleteAccount(app.db, await app.userOf(person));
    expect(files).toContain(url);
    expect(await requestsOf(factoryId)).toHaveLength(0);
    const left = await app.db
      .select()
      .from(schema.notifications)
      .where(and(eq(schema.notifications.factoryId, factoryId)));
    expect(left).toHaveLength(0);
  });
});

// The authorisation matrix (issue 7): every state-changing route action and service is tried by a
// visitor, another buyer, another factory, the owner of the row and an admin, with the real ids of
// the owner's rows (and the ids pushed into extra fields such as userId or factoryId). Only the
// allowed attempts may change anything: after each attempt the owner's rows (users, accounts,
// sessions, profile, factory, products, tenders, incl. updated_at) and the stored files they
// point to are compared with a snapshot taken before it. Each cell gets a fresh row where the
// attempt could use it up (a new tender, product, target account, ...), so cells are independent.
// The matrix is printed as a table after the run; every cell is an assertion.
// A second section (issue 14) does the same for the rows of a quote, with their own columns:
// the tender's owner, the quoting factory, another factory, another buyer, visitor and admin.
// Last, with the rows of every cell in place, each stored file a row names must sit in a column
// the schema declares as a file column (FILE_COLUMNS), where account deletion finds it.
import { randomUUID } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { and, eq, getTableColumns, getTableName, inArray, is } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Attachment } from "~/domain/attachments";
import { m } from "~/domain/messages";
import { isStorageKey, keyFromUrl } from "~/domain/uploads";
import { signIn } from "~/features/accounts/accounts.server";
import {
  blockUser,
  decideVerification,
  setFactoryVerified,
  unblockUser,
} from "~/features/admin/admin.server";
import {
  addCertificate,
  decideCertificate,
  findCertificateFile,
  removeCertificate,
  replaceCertificateFile,
} from "~/features/certificates/certificates.server";
import { saveCapabilities } from "~/features/factories/capabilities.server";
import {
  ensureNotificationSettings,
  insertNotifications,
  markNotificationsRead,
  openNotification,
  saveNotificationSettings,
  unsubscribeByToken,
} from "~/features/notifications/notifications.server";
import {
  addProductImage,
  createProduct,
  deleteProduct,
  removeProductImage,
  updateProduct,
} from "~/features/products/products.server";
import { openConversation, postMessage } from "~/features/quotes/conversations.server";
import { findAttachment } from "~/features/quotes/quote-attachments.server";
import {
  acceptQuote,
  declineQuote,
  listTenderQuotes,
  removeQuoteAttachment,
  resubmitQuote,
  setShortlisted,
  submitQuote,
  updateQuote,
  withdrawQuote,
} from "~/features/quotes/quotes.server";
import { findTechPackFile } from "~/features/tenders/tech-pack.server";
import {
  addTenderPhotos,
  createTender,
  deleteTender,
  notifyTenderClosed,
  removeTenderPhoto,
  setTenderStatus,
  updateTender,
} from "~/features/tenders/tenders.server";
import {
  findVerificationDocument,
  requestVerification,
} from "~/features/verification/verification.server";
import type { CurrentUser } from "~/platform/actor.server";
import { storeAttachments } from "~/platform/attachments.server";
import { schema } from "~/platform/db.server";
import { fileColumnKeys, fileUrlsIn } from "~/platform/file-columns.server";
import { storageFor, type UploadFolder } from "~/platform/storage.server";
import type { UseCaseContext } from "~/platform/use-case.server";
import * as adminRoute from "~/routes/admin";
import * as certificatesAdminRoute from "~/routes/admin-certificates";
import * as verificationsRoute from "~/routes/admin-verifications";
import * as apiAuthRoute from "~/routes/api.auth";
import * as attachmentsRoute from "~/routes/attachments";
import * as certificateFilesRoute from "~/routes/certificate-files";
import * as certificatesRoute from "~/routes/factory-certificates";
import * as dashboardRoute from "~/routes/factory-dashboard";
import * as productsRoute from "~/routes/factory-products";
import * as languageRoute from "~/routes/language";
import * as myQuotesRoute from "~/routes/my-quotes";
import * as myTenderRoute from "~/routes/my-tender";
import * as myTendersRoute from "~/routes/my-tenders";
import * as notificationSettingsRoute from "~/routes/notification-settings";
import * as notificationsRoute from "~/routes/notifications";
import * as placeTenderRoute from "~/routes/place-tender";
import * as profileRoute from "~/routes/profile";
import * as capabilitiesRoute from "~/routes/profile-capabilities";
import * as conversationRoute from "~/routes/quote-conversation";
import * as registerRoute from "~/routes/register";
import * as savedFactoriesRoute from "~/routes/saved-factories";
import * as tenderInvitationRoute from "~/routes/tender-invitation";
import * as tenderInvitationsRoute from "~/routes/tender-invitations";
import * as tenderQuoteRoute from "~/routes/tender-quote";
import * as tenderTechPackRoute from "~/routes/tender-tech-pack";
import * as unsubscribeRoute from "~/routes/unsubscribe";
import * as verificationDocumentsRoute from "~/routes/verification-documents";
import type { NotificationKind } from "~db/schema";
import { contextOf, formOf } from "../support/actor-context";
import { BASE_URL, type Person, type Reply, routeArgs } from "../support/app-harness";
import { png, storedImage, uploadedFile } from "../support/images";
import { testApp } from "../support/per-file";
import { pdfFile, quoteInput } from "../support/quote-forms";
import { rowWhere } from "../support/rows";
import { testDatabaseKind } from "../support/test-db";
import { readUntilWritten } from "../support/unchanged";

type ActorKey = "visitor" | "otherBuyer" | "otherFactory" | "owner" | "admin";
const ACTORS: readonly ActorKey[] = ["visitor", "otherBuyer", "otherFactory", "owner", "admin"];
const HEADINGS: Record<ActorKey, string> = {
  visitor: "visitor",
  otherBuyer: "other buyer",
  otherFactory: "other factory",
  owner: "owner",
  admin: "admin",
};
const PASSWORD = "secret-password-1";

const app = testApp();
let ownerBuyer: Person;
let ownerFactory: Person;
let otherBuyer: Person;
let otherFactory: Person;
let admin: Person;
let ownerFactoryId: string;

beforeAll(async () => {
  ownerBuyer = await app.signUp("buyer", "Владелец Покупатель");
  ownerFactory = await app.signUp("factory", "Фабрика Владельца");
  otherBuyer = await app.signUp("buyer", "Чужой Покупатель");
  otherFactory = await app.signUp("factory", "Чужая Фабрика");
  admin = await app.signUp("buyer", "Администратор");
  await app.makeAdmin(admin);
  // The factories' profiles through the real form (creates their factory rows).
  for (const factory of [ownerFactory, otherFactory]) {
    const reply = await app.post(profileRoute.action, "/profile", {
      as: factory,
      form: factoryForm(factory.name),
    });
    expect(reply.status, JSON.stringify(reply.data)).toBe(302);
  }
  ownerFactoryId = (await factoryOf(ownerFactory.id))?.id as string;
  expect(ownerFactoryId).toBeTruthy();
});

afterAll(async () => {
  printMatrices();
});

// ---------------------------------------------------------------------------------------------
// Forms as the real pages send them

function factoryForm(name: string): [string, string][] {
  return [
    ["intent", "save"],
    ["name", name],
    ["email", "sales@example.com"],
    ["phone", "+996 555 12-34-56"],
    ["website", "https://example.com"],
    ["whatsappNumber", "+996 555 12-34-56"],
    ["telegramUrl", "@factory"],
    ["instagramUrl", "factory"],
    ["country", "kg"],
    ["city", "kg_1"],
    ["address", "ул. Ленина, 1"],
    ["categories", "outerwear"],
    ["categories", "tops"],
    ["description", "Шьём куртки и худи."],
  ];
}

function buyerForm(name: string): [string, string][] {
  return [
    ["intent", "save"],
    ["name", name],
    ["phone", "+7 900 123-45-67"],
    ["whatsappNumber", "+7 900 123-45-67"],
    ["telegramUrl", "@buyer"],
    ["instagramUrl", "buyer"],
    ["aboutMe", "Закупаем оптом."],
  ];
}

function productForm(name: string): [string, string | Blob][] {
  return [
    ["intent", "save"],
    ["name", name],
    ["clothingType", "jacket"],
    ["price", "25,50"],
    ["currency", "USD"],
    ["quantityProduced", "1000"],
    ["productionTime", "30 дней"],
    ["colors", "Чёрный"],
    ["materials", "cotton"],
    ["description", "Куртка на синтепоне."],
  ];
}

function tenderForm(title: string): [string, string | Blob][] {
  return [
    ["title", title],
    ["description", "Нужна партия худи."],
    ["category", "unisex"],
    ["quantity", "300"],
    ["country", "kg"],
    ["city", "kg_1"],
    ["requirements", "Хлопок 100%"],
    ["phone", "+996 555 12-34-56"],
    ["whatsapp", "+996 555 12-34-56"],
    ["telegram", "@buyer"],
    ["budget", "4500"],
    ["currency", "USD"],
  ];
}

/** Ids of someone else's rows pushed into every field name a handler might trust. */
function injected(target: { userId: string; factoryId?: string }): [string, string][] {
  return [
    ["userId", target.userId],
    ["id", target.userId],
    ["ownerId", target.userId],
    ["profileId", target.userId],
    ["user_id", target.userId],
    ["factoryId", target.factoryId ?? target.userId],
  ];
}

// ---------------------------------------------------------------------------------------------
// Files, people, rows

const COLORS = ["#c8322f", "#2e8a57", "#2f5fb3", "#d4a017", "#6a3d9a"];
let colorIndex = 0;
const nextColor = () => COLORS[colorIndex++ % COLORS.length] as string;

async function pngFile(name = "photo.png"): Promise<File> {
  return new File([new Uint8Array(await png(nextColor()))], name, { type: "image/png" });
}

const stored = (folder: UploadFolder) =>
  storedImage(storageFor(app.runtime.env), folder, nextColor());

const fileOf = (url: string) => uploadedFile(path.join(app.dataDir, "uploads"), url);

const currentUser = (person: Person) => app.userOf(person);

const factoryOf = (userId: string) => rowWhere(app.db, schema.factories, "userId", userId);

const tenderRow = (id: string) => rowWhere(app.db, schema.tenders, "id", id);

const productRow = (id: string) => rowWhere(app.db, schema.factoryProducts, "id", id);

const profileRow = (id: string) => rowWhere(app.db, schema.profiles, "id", id);

const userRow = (id: string) => rowWhere(app.db, schema.users, "id", id);

/** A fresh active tender of the owner buyer with two stored photos. */
async function freshTender(status: "active" | "closed" = "active") {
  const owner = await currentUser(ownerBuyer);
  const photos = [await stored("tenders"), await stored("tenders")];
  const tender = await createTender(app.db, owner, formObject(tenderForm("Пошив худи")), photos);
  if (status === "closed") await setTenderStatus(app.db, owner, tender.id, "closed");
  return { tenderId: tender.id, photos };
}

/** A fresh active tender of the owner buyer with two photos and a tech pack of two PDFs. */
async function freshTenderWithPack() {
  const tender = await freshTender();
  const techPack = await storedAttachments([pdfFile("spec.pdf"), pdfFile("patterns.pdf")]);
  await app.db
    .update(schema.tenders)
    .set({ techPack })
    .where(eq(schema.tenders.id, tender.tenderId));
  return { ...tender, techPack };
}

/** A fresh product of the owner factory with two stored pictures. */
async function freshProduct() {
  const owner = await currentUser(ownerFactory);
  const images = [await stored("products"), await stored("products")];
  const product = await createProduct(
    app.db,
    owner,
    formObject(productForm("Куртка зимняя")),
    images,
  );
  if (!product.ok) throw new Error(`the product was not created: ${product.problem}`);
  return { productId: product.value.id, images };
}

/** A fresh buyer account (with a tender and photos) that admin actions or deletion aim at. */
async function freshTarget(name = "Цель") {
  const person = await app.signUp("buyer", name);
  const user = await currentUser(person);
  await createTender(app.db, user, formObject(tenderForm("Заказ цели")), [await stored("tenders")]);
  return person;
}

function formObject(pairs: [string, string | Blob][]): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of pairs) {
    if (typeof value !== "string" || name === "intent") continue;
    const had = out[name];
    out[name] = had === undefined ? value : [...(Array.isArray(had) ? had : [had]), value];
  }
  return out;
}

/** The tables of an account's own rows, each with its column that names the account. */
const ACCOUNT_TABLES = [
  [schema.users, schema.users.id],
  [schema.accounts, schema.accounts.userId],
  [schema.sessions, schema.sessions.userId],
  [schema.profiles, schema.profiles.id],
  [schema.factories, schema.factories.userId],
  [schema.factoryProducts, schema.factoryProducts.userId],
  [schema.tenders, schema.tenders.userId],
  [schema.verificationRequests, schema.verificationRequests.userId],
] as const;

const sortedById = <T extends { id: string }>(rows: T[]) =>
  [...rows].sort((a, b) => a.id.localeCompare(b.id));

/**
 * Everything that belongs to these users, whole rows (updated_at included), and whether each
 * stored file their rows point to (in the schema's file columns) still exists.
 */
async function snapshot(userIds: readonly string[]) {
  const { rows, urls } = await accountRows(userIds);
  const files = [...new Set(urls.filter((url) => url.startsWith("/uploads/")))].sort();
  return { ...rows, files: files.map((url) => ({ url, exists: existsSync(fileOf(url)) })) };
}

/**
 * The users' rows and the files they point to, read again only after the database has written
 * (tests/support/unchanged.ts); whether each file exists is asked every time (see snapshot).
 */
const accountRows = readUntilWritten(
  () => app.db,
  async (userIds: readonly string[]) => {
    const rows: Record<string, Record<string, unknown>[]> = {};
    const urls: string[] = [];
    for (const [table, owner] of ACCOUNT_TABLES) {
      const found: ({ id: string } & Record<string, unknown>)[] = await app.db
        .select()
        .from(table as typeof schema.users)
        .where(inArray(owner, [...userIds]));
      rows[getTableName(table)] = sortedById(found);
      const keys = fileColumnKeys(table);
      urls.push(...found.flatMap((row) => keys.flatMap((key) => fileUrlsIn(row[key]))));
    }
    return { rows, urls };
  },
);
type Snapshot = Awaited<ReturnType<typeof snapshot>>;

// ---------------------------------------------------------------------------------------------
// better-auth's HTTP endpoints (/api/auth/*) take JSON, so they are called here directly.

async function postAuth(endpoint: string, as: Person | null, body: unknown): Promise<Reply> {
  const headers = new Headers({ origin: BASE_URL, "content-type": "application/json" });
  if (as) headers.set("cookie", as.cookie);
  const request = new Request(`${BASE_URL}/api/auth${endpoint}`, {
    method: "POST",
    headers,
    body: JSON.stringify(body),
  });
  try {
    const response = await apiAuthRoute.action(
      await routeArgs(request, { "*": endpoint.slice(1) }),
    );
    const text = await response.text();
    let data: unknown = text;
    try {
      data = text ? JSON.parse(text) : null;
    } catch {}
    return {
      status: response.status,
      headers: response.headers,
      data,
      location: response.headers.get("location"),
    };
  } catch (error) {
    return { status: 500, headers: new Headers(), data: undefined, location: null, error };
  }
}

// ---------------------------------------------------------------------------------------------
// The matrix

type Table = "routes" | "services";
const cells: Record<Table, Map<string, Partial<Record<ActorKey, string>>>> = {
  routes: new Map(),
  services: new Map(),
};

function record(table: Table, op: string, actor: ActorKey, text: string) {
  const row = cells[table].get(op) ?? {};
  row[actor] = text;
  cells[table].set(op, row);
}

function statusText(reply: Reply): string {
  if (reply.error !== undefined) {
    return `500 ${reply.error instanceof Error ? reply.error.message : String(reply.error)}`;
  }
  if (reply.location) {
    const target = reply.location.split("?")[0];
    return `${reply.status} ${target === "/login" ? "→login" : `→${target}`}`;
  }
  return String(reply.status);
}

type Expected = "write" | "read" | "refuse";

/** A cell's text in the printed matrix. */
function cellText(status: string, changed: boolean, expected: Expected) {
  let text =
    expected === "read" && !changed
      ? `read ${status}`
      : `${changed ? "✓" : "✗"} ${status}${changed ? "" : " unchanged"}`;
  const wanted = expected === "write";
  if (changed !== wanted) text += wanted ? "  ‼ EXPECTED ✓" : "  ‼ EXPECTED ✗";
  return text;
}

interface RouteRow<C> {
  op: string;
  /** The actors whose attempt must succeed (and change what it should). */
  allowed: readonly ActorKey[];
  /** Fresh state for one cell (a new tender, target account, ...). */
  setup: () => Promise<C>;
  /** The person in the 'owner' column (for admin actions: the target of the action). */
  owner: (ctx: C) => Person;
  /** Who acts in a column, when it must not be the shared person (e.g. deleting oneself). */
  actor?: (key: ActorKey, ctx: C) => Promise<Person | null>;
  /** A page meant for visitors (sign-up): a visitor's refusal need not ask to sign in. */
  forVisitors?: boolean;
  /** Users whose rows and files must not change on a refused attempt. */
  watch: (ctx: C) => string[];
  /** More state that must not change on a refused attempt (rows of no watched user). */
  probe?: (ctx: C) => Promise<unknown>;
  attempt: (as: Person | null, ctx: C) => Promise<Reply>;
  /** Checks, for an allowed attempt, that it did what it should. */
  verify?: (ctx: C, reply: Reply, before: Snapshot) => Promise<void>;
}

async function usersWithEmail(email: string) {
  return app.db.select().from(schema.users).where(eq(schema.users.email, email));
}

function defaultActor<C>(row: RouteRow<C>, key: ActorKey, ctx: C): Person | null {
  switch (key) {
    case "visitor":
      return null;
    case "otherBuyer":
      return otherBuyer;
    case "otherFactory":
      return otherFactory;
    case "owner":
      return row.owner(ctx);
    case "admin":
      return admin;
  }
}

function routeRows<C>(group: string, rows: RouteRow<C>[]) {
  describe(`${group} (${testDatabaseKind()})`, () => {
    for (const row of rows) {
      // A refused cell that changed nothing leaves the state as fresh as it found it: the next
      // cell of the row may use it instead of a new one.
      let spare: C | undefined;
      for (const key of ACTORS) {
        const allowed = row.allowed.includes(key);
        it(`${row.op}: ${HEADINGS[key]} is ${allowed ? "allowed" : "refused"}`, async () => {
          const ctx = spare ?? (await row.setup());
          spare = undefined;
          const as = row.actor ? await row.actor(key, ctx) : defaultActor(row, key, ctx);
          const watched = row.watch(ctx);
          const state = async () => ({
            ...(await snapshot(watched)),
            probe: await row.probe?.(ctx),
          });
          const before = await state();
          const reply = await row.attempt(as, ctx);
          const after = await state();
          const changed = JSON.stringify(after) !== JSON.stringify(before);
          const expected = allowed ? "write" : "refuse";
          record("routes", row.op, key, cellText(statusText(reply), changed, expected));

          expect(reply.error, "an unexpected exception (the server would answer 500)").toBe(
            undefined,
          );
          if (allowed) {
            expect(reply.status, JSON.stringify(reply.data)).toBeLessThan(400);
            await row.verify?.(ctx, reply, before);
          } else {
            expect(after, `${HEADINGS[key]} changed the owner's data`).toEqual(before);
            expect(reply.status).not.toBe(500);
            if (key === "visitor" && !row.forVisitors) {
              const toLogin = reply.status === 302 && reply.location?.startsWith("/login");
              expect(
                toLogin || [401, 403, 404].includes(reply.status),
                `visitor got ${reply.status}`,
              ).toBe(true);
            }
            spare = ctx;
          }
        });
      }
    }
  });
}

// ---------------------------------------------------------------------------------------------
// Rows: routes

type None = Record<string, never>;
const none = async (): Promise<None> => ({});
const OWNERS = () => [ownerBuyer.id, ownerFactory.id];

/** What every row on the owner's tender or product shares: only the owner may, visitors cannot. */
const ownTender = {
  allowed: ["owner"],
  owner: () => ownerBuyer,
  setup: freshTender,
  watch: OWNERS,
} as const;
const ownProduct = { ...ownTender, owner: () => ownerFactory, setup: freshProduct } as const;

routeRows<None>("profile", [
  {
    // Issue 27: the account's language is written by POST only (a GET sets the cookie alone).
    op: "language switch (POST /language) → owner buyer's letters language",
    allowed: ["owner"],
    // Anyone may switch the page language (the cookie); only the own account's language changes.
    forVisitors: true,
    setup: none,
    owner: () => ownerBuyer,
    watch: OWNERS,
    attempt: (as) =>
      app.post(languageRoute.action, "/language", {
        as,
        form: [["to", "/en/tenders"], ...injected({ userId: ownerBuyer.id })],
      }),
    verify: async () => {
      expect(await profileRow(ownerBuyer.id)).toMatchObject({ locale: "en" });
      await app.db
        .update(schema.profiles)
        .set({ locale: "ru" })
        .where(eq(schema.profiles.id, ownerBuyer.id));
    },
  },
  {
    op: "profile save (buyer form) → owner buyer",
    allowed: ["owner"],
    setup: none,
    owner: () => ownerBuyer,
    watch: OWNERS,
    attempt: (as) =>
      app.post(profileRoute.action, "/profile", {
        as,
        form: [...buyerForm("Захвачено"), ...injected({ userId: ownerBuyer.id })],
      }),
    verify: async () => {
      expect(await profileRow(ownerBuyer.id)).toMatchObject({
        name: "Захвачено",
        aboutMe: "Закупаем оптом.",
      });
    },
  },
  {
    op: "profile save (factory form) → owner factory",
    allowed: ["owner"],
    setup: none,
    owner: () => ownerFactory,
    watch: OWNERS,
    attempt: (as) =>
      app.post(profileRoute.action, "/profile", {
        as,
        form: [
          ...factoryForm("Захваченная фабрика"),
          ...injected({ userId: ownerFactory.id, factoryId: ownerFactoryId }),
        ],
      }),
    verify: async () => {
      expect(await factoryOf(ownerFactory.id)).toMatchObject({
        id: ownerFactoryId,
        name: "Захваченная фабрика",
      });
    },
  },
]);

routeRows<None>("capability profile (issue 29)", [
  {
    op: "capability profile save (POST /profile/capabilities) → owner factory",
    allowed: ["owner"],
    setup: none,
    owner: () => ownerFactory,
    watch: OWNERS,
    attempt: (as) =>
      app.post(capabilitiesRoute.action, "/profile/capabilities", {
        as,
        form: [
          ["minOrder", "777"],
          ["leadTimeDays", "21"],
          ["services", "sampling"],
          ["languages", "en"],
          ...injected({ userId: ownerFactory.id, factoryId: ownerFactoryId }),
        ],
      }),
    verify: async () => {
      expect(await factoryOf(ownerFactory.id)).toMatchObject({
        id: ownerFactoryId,
        minOrder: 777,
        leadTimeDays: 21,
        services: ["sampling"],
        languages: ["en"],
      });
    },
  },
]);

describe(`capability profile: a blocked factory, the sixth role (${testDatabaseKind()})`, () => {
  it("can save neither through the page nor by the use case", async () => {
    const blocked = await app.signUp("factory", "Заблокированная Фабрика 29");
    const saved = await app.post(profileRoute.action, "/profile", {
      as: blocked,
      form: factoryForm(blocked.name),
    });
    expect(saved.status).toBe(302);
    const user = await currentUser(blocked);
    await blockUser(contextOf(app.db, await currentUser(admin)), {
      form: formOf({ userId: blocked.id, reason: "Спам" }),
    });
    const before = await factoryOf(blocked.id);
    const page = await app.post(capabilitiesRoute.action, "/profile/capabilities", {
      as: blocked,
      form: [["minOrder", "100"]],
    });
    expect(page.status).toBe(302);
    expect(page.location).toMatch(/^\/login/);
    const form = new FormData();
    form.append("minOrder", "100");
    const direct = await saveCapabilities(
      { db: app.db, storage: storageFor(app.runtime.env), actor: user, locale: "ru" },
      { form },
    );
    expect(direct).toMatchObject({ ok: false, problem: "no-factory", kind: "conflict" });
    expect(await factoryOf(blocked.id)).toEqual(before);
  });
});

routeRows<None>("sign-up", [
  {
    op: "register with the owner buyer's email",
    allowed: [],
    forVisitors: true,
    setup: none,
    owner: () => ownerBuyer,
    watch: OWNERS,
    attempt: (as) =>
      app
        .post(registerRoute.action, "/register", {
          as,
          form: [
            ["name", "Захватчик"],
            ["userType", "factory"],
            ["email", ownerBuyer.email.toUpperCase()],
            ["password", "another-password-1"],
            ["confirmPassword", "another-password-1"],
            ["role", "admin"],
            ...injected({ userId: ownerBuyer.id }),
          ],
        })
        .then((reply) => {
          // Refused as a taken address, not for a mistake in the form.
          expect(JSON.stringify(reply.data)).toContain(m.auth.register.emailTaken);
          return reply;
        }),
  },
]);

routeRows<{ previous: string | null }>("profile picture", [
  {
    op: "avatar upload → owner buyer",
    allowed: ["owner"],
    setup: async () => ({ previous: (await profileRow(ownerBuyer.id))?.avatarUrl ?? null }),
    owner: () => ownerBuyer,
    watch: OWNERS,
    attempt: async (as) =>
      app.post(profileRoute.action, "/profile", {
        as,
        form: [
          ["intent", "upload-image"],
          ["image", await pngFile()],
          ...injected({ userId: ownerBuyer.id }),
        ],
      }),
    verify: async ({ previous }) => {
      const now = (await profileRow(ownerBuyer.id))?.avatarUrl;
      expect(now).toMatch(/^\/uploads\/avatars\//);
      expect(now).not.toBe(previous);
      expect(existsSync(fileOf(now as string))).toBe(true);
      if (previous) expect(existsSync(fileOf(previous))).toBe(false);
    },
  },
  {
    op: "avatar remove → owner buyer",
    allowed: ["owner"],
    setup: async () => {
      let previous = (await profileRow(ownerBuyer.id))?.avatarUrl ?? null;
      if (!previous) {
        await app.post(profileRoute.action, "/profile", {
          as: ownerBuyer,
          form: [
            ["intent", "upload-image"],
            ["image", await pngFile()],
          ],
        });
        previous = (await profileRow(ownerBuyer.id))?.avatarUrl ?? null;
      }
      expect(previous).toBeTruthy();
      return { previous };
    },
    owner: () => ownerBuyer,
    watch: OWNERS,
    attempt: (as) =>
      app.post(profileRoute.action, "/profile", {
        as,
        form: [["intent", "remove-image"], ...injected({ userId: ownerBuyer.id })],
      }),
    verify: async ({ previous }) => {
      expect((await profileRow(ownerBuyer.id))?.avatarUrl).toBeNull();
      expect(existsSync(fileOf(previous as string))).toBe(false);
    },
  },
  {
    op: "logo upload → owner factory",
    allowed: ["owner"],
    setup: async () => ({ previous: (await factoryOf(ownerFactory.id))?.logoUrl ?? null }),
    owner: () => ownerFactory,
    watch: OWNERS,
    attempt: async (as) =>
      app.post(profileRoute.action, "/profile", {
        as,
        form: [
          ["intent", "upload-image"],
          ["image", await pngFile("logo.png")],
          ...injected({ userId: ownerFactory.id, factoryId: ownerFactoryId }),
        ],
      }),
    verify: async ({ previous }) => {
      const now = (await factoryOf(ownerFactory.id))?.logoUrl;
      expect(now).toMatch(/^\/uploads\/logos\//);
      expect(now).not.toBe(previous);
      expect((await profileRow(ownerFactory.id))?.avatarUrl).toBe(now);
      if (previous) expect(existsSync(fileOf(previous))).toBe(false);
    },
  },
  {
    op: "logo remove → owner factory",
    allowed: ["owner"],
    setup: async () => {
      let previous = (await factoryOf(ownerFactory.id))?.logoUrl ?? null;
      if (!previous) {
        await app.post(profileRoute.action, "/profile", {
          as: ownerFactory,
          form: [
            ["intent", "upload-image"],
            ["image", await pngFile("logo.png")],
          ],
        });
        previous = (await factoryOf(ownerFactory.id))?.logoUrl ?? null;
      }
      expect(previous).toBeTruthy();
      return { previous };
    },
    owner: () => ownerFactory,
    watch: OWNERS,
    attempt: (as) =>
      app.post(profileRoute.action, "/profile", {
        as,
        form: [
          ["intent", "remove-image"],
          ...injected({ userId: ownerFactory.id, factoryId: ownerFactoryId }),
        ],
      }),
    verify: async ({ previous }) => {
      expect((await factoryOf(ownerFactory.id))?.logoUrl).toBeNull();
      expect(existsSync(fileOf(previous as string))).toBe(false);
    },
  },
]);

type ProductCtx = Awaited<ReturnType<typeof freshProduct>>;
const productsPost = (as: Person | null, form: [string, string | Blob][], query = "") =>
  app.post(productsRoute.action, `/factory-products${query}`, { as, form });

routeRows<ProductCtx>("products", [
  {
    op: "product create (factoryId → owner's factory)",
    ...ownProduct,
    attempt: async (as) =>
      productsPost(as, [
        ...productForm("Подброшенный товар"),
        ["photos", await pngFile()],
        ...injected({ userId: ownerFactory.id, factoryId: ownerFactoryId }),
      ]),
    verify: async () => {
      const rows = await app.db
        .select()
        .from(schema.factoryProducts)
        .where(eq(schema.factoryProducts.name, "Подброшенный товар"));
      const mine = rows.filter((r) => r.userId === ownerFactory.id);
      expect(mine).toHaveLength(1);
      expect(mine[0]).toMatchObject({ factoryId: ownerFactoryId });
      expect(mine[0]?.images).toHaveLength(1);
    },
  },
  {
    op: "product edit (productId)",
    ...ownProduct,
    attempt: (as, { productId }) =>
      productsPost(
        as,
        [
          ...productForm("Изменённый товар"),
          ["productId", productId],
          ...injected({ userId: ownerFactory.id, factoryId: ownerFactoryId }),
        ],
        `?edit=${productId}`,
      ),
    verify: async ({ productId, images }) => {
      expect(await productRow(productId)).toMatchObject({ name: "Изменённый товар", images });
    },
  },
  {
    op: "product delete (productId)",
    ...ownProduct,
    attempt: (as, { productId }) =>
      productsPost(as, [
        ["intent", "delete"],
        ["productId", productId],
      ]),
    verify: async ({ productId, images }) => {
      expect(await productRow(productId)).toBeUndefined();
      for (const url of images) expect(existsSync(fileOf(url))).toBe(false);
    },
  },
  {
    op: "product photo add (productId)",
    ...ownProduct,
    attempt: async (as, { productId }) =>
      productsPost(as, [
        ["intent", "add-photos"],
        ["productId", productId],
        ["photos", await pngFile()],
      ]),
    verify: async ({ productId, images }) => {
      const now = (await productRow(productId))?.images ?? [];
      expect(now.slice(0, 2)).toEqual(images);
      expect(now).toHaveLength(3);
      expect(existsSync(fileOf(now[2] as string))).toBe(true);
    },
  },
  {
    op: "product photo remove (productId, url)",
    ...ownProduct,
    attempt: (as, { productId, images }) =>
      productsPost(as, [
        ["intent", "remove-photo"],
        ["productId", productId],
        ["url", images[0] as string],
      ]),
    verify: async ({ productId, images }) => {
      expect((await productRow(productId))?.images).toEqual([images[1]]);
      expect(existsSync(fileOf(images[0] as string))).toBe(false);
    },
  },
]);

type TenderCtx = Awaited<ReturnType<typeof freshTender>>;
const tendersPost = (as: Person | null, form: [string, string | Blob][]) =>
  app.post(myTendersRoute.action, "/my-tenders", { as, form });

routeRows<TenderCtx>("tenders", [
  {
    op: "tender create (userId → owner)",
    ...ownTender,
    attempt: async (as) =>
      app.post(placeTenderRoute.action, "/place-tender", {
        as,
        form: [
          ["intent", "create"],
          ...tenderForm("Подброшенный тендер"),
          ["photos", await pngFile()],
          ...injected({ userId: ownerBuyer.id }),
        ],
      }),
    verify: async () => {
      const rows = await app.db
        .select()
        .from(schema.tenders)
        .where(eq(schema.tenders.title, "Подброшенный тендер"));
      const mine = rows.filter((r) => r.userId === ownerBuyer.id);
      expect(mine).toHaveLength(1);
      expect(mine[0]).toMatchObject({ status: "active" });
      expect(mine[0]?.photos).toHaveLength(1);
    },
  },
  {
    op: "tender edit (tenderId)",
    ...ownTender,
    attempt: (as, { tenderId }) =>
      tendersPost(as, [
        ["intent", "save"],
        ["tenderId", tenderId],
        ...tenderForm("Изменённый тендер"),
        ...injected({ userId: ownerBuyer.id }),
      ]),
    verify: async ({ tenderId, photos }) => {
      expect(await tenderRow(tenderId)).toMatchObject({ title: "Изменённый тендер", photos });
    },
  },
  {
    op: "tender close (tenderId)",
    allowed: ["owner"],
    setup: () => freshTender("active"),
    owner: () => ownerBuyer,
    watch: OWNERS,
    attempt: (as, { tenderId }) =>
      tendersPost(as, [
        ["intent", "close"],
        ["tenderId", tenderId],
      ]),
    verify: async ({ tenderId }) => {
      expect((await tenderRow(tenderId))?.status).toBe("closed");
    },
  },
  {
    op: "tender reopen (tenderId)",
    allowed: ["owner"],
    setup: () => freshTender("closed"),
    owner: () => ownerBuyer,
    watch: OWNERS,
    attempt: (as, { tenderId }) =>
      tendersPost(as, [
        ["intent", "reopen"],
        ["tenderId", tenderId],
      ]),
    verify: async ({ tenderId }) => {
      expect((await tenderRow(tenderId))?.status).toBe("active");
    },
  },
  {
    op: "tender delete (tenderId)",
    ...ownTender,
    attempt: (as, { tenderId }) =>
      tendersPost(as, [
        ["intent", "delete"],
        ["tenderId", tenderId],
      ]),
    verify: async ({ tenderId, photos }) => {
      expect(await tenderRow(tenderId)).toBeUndefined();
      for (const url of photos) expect(existsSync(fileOf(url))).toBe(false);
    },
  },
  {
    op: "tender photo add (tenderId)",
    ...ownTender,
    attempt: async (as, { tenderId }) =>
      tendersPost(as, [
        ["intent", "add-photos"],
        ["tenderId", tenderId],
        ["photos", await pngFile()],
      ]),
    verify: async ({ tenderId, photos }) => {
      const now = (await tenderRow(tenderId))?.photos ?? [];
      expect(now.slice(0, 2)).toEqual(photos);
      expect(now).toHaveLength(3);
    },
  },
  {
    op: "tender create with a tech pack (userId → owner)",
    ...ownTender,
    attempt: async (as) =>
      app.post(placeTenderRoute.action, "/place-tender", {
        as,
        form: [
          ["intent", "create"],
          ...tenderForm("Подброшенный техпакет"),
          ["techPack", pdfFile("spec.pdf")],
          ...injected({ userId: ownerBuyer.id }),
        ],
      }),
    verify: async () => {
      const rows = await app.db
        .select()
        .from(schema.tenders)
        .where(eq(schema.tenders.title, "Подброшенный техпакет"));
      const mine = rows.filter((r) => r.userId === ownerBuyer.id);
      expect(mine).toHaveLength(1);
      expect(mine[0]?.techPack.map((file) => file.name)).toEqual(["spec.pdf"]);
      expect(existsSync(attachmentPath(mine[0]?.techPack[0]?.url ?? ""))).toBe(true);
    },
  },
  {
    op: "tender photo remove (tenderId, url)",
    ...ownTender,
    attempt: (as, { tenderId, photos }) =>
      tendersPost(as, [
        ["intent", "remove-photo"],
        ["tenderId", tenderId],
        ["url", photos[0] as string],
      ]),
    verify: async ({ tenderId, photos }) => {
      expect((await tenderRow(tenderId))?.photos).toEqual([photos[1]]);
      expect(existsSync(fileOf(photos[0] as string))).toBe(false);
    },
  },
]);

routeRows<Awaited<ReturnType<typeof freshTenderWithPack>>>("tenders: the tech pack", [
  {
    op: "tender tech pack add and remove (tenderId, removeTechPack)",
    ...ownTender,
    setup: freshTenderWithPack,
    attempt: (as, { tenderId, techPack }) =>
      tendersPost(as, [
        ["intent", "save"],
        ["tenderId", tenderId],
        ...tenderForm("Пошив худи"),
        ["removeTechPack", techPack[0]?.url ?? ""],
        ["techPack", pdfFile("sizes.pdf")],
        ...injected({ userId: ownerBuyer.id }),
      ]),
    verify: async ({ tenderId, techPack }) => {
      const now = (await tenderRow(tenderId))?.techPack ?? [];
      expect(now.map((file) => file.name)).toEqual(["patterns.pdf", "sizes.pdf"]);
      expect(existsSync(attachmentPath(techPack[0]?.url ?? ""))).toBe(false);
    },
  },
]);

const adminPost = (as: Person | null, form: [string, string][]) =>
  app.post(adminRoute.action, "/admin", { as, form });

async function setVerified(verified: boolean) {
  await setFactoryVerified(contextOf(app.db, await currentUser(admin)), {
    verified: verified,
    form: formOf({ factoryId: ownerFactoryId, note: null }),
  });
}

// Issue 29: invitations. Only the tender's owner invites; only the invited factory declines.
const invitationRows = (tenderId: string) =>
  app.db
    .select()
    .from(schema.tenderInvitations)
    .where(eq(schema.tenderInvitations.tenderId, tenderId));

routeRows<TenderCtx>("invitations", [
  {
    op: "invite a factory (POST /my-tenders/{id}/invitations, factoryId)",
    ...ownTender,
    probe: ({ tenderId }) => invitationRows(tenderId),
    attempt: (as, { tenderId }) =>
      app.post(tenderInvitationsRoute.action, `/my-tenders/${tenderId}/invitations`, {
        as,
        params: { id: tenderId },
        // The form's own field is the factory: the injected ids leave it out.
        form: [
          ["factoryId", ownerFactoryId],
          ...injected({ userId: ownerBuyer.id }).filter(([name]) => name !== "factoryId"),
        ],
      }),
    verify: async ({ tenderId }) => {
      expect(await invitationRows(tenderId)).toMatchObject([
        { factoryId: ownerFactoryId, state: "sent" },
      ]);
    },
  },
  {
    op: "decline an invitation (POST /tenders/{id}/invitation, reason)",
    ...ownTender,
    owner: () => ownerFactory,
    setup: async () => {
      const ctx = await freshTender();
      await app.db
        .insert(schema.tenderInvitations)
        .values({ tenderId: ctx.tenderId, factoryId: ownerFactoryId });
      return ctx;
    },
    probe: ({ tenderId }) => invitationRows(tenderId),
    attempt: (as, { tenderId }) =>
      app.post(tenderInvitationRoute.action, `/tenders/${tenderId}/invitation`, {
        as,
        params: { id: tenderId },
        form: [
          ["reason", "capacity-full"],
          ...injected({ userId: ownerFactory.id, factoryId: ownerFactoryId }),
        ],
      }),
    verify: async ({ tenderId }) => {
      expect(await invitationRows(tenderId)).toMatchObject([
        { factoryId: ownerFactoryId, state: "declined", declineReason: "capacity-full" },
      ]);
    },
  },
]);

routeRows<None>("admin: verification (target: the owner factory)", [
  {
    op: "admin verify factory (factoryId)",
    allowed: ["admin"],
    setup: async () => {
      await setVerified(false);
      return {};
    },
    owner: () => ownerFactory,
    watch: OWNERS,
    attempt: (as) =>
      adminPost(as, [
        ["intent", "verify"],
        ["factoryId", ownerFactoryId],
        ["userId", ownerFactory.id],
        ["note", "Проверено"],
      ]),
    verify: async () => {
      const factory = await factoryOf(ownerFactory.id);
      expect(factory?.verifiedAt).toBeInstanceOf(Date);
      expect(factory).toMatchObject({ verifiedBy: admin.id, verificationNote: "Проверено" });
    },
  },
  {
    op: "admin revoke verification (factoryId)",
    allowed: ["admin"],
    setup: async () => {
      await setVerified(true);
      return {};
    },
    owner: () => ownerFactory,
    watch: OWNERS,
    attempt: (as) =>
      adminPost(as, [
        ["intent", "revoke"],
        ["factoryId", ownerFactoryId],
        ["userId", ownerFactory.id],
        ["note", "Отозвано"],
      ]),
    verify: async () => {
      expect((await factoryOf(ownerFactory.id))?.verifiedAt).toBeNull();
    },
  },
]);

routeRows<{ target: Person }>("admin: blocking (target: a fresh buyer with a tender)", [
  {
    op: "admin block user (userId)",
    allowed: ["admin"],
    setup: async () => ({ target: await freshTarget() }),
    owner: ({ target }) => target,
    watch: ({ target }) => [target.id, ...OWNERS()],
    attempt: (as, { target }) =>
      adminPost(as, [
        ["intent", "block"],
        ["userId", target.id],
        ["reason", "Спам"],
      ]),
    verify: async ({ target }) => {
      expect(await userRow(target.id)).toMatchObject({ banned: true, banReason: "Спам" });
      const sessions = await app.db
        .select()
        .from(schema.sessions)
        .where(eq(schema.sessions.userId, target.id));
      expect(sessions).toEqual([]);
    },
  },
  {
    op: "admin unblock user (userId)",
    allowed: ["admin"],
    setup: async () => {
      const target = await freshTarget();
      await blockUser(contextOf(app.db, await currentUser(admin)), {
        form: formOf({ userId: target.id, reason: "Спам" }),
      });
      return { target };
    },
    owner: ({ target }) => target,
    watch: ({ target }) => [target.id, ...OWNERS()],
    attempt: (as, { target }) =>
      adminPost(as, [
        ["intent", "unblock"],
        ["userId", target.id],
      ]),
    verify: async ({ target }) => {
      expect(await userRow(target.id)).toMatchObject({ banned: false, banReason: null });
    },
  },
]);

routeRows<{ target: Person; files: string[] }>(
  "account deletion (target: a fresh buyer with avatar and tender; fresh callers)",
  [
    {
      op: "account delete (userId → target)",
      allowed: ["owner"],
      setup: async () => {
        const target = await freshTarget("Удаляемый");
        await app.post(profileRoute.action, "/profile", {
          as: target,
          form: [
            ["intent", "upload-image"],
            ["image", await pngFile()],
          ],
        });
        const files = (await snapshot([target.id])).files.map((f) => f.url);
        expect(files).toHaveLength(2);
        return { target, files };
      },
      owner: ({ target }) => target,
      // Deleting oneself is what the form does: each caller is a fresh account of its kind.
      actor: async (key, { target }) => {
        if (key === "visitor") return null;
        if (key === "owner") return target;
        if (key === "otherFactory") return app.signUp("factory", "Чужая фабрика 2");
        const caller = await app.signUp("buyer", key === "admin" ? "Админ 2" : "Чужой 2");
        if (key === "admin") await app.makeAdmin(caller);
        return caller;
      },
      watch: ({ target }) => [target.id, ...OWNERS()],
      attempt: (as, { target }) =>
        app.post(profileRoute.action, "/profile", {
          as,
          form: [["intent", "delete-account"], ...injected({ userId: target.id })],
        }),
      verify: async ({ target, files }) => {
        expect(await userRow(target.id)).toBeUndefined();
        expect(await profileRow(target.id)).toBeUndefined();
        for (const url of files) expect(existsSync(fileOf(url))).toBe(false);
      },
    },
  ],
);

// better-auth's own endpoints (/api/auth/*): the app's admin is only what /admin offers; roles
// are given from the command line or ADMIN_EMAILS (docs/guides/permissions.md), never over HTTP.
routeRows<{ target: Person }>("auth endpoints (target: a fresh buyer with a tender)", [
  // The profile form is the only way to change one's name (its rules, its profile row): the
  // library's own update-user answers 404 to everyone, the owner included.
  {
    op: "auth update-user (userId → target)",
    allowed: [],
    setup: async () => ({ target: await freshTarget() }),
    owner: ({ target }) => target,
    watch: ({ target }) => [target.id, ...OWNERS()],
    attempt: (as, { target }) =>
      postAuth("/update-user", as, { name: "Захвачено", userId: target.id, id: target.id }),
  },
  {
    op: "auth update-user role=admin",
    allowed: [],
    setup: async () => ({ target: await freshTarget() }),
    owner: ({ target }) => target,
    watch: ({ target }) => [target.id, ...OWNERS()],
    attempt: (as, { target }) =>
      postAuth("/update-user", as, { role: "admin", userId: target.id, banned: false }),
  },
  ...(
    [
      ["/admin/set-role", { role: "admin" }],
      ["/admin/ban-user", { banReason: "Спам" }],
      ["/admin/unban-user", {}],
      ["/admin/update-user", { data: { name: "Захвачено", role: "admin" } }],
      ["/admin/set-user-password", { newPassword: "hijacked-password-1" }],
      ["/admin/revoke-user-sessions", {}],
      ["/admin/impersonate-user", {}],
      ["/admin/remove-user", {}],
    ] as const
  ).map(
    ([endpoint, body]): RouteRow<{ target: Person }> => ({
      op: `auth ${endpoint.slice(1)} (userId → target)`,
      allowed: [],
      setup: async () => {
        const target = await freshTarget();
        // Unblocking is tried on a blocked account.
        if (endpoint === "/admin/unban-user") {
          await blockUser(contextOf(app.db, await currentUser(admin)), {
            form: formOf({ userId: target.id, reason: "Спам" }),
          });
        }
        return { target };
      },
      owner: ({ target }) => target,
      watch: ({ target }) => [target.id, ...OWNERS()],
      attempt: (as, { target }) => postAuth(endpoint, as, { userId: target.id, ...body }),
    }),
  ),
  {
    op: "auth admin/create-user (role=admin)",
    allowed: [],
    setup: async () => ({ target: await freshTarget() }),
    owner: ({ target }) => target,
    watch: OWNERS,
    probe: () => usersWithEmail("made-admin@example.com"),
    attempt: (as) =>
      postAuth("/admin/create-user", as, {
        email: "made-admin@example.com",
        password: "made-admin-password-1",
        name: "Новый админ",
        role: "admin",
      }),
  },
]);

// Revoking a session is not among the auth API's open endpoints (app/routes/api.auth.ts): no
// screen offers it, so it answers 404 to everyone, the owner included.
routeRows<{ target: Person; token: string }>("auth endpoints: sessions", [
  {
    op: "auth revoke-session (target's 2nd session token)",
    allowed: [],
    setup: async () => {
      const target = await freshTarget();
      // A second session of the target: its token is what the others try to revoke.
      const second = await signIn(
        app.runtime,
        new Request(`${BASE_URL}/login`, { method: "POST" }),
        { form: formOf({ email: target.email, password: PASSWORD }) },
      );
      if (!second.ok) throw new Error(second.problem);
      const token = second.value.cookies
        .getSetCookie()
        .join(";")
        .match(/session_token=([^.;]+)/)?.[1];
      expect(token).toBeTruthy();
      return { target, token: token as string };
    },
    owner: ({ target }) => target,
    watch: ({ target }) => [target.id, ...OWNERS()],
    attempt: (as, { token }) => postAuth("/revoke-session", as, { token }),
  },
]);

describe(`auth endpoints: spellings of a switched-off path (${testDatabaseKind()})`, () => {
  it("an admin's set-role under other spellings of the path changes nothing", async () => {
    const target = await freshTarget();
    const before = await snapshot([target.id]);
    const spellings = [
      "/admin/set-role/",
      "//admin/set-role",
      "/admin//set-role",
      "/ADMIN/SET-ROLE",
      "/admin/./set-role",
      "/x/../admin/set-role",
      "/admin/set-role?x=1",
      "/admin%2Fset-role",
    ];
    const statuses: string[] = [];
    for (const spelling of spellings) {
      const reply = await postAuth(spelling, admin, { userId: target.id, role: "admin" });
      statuses.push(`${spelling} ${reply.status}`);
      expect(reply.status, spelling).toBeGreaterThanOrEqual(400);
    }
    expect(await snapshot([target.id])).toEqual(before);
    expect((await userRow(target.id))?.role).toBe("user");
  });
});

// ---------------------------------------------------------------------------------------------
// Rows: services called directly (they must refuse even where a route forgot to)

interface ServiceRow<C> {
  op: string;
  allowed: readonly ActorKey[];
  /** Whether the service takes a missing actor (admin services); others need a signed-in one. */
  takesVisitor?: boolean;
  /** The 'owner' column (for admin services: the target account). */
  owner: (ctx: C) => Person;
  setup: () => Promise<C>;
  watch: (ctx: C) => string[];
  call: (actor: CurrentUser | null, ctx: C) => Promise<unknown>;
  /** Whether the service's answer means it did it. */
  succeeded: (result: unknown) => boolean;
  verify?: (ctx: C) => Promise<void>;
}

async function serviceActor<C>(key: ActorKey, row: ServiceRow<C>, ctx: C) {
  switch (key) {
    case "visitor":
      return null;
    case "otherBuyer":
      return currentUser(otherBuyer);
    case "otherFactory":
      return currentUser(otherFactory);
    case "owner":
      return currentUser(row.owner(ctx));
    case "admin":
      return currentUser(admin);
  }
}

function describeOutcome(result: unknown, thrown: unknown): string {
  if (thrown !== undefined) {
    const status =
      (thrown as { init?: { status?: number } })?.init?.status ??
      (thrown as { status?: number })?.status;
    const name = thrown instanceof Error ? thrown.constructor.name : "throws";
    return status ? `throws ${status}` : `throws ${name}`;
  }
  if (result === null) return "null";
  if (result === undefined) return "ok";
  if (typeof result === "boolean") return String(result);
  if (typeof result === "object" && result !== null && "ok" in result) {
    const r = result as { ok: boolean; reason?: string };
    return r.ok ? "ok" : String(r.reason);
  }
  return "ok";
}

function serviceRows<C>(rows: ServiceRow<C>[]) {
  describe(`services called directly (${testDatabaseKind()})`, () => {
    for (const row of rows) {
      let spare: C | undefined;
      for (const key of ACTORS) {
        if (key === "visitor" && !row.takesVisitor) {
          record("services", row.op, key, "— (needs a user)");
          continue;
        }
        const allowed = row.allowed.includes(key);
        it(`${row.op}: ${HEADINGS[key]} is ${allowed ? "allowed" : "refused"}`, async () => {
          const ctx = spare ?? (await row.setup());
          spare = undefined;
          const actor = await serviceActor(key, row, ctx);
          const watched = row.watch(ctx);
          const before = await snapshot(watched);
          let result: unknown;
          let thrown: unknown;
          try {
            result = await row.call(actor, ctx);
          } catch (error) {
            thrown = error;
          }
          const after = await snapshot(watched);
          const changed = JSON.stringify(after) !== JSON.stringify(before);
          const outcome = describeOutcome(result, thrown);
          record("services", row.op, key, cellText(outcome, changed, allowed ? "write" : "refuse"));
          if (allowed) {
            expect(thrown).toBeUndefined();
            expect(row.succeeded(result)).toBe(true);
            await row.verify?.(ctx);
          } else {
            expect(after, `${HEADINGS[key]} changed the owner's data`).toEqual(before);
            expect(thrown === undefined && row.succeeded(result)).toBe(false);
            spare = ctx;
          }
        });
      }
    }
  });
}

const isArray = (r: unknown) => Array.isArray(r);
const notNull = (r: unknown) => r !== null && r !== undefined;
const isOk = (r: unknown) => (r as { ok?: boolean } | null)?.ok === true;
/** deleteTender's answer when the tender went. */
const deleted = (r: unknown) => (r as { outcome?: string } | null)?.outcome === "deleted";

serviceRows<TenderCtx>([
  {
    op: "updateTender(tenderId)",
    ...ownTender,
    call: (actor, { tenderId }) =>
      updateTender(app.db, actor as CurrentUser, tenderId, formObject(tenderForm("Сервис"))),
    succeeded: isOk,
    verify: async ({ tenderId }) => {
      expect((await tenderRow(tenderId))?.title).toBe("Сервис");
    },
  },
  {
    op: "setTenderStatus(tenderId, closed)",
    ...ownTender,
    call: (actor, { tenderId }) =>
      setTenderStatus(app.db, actor as CurrentUser, tenderId, "closed"),
    succeeded: notNull,
    verify: async ({ tenderId }) => {
      expect((await tenderRow(tenderId))?.status).toBe("closed");
    },
  },
  {
    op: "deleteTender(tenderId)",
    ...ownTender,
    call: (actor, { tenderId }) => deleteTender(app.db, actor as CurrentUser, tenderId),
    succeeded: deleted,
    verify: async ({ tenderId }) => {
      expect(await tenderRow(tenderId)).toBeUndefined();
    },
  },
  {
    op: "addTenderPhotos(tenderId, url)",
    ...ownTender,
    call: async (actor, { tenderId }) =>
      addTenderPhotos(app.db, actor as CurrentUser, tenderId, await stored("tenders")),
    succeeded: isOk,
    verify: async ({ tenderId }) => {
      expect((await tenderRow(tenderId))?.photos).toHaveLength(3);
    },
  },
  {
    op: "removeTenderPhoto(tenderId, url)",
    ...ownTender,
    call: (actor, { tenderId, photos }) =>
      removeTenderPhoto(app.db, actor as CurrentUser, tenderId, photos[0]),
    succeeded: notNull,
    verify: async ({ tenderId, photos }) => {
      expect((await tenderRow(tenderId))?.photos).toEqual([photos[1]]);
    },
  },
]);

serviceRows<ProductCtx>([
  {
    op: "updateProduct(productId)",
    ...ownProduct,
    call: (actor, { productId }) =>
      updateProduct(app.db, actor as CurrentUser, productId, formObject(productForm("Сервис"))),
    succeeded: isOk,
    verify: async ({ productId }) => {
      expect((await productRow(productId))?.name).toBe("Сервис");
    },
  },
  {
    op: "deleteProduct(productId)",
    ...ownProduct,
    call: (actor, { productId }) => deleteProduct(app.db, actor as CurrentUser, productId),
    succeeded: isArray,
    verify: async ({ productId }) => {
      expect(await productRow(productId)).toBeUndefined();
    },
  },
  {
    op: "addProductImage(productId, url)",
    ...ownProduct,
    call: async (actor, { productId }) =>
      addProductImage(app.db, actor as CurrentUser, productId, await stored("products")),
    succeeded: isOk,
    verify: async ({ productId }) => {
      expect((await productRow(productId))?.images).toHaveLength(3);
    },
  },
  {
    op: "removeProductImage(productId, url)",
    ...ownProduct,
    call: (actor, { productId, images }) =>
      removeProductImage(app.db, actor as CurrentUser, productId, images[0] as string),
    succeeded: notNull,
    verify: async ({ productId, images }) => {
      expect((await productRow(productId))?.images).toEqual([images[1]]);
    },
  },
]);

serviceRows<None>([
  {
    op: "setFactoryVerified(factoryId, true)",
    allowed: ["admin"],
    takesVisitor: true,
    owner: () => ownerFactory,
    setup: async () => {
      await setVerified(false);
      return {};
    },
    watch: OWNERS,
    call: (actor) =>
      setFactoryVerified(contextOf(app.db, actor), {
        verified: true,
        form: formOf({ factoryId: ownerFactoryId, note: "Сервис" }),
      }),
    succeeded: isOk,
    verify: async () => {
      expect((await factoryOf(ownerFactory.id))?.verifiedAt).toBeInstanceOf(Date);
    },
  },
]);

serviceRows<{ target: Person }>([
  {
    op: "blockUser(userId)",
    allowed: ["admin"],
    takesVisitor: true,
    owner: ({ target }) => target,
    setup: async () => ({ target: await freshTarget() }),
    watch: ({ target }) => [target.id, ...OWNERS()],
    call: (actor, { target }) =>
      blockUser(contextOf(app.db, actor), {
        form: formOf({ userId: target.id, reason: "Сервис" }),
      }),
    succeeded: isOk,
  },
  {
    op: "unblockUser(userId)",
    allowed: ["admin"],
    takesVisitor: true,
    owner: ({ target }) => target,
    setup: async () => {
      const target = await freshTarget();
      await blockUser(contextOf(app.db, await currentUser(admin)), {
        form: formOf({ userId: target.id, reason: "Сервис" }),
      });
      return { target };
    },
    watch: ({ target }) => [target.id, ...OWNERS()],
    call: (actor, { target }) =>
      unblockUser(contextOf(app.db, actor), { form: formOf({ userId: target.id }) }),
    succeeded: isOk,
  },
]);

// ---------------------------------------------------------------------------------------------
// Quotes, conversations, notifications (issue 14): the rows of a quote have two parties, the
// tender's owner and the quoting factory, so this section has its own columns. Another factory
// has its own (rival) quote on the same tender, so it is a party to the tender, never to the
// owner's quote. Every attempt is compared on the tender, all quotes on it (incl. updated_at and
// read marks), their messages, every watched account's notifications and email settings, the
// base rows of every account and the stored attachment files. 'reads' cells must answer 200 and
// change nothing (the admin reads a conversation; the parties and the admin get a file).

type PartyKey =
  | "visitor"
  | "otherBuyer"
  | "otherFactory"
  | "tenderOwner"
  | "quotingFactory"
  | "admin";
const PARTY_ACTORS: readonly PartyKey[] = [
  "visitor",
  "otherBuyer",
  "otherFactory",
  "tenderOwner",
  "quotingFactory",
  "admin",
];
const PARTY_HEADINGS: Record<PartyKey, string> = {
  visitor: "visitor",
  otherBuyer: "other buyer",
  otherFactory: "other factory",
  tenderOwner: "tender owner",
  quotingFactory: "quoting factory",
  admin: "admin",
};
const partyCells: Record<Table, Map<string, Partial<Record<PartyKey, string>>>> = {
  routes: new Map(),
  services: new Map(),
};

/** Files stored as the routes store them (private attachments/ folder). */
async function storedAttachments(files: File[]): Promise<Attachment[]> {
  const result = await storeAttachments(storageFor(app.runtime.env), files, "ru");
  if (!result.ok) throw new Error(result.errors.join("; "));
  return result.attachments;
}

/** The stored files of an attachment (a picture has a thumbnail too). */
const attachmentKeys = (file: Attachment) =>
  file.url.endsWith(".webp") ? [file.url, file.url.replace(/\.webp$/, "-thumb.webp")] : [file.url];
const attachmentPath = (key: string) => path.join(app.dataDir, "uploads", key);

function must<T>(outcome: { ok: true; value: T } | { ok: false; problem: string }): T {
  if (!outcome.ok) throw new Error(`setup refused: ${outcome.problem}`);
  return outcome.value;
}

/** A fresh factory account with its factory profile (for rows that block it). */
async function freshFactory(name = "Заблокированная фабрика"): Promise<Person> {
  const person = await app.signUp("factory", name);
  const reply = await app.post(profileRoute.action, "/profile", {
    as: person,
    form: factoryForm(name),
  });
  expect(reply.status, JSON.stringify(reply.data)).toBe(302);
  return person;
}

interface QuoteCtx {
  tenderId: string;
  /** The quoting factory's quote ('' on a tender nobody quoted yet). */
  quoteId: string;
  /** Its attachments as stored by the setup. */
  files: Attachment[];
  /** The other factory's quote on the same tender, and its file. */
  rivalQuoteId: string;
  rivalFiles: Attachment[];
  /** The tender owner's message in the conversation (with a picture), when asked for. */
  messageFiles: Attachment[];
  /** The account that quoted (the shared quoting factory, or a fresh one to block). */
  factory: Person;
}

interface QuoteSetup {
  /** Nobody quoted yet (the 'new quote' rows). */
  bare?: boolean;
  status?: "declined" | "withdrawn";
  shortlisted?: boolean;
  message?: boolean;
  /** The quoting factory is a fresh account, blocked by the admin after it quoted. */
  blocked?: boolean;
}

/** A fresh active tender of the owner with the quoting factory's quote and a rival quote. */
async function freshQuote(options: QuoteSetup = {}): Promise<QuoteCtx> {
  const owner = await currentUser(ownerBuyer);
  const tender = await createTender(app.db, owner, formObject(tenderForm("Отклики на худи")));
  const factory = options.blocked ? await freshFactory() : ownerFactory;
  const ctx: QuoteCtx = {
    tenderId: tender.id,
    quoteId: "",
    files: [],
    rivalQuoteId: "",
    rivalFiles: [],
    messageFiles: [],
    factory,
  };
  if (options.bare) return ctx;
  ctx.files = await storedAttachments([pdfFile("offer.pdf"), pdfFile("specs.pdf")]);
  const quote = must(
    await submitQuote(app.db, await currentUser(factory), tender.id, quoteInput(), ctx.files),
  );
  ctx.quoteId = quote.id;
  ctx.rivalFiles = await storedAttachments([pdfFile("rival.pdf")]);
  const rival = must(
    await submitQuote(
      app.db,
      await currentUser(otherFactory),
      tender.id,
      quoteInput({ unitPrice: "11" }),
      ctx.rivalFiles,
    ),
  );
  ctx.rivalQuoteId = rival.id;
  if (options.message) {
    ctx.messageFiles = await storedAttachments([await pngFile("sample.png")]);
    const sent = await postMessage(
      app.db,
      owner,
      quote.id,
      { body: "Пришлите образец ткани." },
      ctx.messageFiles,
    );
    if (!sent.ok) throw new Error(`setup message refused: ${sent.problem}`);
  }
  if (options.status === "declined") must(await declineQuote(app.db, owner, quote.id, "Дорого"));
  if (options.status === "withdrawn") {
    must(await withdrawQuote(app.db, await currentUser(factory), quote.id));
  }
  if (options.shortlisted) must(await setShortlisted(app.db, owner, quote.id, true));
  if (options.blocked) {
    await blockUser(contextOf(app.db, await currentUser(admin)), {
      form: formOf({ userId: factory.id, reason: "Спам" }),
    });
  }
  return ctx;
}

const everyone = (extra: Person[] = []) => [
  ...new Set(
    [ownerBuyer, ownerFactory, otherBuyer, otherFactory, admin, ...extra].map((p) => p.id),
  ),
];

/** Notifications and email settings of these accounts, whole rows. */
async function notificationState(userIds: string[]) {
  const notifications = await app.db
    .select()
    .from(schema.notifications)
    .where(inArray(schema.notifications.userId, userIds));
  const settings = await app.db
    .select()
    .from(schema.notificationSettings)
    .where(inArray(schema.notificationSettings.userId, userIds));
  return {
    notifications: sortedById(notifications),
    settings: [...settings].sort((a, b) => a.userId.localeCompare(b.userId)),
  };
}

/**
 * Everything a quote attempt could touch: the tender, every quote on it and their messages, the
 * notifications and settings of every account, the accounts' own rows, and the attachment files
 * (those the rows name now and those the setup stored).
 */
/** A fresh quote that the tender's owner accepted: the tender is awarded. */
async function awardedQuote(): Promise<QuoteCtx> {
  const ctx = await freshQuote();
  must(await acceptQuote(app.db, await currentUser(ownerBuyer), ctx.quoteId));
  return ctx;
}

async function quoteState(ctx: QuoteCtx) {
  const tenders = await app.db
    .select()
    .from(schema.tenders)
    .where(eq(schema.tenders.id, ctx.tenderId));
  const quotes = sortedById(
    await app.db.select().from(schema.quotes).where(eq(schema.quotes.tenderId, ctx.tenderId)),
  );
  const quoteIds = quotes.map((quote) => quote.id);
  const messages = quoteIds.length
    ? sortedById(
        await app.db
          .select()
          .from(schema.quoteMessages)
          .where(inArray(schema.quoteMessages.quoteId, quoteIds)),
      )
    : [];
  const known = [
    ...ctx.files,
    ...ctx.rivalFiles,
    ...ctx.messageFiles,
    ...quotes.flatMap((quote) => quote.attachments),
    ...messages.flatMap((message) => message.attachments),
  ];
  const keys = [...new Set(known.flatMap(attachmentKeys))].sort();
  return {
    accounts: await snapshot(everyone([ctx.factory])),
    tenders,
    quotes,
    messages,
    ...(await notificationState(everyone([ctx.factory]))),
    files: keys.map((key) => ({ key, exists: existsSync(attachmentPath(key)) })),
  };
}

/** One account's rows, notifications and settings (rows where each caller acts on its own). */
const accountState = (who: () => Person) => async () => {
  const person = who();
  return {
    accounts: await snapshot([person.id]),
    ...(await notificationState([person.id])),
  };
};

const quoteRow = (id: string) => rowWhere(app.db, schema.quotes, "id", id);

async function notificationsAbout(quoteId: string, kind: NotificationKind) {
  return app.db
    .select()
    .from(schema.notifications)
    .where(and(eq(schema.notifications.quoteId, quoteId), eq(schema.notifications.kind, kind)));
}

function partyPerson(key: PartyKey, ctx: { factory?: Person }): Person | null {
  switch (key) {
    case "visitor":
      return null;
    case "otherBuyer":
      return otherBuyer;
    case "otherFactory":
      return otherFactory;
    case "tenderOwner":
      return ownerBuyer;
    case "quotingFactory":
      return ctx.factory ?? ownerFactory;
    case "admin":
      return admin;
  }
}

const isLoginRedirect = (reply: Reply) =>
  reply.status === 302 && Boolean(reply.location?.replace(/^\/en/, "").startsWith("/login"));

interface PartyRouteRow<C> {
  op: string;
  /** Whose attempt must succeed and change what it should. */
  allowed: readonly PartyKey[];
  /** Whose attempt must answer 200 and change nothing (reading). */
  reads?: readonly PartyKey[];
  /** A page for people without a session (the unsubscribe link). */
  forVisitors?: boolean;
  /** Refused callers may succeed on their own rows (read-all, own settings): 2xx/302 allowed. */
  ownRowsOnly?: boolean;
  setup: () => Promise<C>;
  /** What must not change on a refused attempt (default: quoteState). */
  state?: (ctx: C) => Promise<unknown>;
  attempt: (as: Person | null, ctx: C, key: PartyKey) => Promise<Reply>;
  /** Checks, for an allowed or reading attempt, that it did (or answered) what it should. */
  verify?: (ctx: C, key: PartyKey, reply: Reply) => Promise<void>;
}

const UUID_IN_TEXT = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;

/** What a party row expects of a column: a change, an answer that changes nothing, or refusal. */
function expectationOf(
  row: { op: string; allowed: readonly PartyKey[]; reads?: readonly PartyKey[] },
  key: PartyKey,
) {
  const expected: Expected = row.allowed.includes(key)
    ? "write"
    : row.reads?.includes(key)
      ? "read"
      : "refuse";
  const label = { write: "allowed", read: "allowed to read", refuse: "refused" }[expected];
  return { expected, title: `${row.op}: ${PARTY_HEADINGS[key]} is ${label}` };
}

function partyRouteRows<C extends { factory?: Person }>(group: string, rows: PartyRouteRow<C>[]) {
  describe(`${group} (${testDatabaseKind()})`, () => {
    for (const row of rows) {
      partyCells.routes.set(row.op, {});
      let spare: C | undefined;
      for (const key of PARTY_ACTORS) {
        const { expected, title } = expectationOf(row, key);
        it(title, async () => {
          const ctx = spare ?? (await row.setup());
          spare = undefined;
          const as = partyPerson(key, ctx);
          const state = () => (row.state ? row.state(ctx) : quoteState(ctx as unknown as QuoteCtx));
          const before = await state();
          const reply = await row.attempt(as, ctx, key);
          const after = await state();
          const changed = JSON.stringify(after) !== JSON.stringify(before);
          const status = statusText(reply)
            .replace(UUID_IN_TEXT, ":id")
            .replace(/\/unsubscribe\/[^/?#]+/, "/unsubscribe/:token");
          partyRecord("routes", row.op, key, cellText(status, changed, expected));

          expect(reply.error, "an unexpected exception (the server would answer 500)").toBe(
            undefined,
          );
          expect(reply.status).not.toBe(500);
          if (expected === "write") {
            expect(reply.status, JSON.stringify(reply.data)).toBeLessThan(400);
            expect(changed, "the allowed attempt changed nothing").toBe(true);
            await row.verify?.(ctx, key, reply);
            return;
          }
          expect(after, `${PARTY_HEADINGS[key]} changed what it may not`).toEqual(before);
          spare = ctx;
          if (expected === "read") {
            expect(reply.status, JSON.stringify(reply.data)).toBe(200);
            await row.verify?.(ctx, key, reply);
            return;
          }
          if (key === "visitor" && !row.forVisitors) {
            expect(
              isLoginRedirect(reply) || [401, 403, 404].includes(reply.status),
              `visitor got ${reply.status}`,
            ).toBe(true);
          } else if (!row.ownRowsOnly) {
            expect(
              isLoginRedirect(reply) || reply.status >= 400,
              `refused with ${reply.status} ${reply.location ?? ""}`,
            ).toBe(true);
          }
        });
      }
    }
  });
}

function partyRecord(table: Table, op: string, actor: PartyKey, text: string) {
  const row = partyCells[table].get(op) ?? {};
  row[actor] = text;
  partyCells[table].set(op, row);
}

/** Ids of rows pushed into every field a quote handler might trust. */
function injectedQuote(ctx: QuoteCtx): [string, string][] {
  return [
    ...injected({ userId: ctx.factory.id, factoryId: ownerFactoryId }),
    ["senderId", ctx.factory.id],
    ["buyerId", ownerBuyer.id],
    ["status", "accepted"],
    ["shortlisted", "on"],
  ];
}

const quotePost = (as: Person | null, ctx: QuoteCtx, form: [string, string | Blob][]) =>
  app.post(tenderQuoteRoute.action, `/tenders/${ctx.tenderId}/quote`, {
    as,
    params: { id: ctx.tenderId },
    form,
  });
const myTenderPost = (as: Person | null, ctx: QuoteCtx, form: [string, string | Blob][]) =>
  app.post(myTenderRoute.action, `/my-tenders/${ctx.tenderId}`, {
    as,
    params: { id: ctx.tenderId },
    form: [...form, ["tenderId", ctx.tenderId], ...injectedQuote(ctx)],
  });
const conversationPost = (as: Person | null, quoteId: string, form: [string, string | Blob][]) =>
  app.post(conversationRoute.action, `/quotes/${quoteId}`, {
    as,
    params: { id: quoteId },
    form,
  });

/** GETs a private attachment as the browser would; the reply's data is the body's bytes. */
async function download(as: Person | null, quoteId: string, file: string, query = "") {
  const headers = new Headers({ origin: BASE_URL });
  if (as) headers.set("cookie", as.cookie);
  const request = new Request(`${BASE_URL}/attachments/${quoteId}/${file}${query}`, { headers });
  try {
    const response = await attachmentsRoute.loader(await routeArgs(request, { quoteId, file }));
    return {
      status: response.status,
      headers: response.headers,
      data: Buffer.from(await response.arrayBuffer()),
      location: response.headers.get("location"),
    } satisfies Reply;
  } catch (error) {
    return { status: 500, headers: new Headers(), data: undefined, location: null, error };
  }
}

const fileName = (file: Attachment | undefined) => (file?.url ?? "").replace(/^attachments\//, "");

const factoryOnly: readonly PartyKey[] = ["quotingFactory"];
const ownerOnly: readonly PartyKey[] = ["tenderOwner"];
const bothParties: readonly PartyKey[] = ["tenderOwner", "quotingFactory"];

partyRouteRows<QuoteCtx>("quotes: the factory's side (/tenders/:id/quote, /my-quotes)", [
  {
    op: "quote submit: new (tenderId; userId, factoryId injected)",
    // Any factory answers someone else's tender with its own quote; never on another's behalf.
    allowed: ["quotingFactory", "otherFactory"],
    setup: () => freshQuote({ bare: true }),
    attempt: async (as, ctx) =>
      quotePost(as, ctx, [
        ["intent", "submit"],
        ...Object.entries(quoteInput({ unitPrice: "9,90" })),
        ["attachments", pdfFile()],
        ...injectedQuote(ctx),
      ]),
    verify: async (ctx, key) => {
      const quotes = await app.db
        .select()
        .from(schema.quotes)
        .where(eq(schema.quotes.tenderId, ctx.tenderId));
      const author = key === "quotingFactory" ? ownerFactory : otherFactory;
      expect(quotes).toHaveLength(1);
      expect(quotes[0]).toMatchObject({
        userId: author.id,
        factoryId: (await factoryOf(author.id))?.id,
        status: "submitted",
        shortlisted: false,
      });
      expect(Number(quotes[0]?.unitPrice)).toBe(9.9);
      expect(quotes[0]?.attachments).toHaveLength(1);
      expect(existsSync(attachmentPath(quotes[0]?.attachments[0]?.url ?? ""))).toBe(true);
      expect(await notificationsAbout(quotes[0]?.id ?? "", "quote-received")).toMatchObject([
        { userId: ownerBuyer.id, actorId: author.id },
      ]);
    },
  },
  {
    op: "quote submit: edit (quoteId, + a file)",
    allowed: factoryOnly,
    setup: () => freshQuote(),
    attempt: (as, ctx) =>
      quotePost(as, ctx, [
        ["intent", "submit"],
        ["quoteId", ctx.quoteId],
        ...Object.entries(quoteInput({ unitPrice: "77" })),
        ["attachments", pdfFile("more.pdf")],
        ...injectedQuote(ctx),
      ]),
    verify: async (ctx) => {
      const row = await quoteRow(ctx.quoteId);
      expect(row).toMatchObject({ status: "submitted", userId: ownerFactory.id });
      expect(Number(row?.unitPrice)).toBe(77);
      expect(row?.attachments.slice(0, 2)).toEqual(ctx.files);
      expect(row?.attachments).toHaveLength(3);
    },
  },
  {
    op: "quote remove-attachment (quoteId, url)",
    allowed: factoryOnly,
    setup: () => freshQuote(),
    attempt: (as, ctx) =>
      quotePost(as, ctx, [
        ["intent", "remove-attachment"],
        ["quoteId", ctx.quoteId],
        ["url", ctx.files[0]?.url ?? ""],
        ...injectedQuote(ctx),
      ]),
    verify: async (ctx) => {
      expect((await quoteRow(ctx.quoteId))?.attachments).toEqual([ctx.files[1]]);
      expect(existsSync(attachmentPath(ctx.files[0]?.url ?? ""))).toBe(false);
    },
  },
  {
    op: "quote remove-attachment (rival's quoteId, this quote's url)",
    // The url is looked up in the named quote only: the rival cannot take another's file off.
    allowed: [],
    setup: () => freshQuote(),
    attempt: (as, ctx) =>
      quotePost(as, ctx, [
        ["intent", "remove-attachment"],
        ["quoteId", ctx.rivalQuoteId],
        ["url", ctx.files[0]?.url ?? ""],
      ]),
  },
  {
    op: "quote withdraw (quoteId)",
    allowed: factoryOnly,
    setup: () => freshQuote(),
    attempt: (as, ctx) =>
      quotePost(as, ctx, [["intent", "withdraw"], ["quoteId", ctx.quoteId], ...injectedQuote(ctx)]),
    verify: async (ctx) => {
      expect((await quoteRow(ctx.quoteId))?.status).toBe("withdrawn");
    },
  },
  {
    op: "quote submit: send a withdrawn quote again (quoteId)",
    allowed: factoryOnly,
    setup: () => freshQuote({ status: "withdrawn" }),
    attempt: (as, ctx) =>
      quotePost(as, ctx, [
        ["intent", "submit"],
        ["quoteId", ctx.quoteId],
        ...Object.entries(quoteInput({ unitPrice: "66" })),
        ...injectedQuote(ctx),
      ]),
    verify: async (ctx) => {
      const row = await quoteRow(ctx.quoteId);
      expect(row).toMatchObject({ status: "submitted", userId: ownerFactory.id });
      expect(Number(row?.unitPrice)).toBe(66);
      // Told when it was first sent, and again now.
      expect(await notificationsAbout(ctx.quoteId, "quote-received")).toMatchObject([
        { userId: ownerBuyer.id },
        { userId: ownerBuyer.id },
      ]);
    },
  },
  {
    op: "my-quotes withdraw (quoteId)",
    allowed: factoryOnly,
    setup: () => freshQuote(),
    attempt: (as, ctx) =>
      app.post(myQuotesRoute.action, "/my-quotes", {
        as,
        form: [["intent", "withdraw"], ["quoteId", ctx.quoteId], ...injectedQuote(ctx)],
      }),
    verify: async (ctx) => {
      expect((await quoteRow(ctx.quoteId))?.status).toBe("withdrawn");
    },
  },
  {
    op: "quote submit: edit a declined quote",
    allowed: [],
    setup: () => freshQuote({ status: "declined" }),
    attempt: (as, ctx) =>
      quotePost(as, ctx, [
        ["intent", "submit"],
        ["quoteId", ctx.quoteId],
        ...Object.entries(quoteInput({ unitPrice: "77" })),
      ]),
  },
  {
    op: "quote remove-attachment of a declined quote",
    allowed: [],
    setup: () => freshQuote({ status: "declined" }),
    attempt: (as, ctx) =>
      quotePost(as, ctx, [
        ["intent", "remove-attachment"],
        ["quoteId", ctx.quoteId],
        ["url", ctx.files[0]?.url ?? ""],
      ]),
  },
  {
    op: "quote withdraw a declined quote",
    allowed: [],
    setup: () => freshQuote({ status: "declined" }),
    attempt: (as, ctx) =>
      quotePost(as, ctx, [
        ["intent", "withdraw"],
        ["quoteId", ctx.quoteId],
      ]),
  },
]);

partyRouteRows<QuoteCtx>("quotes: the buyer decides (/my-tenders/:id, /my-tenders)", [
  {
    op: "shortlist (quoteId)",
    allowed: ownerOnly,
    setup: () => freshQuote(),
    attempt: (as, ctx) =>
      myTenderPost(as, ctx, [
        ["intent", "shortlist"],
        ["quoteId", ctx.quoteId],
      ]),
    verify: async (ctx) => {
      expect((await quoteRow(ctx.quoteId))?.shortlisted).toBe(true);
    },
  },
  {
    op: "unshortlist (quoteId)",
    allowed: ownerOnly,
    setup: () => freshQuote({ shortlisted: true }),
    attempt: (as, ctx) =>
      myTenderPost(as, ctx, [
        ["intent", "unshortlist"],
        ["quoteId", ctx.quoteId],
      ]),
    verify: async (ctx) => {
      expect((await quoteRow(ctx.quoteId))?.shortlisted).toBe(false);
    },
  },
  {
    op: "decline (quoteId, reason)",
    allowed: ownerOnly,
    setup: () => freshQuote(),
    attempt: (as, ctx) =>
      myTenderPost(as, ctx, [
        ["intent", "decline"],
        ["quoteId", ctx.quoteId],
        ["reason", "Сроки не подходят"],
      ]),
    verify: async (ctx) => {
      expect(await quoteRow(ctx.quoteId)).toMatchObject({
        status: "declined",
        declineReason: "Сроки не подходят",
      });
      expect(await notificationsAbout(ctx.quoteId, "quote-declined")).toMatchObject([
        { userId: ownerFactory.id, actorId: ownerBuyer.id },
      ]);
    },
  },
  {
    op: "accept (quoteId) → tender awarded",
    allowed: ownerOnly,
    setup: () => freshQuote(),
    attempt: (as, ctx) =>
      myTenderPost(as, ctx, [
        ["intent", "accept"],
        ["quoteId", ctx.quoteId],
      ]),
    verify: async (ctx) => {
      expect((await quoteRow(ctx.quoteId))?.status).toBe("accepted");
      expect((await quoteRow(ctx.rivalQuoteId))?.status).toBe("declined");
      expect((await tenderRow(ctx.tenderId))?.status).toBe("awarded");
      expect(await notificationsAbout(ctx.quoteId, "quote-accepted")).toHaveLength(1);
      expect(await notificationsAbout(ctx.rivalQuoteId, "tender-awarded")).toMatchObject([
        { userId: otherFactory.id },
      ]);
    },
  },
  {
    op: "comparison page GET (tenderId) (the owner's quote notices read)",
    allowed: ownerOnly,
    reads: ["admin"],
    setup: () => freshQuote(),
    attempt: (as, ctx) =>
      app.get(myTenderRoute.loader, `/my-tenders/${ctx.tenderId}`, {
        as,
        params: { id: ctx.tenderId },
      }),
    verify: async (ctx, key, reply) => {
      if (key === "tenderOwner") {
        const notices = await notificationsAbout(ctx.quoteId, "quote-received");
        expect(notices.map((notice) => notice.readAt !== null)).toEqual([true]);
      }
      const page = reply.data as { viewer: string; quotes: { id: string }[] };
      expect(page.viewer).toBe(key === "admin" ? "admin" : "buyer");
      expect(page.quotes.map((quote) => quote.id).sort()).toEqual(
        [ctx.quoteId, ctx.rivalQuoteId].sort(),
      );
    },
  },
  {
    op: "accept a withdrawn quote",
    allowed: [],
    setup: () => freshQuote({ status: "withdrawn" }),
    attempt: (as, ctx) =>
      myTenderPost(as, ctx, [
        ["intent", "accept"],
        ["quoteId", ctx.quoteId],
      ]),
  },
  {
    op: "tender reopen an awarded tender (tenderId)",
    allowed: [],
    setup: async () => {
      const ctx = await freshQuote();
      must(await acceptQuote(app.db, await currentUser(ownerBuyer), ctx.quoteId));
      return ctx;
    },
    attempt: (as, ctx) =>
      app.post(myTendersRoute.action, "/my-tenders", {
        as,
        form: [
          ["intent", "reopen"],
          ["tenderId", ctx.tenderId],
        ],
      }),
  },
  {
    op: "tender delete (tenderId) → its quotes' files removed",
    allowed: ownerOnly,
    setup: () => freshQuote({ message: true }),
    attempt: (as, ctx) =>
      app.post(myTendersRoute.action, "/my-tenders", {
        as,
        form: [
          ["intent", "delete"],
          ["tenderId", ctx.tenderId],
        ],
      }),
    verify: async (ctx) => {
      expect(await tenderRow(ctx.tenderId)).toBeUndefined();
      expect(await quoteRow(ctx.quoteId)).toBeUndefined();
      const files = [...ctx.files, ...ctx.rivalFiles, ...ctx.messageFiles].flatMap(attachmentKeys);
      expect(
        files.filter((key) => existsSync(attachmentPath(key))),
        "files of the deleted tender's quotes and messages left in storage",
      ).toEqual([]);
    },
  },
  {
    op: "tender close (tenderId) → quoting factories told",
    allowed: ownerOnly,
    setup: () => freshQuote(),
    attempt: (as, ctx) =>
      app.post(myTendersRoute.action, "/my-tenders", {
        as,
        form: [
          ["intent", "close"],
          ["tenderId", ctx.tenderId],
          ...injected({ userId: ownerBuyer.id }),
        ],
      }),
    verify: async (ctx) => {
      expect((await tenderRow(ctx.tenderId))?.status).toBe("closed");
      expect(await notificationsAbout(ctx.quoteId, "tender-closed")).toMatchObject([
        { userId: ownerFactory.id, actorId: ownerBuyer.id },
      ]);
      expect(await notificationsAbout(ctx.rivalQuoteId, "tender-closed")).toHaveLength(1);
    },
  },
]);

partyRouteRows<QuoteCtx>("conversation and attachments (/quotes/:id, /attachments/…)", [
  {
    op: "conversation send (quoteId, text + file)",
    allowed: bothParties,
    setup: () => freshQuote(),
    attempt: (as, ctx) =>
      conversationPost(as, ctx.quoteId, [
        ["intent", "send"],
        ["body", "Когда сможете отгрузить?"],
        ["attachments", pdfFile("question.pdf")],
        ...injectedQuote(ctx),
      ]),
    verify: async (ctx, key) => {
      const messages = await app.db
        .select()
        .from(schema.quoteMessages)
        .where(eq(schema.quoteMessages.quoteId, ctx.quoteId));
      const sender = key === "tenderOwner" ? ownerBuyer : ownerFactory;
      const recipient = key === "tenderOwner" ? ownerFactory : ownerBuyer;
      expect(messages).toMatchObject([{ senderId: sender.id, body: "Когда сможете отгрузить?" }]);
      expect(existsSync(attachmentPath(messages[0]?.attachments[0]?.url ?? ""))).toBe(true);
      expect(await notificationsAbout(ctx.quoteId, "message-received")).toMatchObject([
        { userId: recipient.id, actorId: sender.id },
      ]);
    },
  },
  {
    op: "conversation page GET (parties mark it read)",
    allowed: bothParties,
    reads: ["admin"],
    setup: () => freshQuote({ message: true }),
    attempt: (as, ctx) =>
      app.get(conversationRoute.loader, `/quotes/${ctx.quoteId}`, {
        as,
        params: { id: ctx.quoteId },
      }),
    verify: async (ctx, key, reply) => {
      const view = (reply.data as { view: { party: string; messages: unknown[] } }).view;
      expect(view.messages).toHaveLength(1);
      const row = await quoteRow(ctx.quoteId);
      if (key === "admin") expect(view.party).toBe("admin");
      if (key === "tenderOwner") expect(row?.buyerReadAt).toBeInstanceOf(Date);
      if (key === "quotingFactory") expect(row?.factoryReadAt).toBeInstanceOf(Date);
    },
  },
  {
    op: "attachment download: the quote's PDF",
    allowed: [],
    reads: [...bothParties, "admin"],
    setup: () => freshQuote(),
    attempt: (as, ctx) => download(as, ctx.quoteId, fileName(ctx.files[0])),
    verify: async (ctx, _key, reply) => {
      expect(reply.headers.get("content-type")).toBe("application/pdf");
      expect(reply.headers.get("content-disposition")).toMatch(/^attachment;/);
      expect(reply.data).toEqual(readFileSync(attachmentPath(ctx.files[0]?.url ?? "")));
    },
  },
  {
    op: "attachment download: a message's picture (thumb)",
    allowed: [],
    reads: [...bothParties, "admin"],
    setup: () => freshQuote({ message: true }),
    attempt: (as, ctx) => download(as, ctx.quoteId, fileName(ctx.messageFiles[0]), "?size=thumb"),
    verify: async (ctx, _key, reply) => {
      expect(reply.headers.get("content-type")).toBe("image/webp");
      const thumb = attachmentKeys(ctx.messageFiles[0] as Attachment)[1] ?? "";
      expect(reply.data).toEqual(readFileSync(attachmentPath(thumb)));
    },
  },
  {
    op: "attachment download: this quote's file under the rival's quote id",
    // The rival (and the owner, a party to both) asks under a quote it may see: still 404.
    allowed: [],
    setup: () => freshQuote(),
    attempt: (as, ctx) => download(as, ctx.rivalQuoteId, fileName(ctx.files[0])),
  },
  {
    op: "attachment download: the rival's file under this quote's id",
    allowed: [],
    setup: () => freshQuote(),
    attempt: (as, ctx) => download(as, ctx.quoteId, fileName(ctx.rivalFiles[0])),
  },
]);

type NotificationCtx = { notificationId: string; factory?: Person };

/** A fresh unread notification of the tender owner (and one of every other account). */
async function freshNotification(): Promise<NotificationCtx> {
  const marker = randomUUID();
  await insertNotifications(
    app.db,
    everyone().map((userId) => ({
      userId,
      kind: "quote-received" as const,
      actorId: ownerFactory.id,
      tenderId: null,
      quoteId: null,
      tenderTitle: `${marker} ${userId}`,
    })),
  );
  const [row] = await app.db
    .select({ id: schema.notifications.id })
    .from(schema.notifications)
    .where(eq(schema.notifications.tenderTitle, `${marker} ${ownerBuyer.id}`));
  return { notificationId: row?.id as string };
}

const notificationRow = (id: string) => rowWhere(app.db, schema.notifications, "id", id);

const notificationsPost = (as: Person | null, form: [string, string][]) =>
  app.post(notificationsRoute.action, "/notifications", {
    as,
    form: [...form, ...injected({ userId: ownerBuyer.id })],
  });

partyRouteRows<NotificationCtx>("notifications (/notifications)", [
  {
    op: "notification read (the tender owner's id)",
    allowed: ownerOnly,
    setup: freshNotification,
    state: accountState(() => ownerBuyer),
    attempt: (as, { notificationId }) =>
      notificationsPost(as, [
        ["intent", "read"],
        ["id", notificationId],
      ]),
    verify: async ({ notificationId }) => {
      expect((await notificationRow(notificationId))?.readAt).toBeInstanceOf(Date);
    },
  },
  {
    op: "notification open (the tender owner's id)",
    allowed: ownerOnly,
    setup: freshNotification,
    state: accountState(() => ownerBuyer),
    attempt: (as, { notificationId }) =>
      notificationsPost(as, [
        ["intent", "open"],
        ["id", notificationId],
      ]),
    verify: async ({ notificationId }) => {
      expect((await notificationRow(notificationId))?.readAt).toBeInstanceOf(Date);
    },
  },
  {
    op: "notifications read-all (watching the owner's)",
    allowed: ownerOnly,
    ownRowsOnly: true,
    setup: freshNotification,
    state: accountState(() => ownerBuyer),
    attempt: (as) => notificationsPost(as, [["intent", "read-all"]]),
    verify: async ({ notificationId }) => {
      expect((await notificationRow(notificationId))?.readAt).toBeInstanceOf(Date);
    },
  },
]);

/** The account's email settings back to the defaults (everything on). */
async function resetSettings(person: Person) {
  const { unsubscribeToken } = await ensureNotificationSettings(app.db, person.id);
  await app.db
    .update(schema.notificationSettings)
    .set({ emailEvents: true, tenderAlerts: "instant", alertsOwnCountry: false })
    .where(eq(schema.notificationSettings.userId, person.id));
  return unsubscribeToken;
}

const settingsRow = (person: Person) =>
  rowWhere(app.db, schema.notificationSettings, "userId", person.id);

type TokenCtx = { token: string; factory?: Person };

const unsubscribePost = (as: Person | null, token: string, form: [string, string][]) =>
  app.post(unsubscribeRoute.action, `/unsubscribe/${encodeURIComponent(token)}?what=all`, {
    as,
    params: { token },
    form,
  });

/** Tokens one character (or case, or length) away from the real one. */
function nearMisses(token: string): string[] {
  // A character other than the one replaced (a "near miss" equal to the token would be no miss).
  const other = (c: string | undefined) => (c === "A" ? "B" : "A");
  return [
    `${token.slice(0, -1)}${other(token.at(-1))}`,
    `${other(token.at(0))}${token.slice(1)}`,
    token.slice(0, -1),
    `${token}A`,
    token.toUpperCase() === token ? token.toLowerCase() : token.toUpperCase(),
    token.slice(0, 16),
    "",
  ];
}

partyRouteRows<TokenCtx>("email settings and unsubscribing", [
  {
    op: "settings save (buyer form; userId → tender owner)",
    allowed: ownerOnly,
    ownRowsOnly: true,
    setup: async () => ({ token: await resetSettings(ownerBuyer) }),
    state: accountState(() => ownerBuyer),
    attempt: (as) =>
      app.post(notificationSettingsRoute.action, "/notification-settings", {
        as,
        // emailEvents unticked: emails off.
        form: [["intent", "save"], ...injected({ userId: ownerBuyer.id })],
      }),
    verify: async () => {
      expect(await settingsRow(ownerBuyer)).toMatchObject({ emailEvents: false });
    },
  },
  {
    op: "settings save (factory form; userId → quoting factory)",
    allowed: factoryOnly,
    ownRowsOnly: true,
    setup: async () => ({ token: await resetSettings(ownerFactory) }),
    state: accountState(() => ownerFactory),
    attempt: (as) =>
      app.post(notificationSettingsRoute.action, "/notification-settings", {
        as,
        form: [
          ["intent", "save"],
          ["emailEvents", "on"],
          ["tenderAlerts", "daily"],
          ["alertsOwnCountry", "on"],
          ...injected({ userId: ownerFactory.id, factoryId: ownerFactoryId }),
        ],
      }),
    verify: async () => {
      expect(await settingsRow(ownerFactory)).toMatchObject({
        emailEvents: true,
        tenderAlerts: "daily",
        alertsOwnCountry: true,
      });
    },
  },
  {
    op: "unsubscribe with near misses of the owner's token",
    allowed: [],
    forVisitors: true,
    setup: async () => ({ token: await resetSettings(ownerBuyer) }),
    state: accountState(() => ownerBuyer),
    attempt: async (as, { token }) => {
      let last: Reply | undefined;
      for (const guess of nearMisses(token)) {
        for (const form of [[["intent", "unsubscribe"]], [["List-Unsubscribe", "One-Click"]]] as [
          string,
          string,
        ][][]) {
          last = await unsubscribePost(as, guess, form);
          // The first one that got through is the cell's answer.
          if (last.status < 400 || last.error) return last;
        }
      }
      return last as Reply;
    },
  },
  {
    op: "unsubscribe with the owner's token (from the email)",
    // The token is the key: whoever holds the email's link may turn its emails off.
    allowed: PARTY_ACTORS,
    forVisitors: true,
    setup: async () => ({ token: await resetSettings(ownerBuyer) }),
    state: accountState(() => ownerBuyer),
    attempt: (as, { token }) => unsubscribePost(as, token, [["intent", "unsubscribe"]]),
    verify: async () => {
      expect(await settingsRow(ownerBuyer)).toMatchObject({
        emailEvents: false,
        tenderAlerts: "off",
      });
    },
  },
]);

partyRouteRows<QuoteCtx>("a blocked quoting factory (its quote hidden from the buyer)", [
  {
    op: "decline a blocked factory's quote",
    allowed: [],
    setup: () => freshQuote({ blocked: true }),
    attempt: (as, ctx) =>
      myTenderPost(as, ctx, [
        ["intent", "decline"],
        ["quoteId", ctx.quoteId],
      ]),
  },
  {
    op: "send to a blocked factory's conversation",
    allowed: [],
    setup: () => freshQuote({ blocked: true }),
    attempt: (as, ctx) =>
      conversationPost(as, ctx.quoteId, [
        ["intent", "send"],
        ["body", "Вы здесь?"],
      ]),
  },
]);

// Services called directly, with the same columns.

interface PartyServiceRow<C> {
  op: string;
  allowed: readonly PartyKey[];
  reads?: readonly PartyKey[];
  /** Whether the service takes a missing actor; others need a signed-in one. */
  takesVisitor?: boolean;
  /** Refused callers may succeed on their own rows: only the watched state is compared. */
  ownRowsOnly?: boolean;
  /** Columns that make no sense for the row, with the reason shown in the table. */
  skip?: Partial<Record<PartyKey, string>>;
  setup: () => Promise<C>;
  state?: (ctx: C) => Promise<unknown>;
  call: (actor: CurrentUser | null, ctx: C) => Promise<unknown>;
  /** Whether the answer means it did it (or, for a reading cell, gave it). */
  succeeded: (result: unknown) => boolean;
  /** Checks, for an allowed or reading call, that it did (or gave) what it should. */
  verify?: (ctx: C, key: PartyKey, result: unknown) => Promise<void>;
}

function partyOutcome(result: unknown, thrown: unknown): string {
  if (thrown !== undefined) return describeOutcome(undefined, thrown);
  if (result === null) return "null";
  if (result === undefined) return "ok";
  if (typeof result === "number" || typeof result === "boolean") return String(result);
  if (typeof result === "object" && "ok" in result) {
    const r = result as { ok: boolean; problem?: string };
    return r.ok ? "ok" : String(r.problem);
  }
  return "ok";
}

function partyServiceRows<C extends { factory?: Person }>(rows: PartyServiceRow<C>[]) {
  describe(`quotes, conversations, notifications: services (${testDatabaseKind()})`, () => {
    for (const row of rows) {
      partyCells.services.set(row.op, {});
      let spare: C | undefined;
      for (const key of PARTY_ACTORS) {
        const skipped =
          row.skip?.[key] ?? (key === "visitor" && !row.takesVisitor && "needs a user");
        if (skipped) {
          partyRecord("services", row.op, key, `— (${skipped})`);
          continue;
        }
        const { expected, title } = expectationOf(row, key);
        it(title, async () => {
          const ctx = spare ?? (await row.setup());
          spare = undefined;
          const person = partyPerson(key, ctx);
          const actor = person ? await currentUser(person) : null;
          const state = () => (row.state ? row.state(ctx) : quoteState(ctx as unknown as QuoteCtx));
          const before = await state();
          let result: unknown;
          let thrown: unknown;
          try {
            result = await row.call(actor, ctx);
          } catch (error) {
            thrown = error;
          }
          const after = await state();
          const changed = JSON.stringify(after) !== JSON.stringify(before);
          const outcome = partyOutcome(result, thrown);
          partyRecord("services", row.op, key, cellText(outcome, changed, expected));
          expect(thrown).toBeUndefined();
          if (expected === "write") {
            expect(row.succeeded(result), outcome).toBe(true);
            expect(changed, "the allowed call changed nothing").toBe(true);
            await row.verify?.(ctx, key, result);
            return;
          }
          expect(after, `${PARTY_HEADINGS[key]} changed what it may not`).toEqual(before);
          spare = ctx;
          if (expected === "read") {
            expect(row.succeeded(result), outcome).toBe(true);
            await row.verify?.(ctx, key, result);
          } else if (!row.ownRowsOnly) {
            expect(row.succeeded(result), outcome).toBe(false);
          }
        });
      }
    }
  });
}

const quoteOk = (r: unknown) => (r as { ok?: boolean } | null)?.ok === true;
const aUser = (actor: CurrentUser | null) => actor as CurrentUser;

partyServiceRows<QuoteCtx>([
  {
    op: "submitQuote(tenderId) new",
    allowed: ["quotingFactory", "otherFactory"],
    setup: () => freshQuote({ bare: true }),
    call: (actor, ctx) => submitQuote(app.db, aUser(actor), ctx.tenderId, quoteInput()),
    succeeded: quoteOk,
    verify: async (ctx, key) => {
      const author = key === "quotingFactory" ? ownerFactory : otherFactory;
      const quotes = await app.db
        .select()
        .from(schema.quotes)
        .where(eq(schema.quotes.tenderId, ctx.tenderId));
      expect(quotes).toMatchObject([{ userId: author.id, status: "submitted" }]);
    },
  },
  {
    op: "updateQuote(quoteId)",
    allowed: factoryOnly,
    setup: () => freshQuote(),
    call: (actor, ctx) =>
      updateQuote(app.db, aUser(actor), ctx.quoteId, quoteInput({ unitPrice: "55" })),
    succeeded: quoteOk,
    verify: async (ctx) => {
      expect(Number((await quoteRow(ctx.quoteId))?.unitPrice)).toBe(55);
    },
  },
  {
    op: "removeQuoteAttachment(quoteId, url)",
    allowed: factoryOnly,
    setup: () => freshQuote(),
    call: (actor, ctx) =>
      removeQuoteAttachment(app.db, aUser(actor), ctx.quoteId, ctx.files[0]?.url),
    succeeded: quoteOk,
    verify: async (ctx) => {
      expect((await quoteRow(ctx.quoteId))?.attachments).toEqual([ctx.files[1]]);
    },
  },
  {
    op: "removeQuoteAttachment(rival's quoteId, this url)",
    allowed: [],
    setup: () => freshQuote(),
    call: (actor, ctx) =>
      removeQuoteAttachment(app.db, aUser(actor), ctx.rivalQuoteId, ctx.files[0]?.url),
    succeeded: quoteOk,
  },
  {
    op: "withdrawQuote(quoteId)",
    allowed: factoryOnly,
    setup: () => freshQuote(),
    call: (actor, ctx) => withdrawQuote(app.db, aUser(actor), ctx.quoteId),
    succeeded: quoteOk,
    verify: async (ctx) => {
      expect((await quoteRow(ctx.quoteId))?.status).toBe("withdrawn");
    },
  },
  {
    op: "resubmitQuote(withdrawn quoteId)",
    allowed: factoryOnly,
    setup: () => freshQuote({ status: "withdrawn" }),
    call: (actor, ctx) =>
      resubmitQuote(app.db, aUser(actor), ctx.quoteId, quoteInput({ unitPrice: "44" })),
    succeeded: quoteOk,
    verify: async (ctx) => {
      const row = await quoteRow(ctx.quoteId);
      expect(row?.status).toBe("submitted");
      expect(Number(row?.unitPrice)).toBe(44);
    },
  },
  {
    op: "resubmitQuote(declined quoteId)",
    allowed: [],
    setup: () => freshQuote({ status: "declined" }),
    call: (actor, ctx) => resubmitQuote(app.db, aUser(actor), ctx.quoteId, quoteInput()),
    succeeded: quoteOk,
  },
  {
    op: "updateQuote(declined quoteId)",
    allowed: [],
    setup: () => freshQuote({ status: "declined" }),
    call: (actor, ctx) => updateQuote(app.db, aUser(actor), ctx.quoteId, quoteInput()),
    succeeded: quoteOk,
  },
  {
    op: "removeQuoteAttachment(declined quoteId, url)",
    allowed: [],
    setup: () => freshQuote({ status: "declined" }),
    call: (actor, ctx) =>
      removeQuoteAttachment(app.db, aUser(actor), ctx.quoteId, ctx.files[0]?.url),
    succeeded: quoteOk,
  },
  {
    op: "withdrawQuote(declined quoteId)",
    allowed: [],
    setup: () => freshQuote({ status: "declined" }),
    call: (actor, ctx) => withdrawQuote(app.db, aUser(actor), ctx.quoteId),
    succeeded: quoteOk,
  },
  {
    op: "setShortlisted(quoteId, true)",
    allowed: ownerOnly,
    setup: () => freshQuote(),
    call: (actor, ctx) => setShortlisted(app.db, aUser(actor), ctx.quoteId, true),
    succeeded: quoteOk,
    verify: async (ctx) => {
      expect((await quoteRow(ctx.quoteId))?.shortlisted).toBe(true);
    },
  },
  {
    op: "declineQuote(quoteId, reason)",
    allowed: ownerOnly,
    setup: () => freshQuote(),
    call: (actor, ctx) => declineQuote(app.db, aUser(actor), ctx.quoteId, "Дорого"),
    succeeded: quoteOk,
    verify: async (ctx) => {
      expect(await quoteRow(ctx.quoteId)).toMatchObject({
        status: "declined",
        declineReason: "Дорого",
      });
    },
  },
  {
    op: "acceptQuote(quoteId)",
    allowed: ownerOnly,
    setup: () => freshQuote(),
    call: (actor, ctx) => acceptQuote(app.db, aUser(actor), ctx.quoteId),
    succeeded: quoteOk,
    verify: async (ctx) => {
      expect((await quoteRow(ctx.quoteId))?.status).toBe("accepted");
      expect((await tenderRow(ctx.tenderId))?.status).toBe("awarded");
    },
  },
  {
    op: "acceptQuote(withdrawn quoteId)",
    allowed: [],
    setup: () => freshQuote({ status: "withdrawn" }),
    call: (actor, ctx) => acceptQuote(app.db, aUser(actor), ctx.quoteId),
    succeeded: quoteOk,
  },
  {
    op: "notifyTenderClosed(tenderId) after the owner closed it",
    allowed: ownerOnly,
    setup: async () => {
      const ctx = await freshQuote();
      await setTenderStatus(app.db, await currentUser(ownerBuyer), ctx.tenderId, "closed");
      return ctx;
    },
    call: (actor, ctx) => notifyTenderClosed(app.db, aUser(actor), ctx.tenderId),
    // It answers nothing: only what it stored tells.
    succeeded: (r) => r === undefined,
    ownRowsOnly: true,
    verify: async (ctx) => {
      expect(await notificationsAbout(ctx.quoteId, "tender-closed")).toHaveLength(1);
    },
  },
  {
    op: "deleteTender(tenderId) with quotes → their files returned",
    allowed: ownerOnly,
    setup: () => freshQuote({ message: true }),
    call: (actor, ctx) => deleteTender(app.db, aUser(actor), ctx.tenderId),
    succeeded: deleted,
    verify: async (ctx, _key, result) => {
      expect(await quoteRow(ctx.quoteId)).toBeUndefined();
      const urls = [...ctx.files, ...ctx.rivalFiles, ...ctx.messageFiles].map((f) => f.url);
      expect([...(result as { files: string[] }).files].sort()).toEqual([...urls].sort());
    },
  },
  {
    // The terms lock at the award: nobody changes them, not even the owner.
    op: "updateTender(awarded tenderId) → locked",
    allowed: [],
    setup: awardedQuote,
    call: (actor, ctx) =>
      updateTender(app.db, aUser(actor), ctx.tenderId, formObject(tenderForm("Пять тысяч"))),
    succeeded: quoteOk,
  },
  {
    op: "deleteTender(awarded tenderId) → archived, the quotes stay",
    allowed: ownerOnly,
    setup: awardedQuote,
    call: (actor, ctx) => deleteTender(app.db, aUser(actor), ctx.tenderId),
    succeeded: (r) => (r as { outcome?: string } | null)?.outcome === "archived",
    verify: async (ctx) => {
      expect(await quoteRow(ctx.quoteId)).toBeDefined();
      expect(await quoteRow(ctx.rivalQuoteId)).toBeDefined();
    },
  },
  {
    op: "postMessage(quoteId)",
    allowed: bothParties,
    setup: () => freshQuote(),
    call: (actor, ctx) => postMessage(app.db, aUser(actor), ctx.quoteId, { body: "Добрый день" }),
    succeeded: quoteOk,
    verify: async (ctx, key) => {
      const sender = key === "tenderOwner" ? ownerBuyer : ownerFactory;
      expect(
        await app.db
          .select()
          .from(schema.quoteMessages)
          .where(eq(schema.quoteMessages.quoteId, ctx.quoteId)),
      ).toMatchObject([{ senderId: sender.id, body: "Добрый день" }]);
    },
  },
  {
    op: "openConversation(quoteId) (parties mark read)",
    allowed: bothParties,
    reads: ["admin"],
    setup: () => freshQuote({ message: true }),
    call: (actor, ctx) => openConversation(app.db, aUser(actor), ctx.quoteId),
    succeeded: notNull,
    verify: async (_ctx, key, result) => {
      const party = (result as { party: string }).party;
      const expected =
        key === "tenderOwner" ? "buyer" : key === "quotingFactory" ? "factory" : "admin";
      expect(party).toBe(expected);
    },
  },
  {
    op: "listTenderQuotes(tenderId) (the owner's quote notices read)",
    allowed: ownerOnly,
    reads: ["admin"],
    setup: () => freshQuote(),
    call: (actor, ctx) => listTenderQuotes(app.db, aUser(actor), ctx.tenderId),
    succeeded: notNull,
    verify: async (ctx, key, result) => {
      if (key === "tenderOwner") {
        const notices = await notificationsAbout(ctx.quoteId, "quote-received");
        expect(notices.map((notice) => notice.readAt !== null)).toEqual([true]);
      }
      const ids = (result as { quotes: { id: string }[] }).quotes.map((quote) => quote.id);
      expect(ids.sort()).toEqual([ctx.quoteId, ctx.rivalQuoteId].sort());
    },
  },
  {
    op: "findAttachment(quoteId, file)",
    allowed: [],
    reads: [...bothParties, "admin"],
    takesVisitor: true,
    setup: () => freshQuote(),
    call: (actor, ctx) => findAttachment(app.db, actor, ctx.quoteId, fileName(ctx.files[0])),
    succeeded: notNull,
    verify: async (ctx, _key, result) => {
      expect(result).toEqual(ctx.files[0]);
    },
  },
  {
    op: "findAttachment(quoteId, the rival's file)",
    allowed: [],
    takesVisitor: true,
    setup: () => freshQuote(),
    call: (actor, ctx) => findAttachment(app.db, actor, ctx.quoteId, fileName(ctx.rivalFiles[0])),
    succeeded: notNull,
  },
  {
    op: "declineQuote(blocked factory's quoteId)",
    allowed: [],
    skip: { quotingFactory: "blocked: cannot sign in" },
    setup: () => freshQuote({ blocked: true }),
    call: (actor, ctx) => declineQuote(app.db, aUser(actor), ctx.quoteId, null),
    succeeded: quoteOk,
  },
  {
    op: "postMessage(blocked factory's quoteId)",
    allowed: [],
    skip: { quotingFactory: "blocked: cannot sign in" },
    setup: () => freshQuote({ blocked: true }),
    call: (actor, ctx) => postMessage(app.db, aUser(actor), ctx.quoteId, { body: "Вы здесь?" }),
    succeeded: quoteOk,
  },
]);

partyServiceRows<NotificationCtx>([
  {
    op: "markNotificationsRead([owner's id])",
    allowed: ownerOnly,
    setup: freshNotification,
    state: accountState(() => ownerBuyer),
    call: (actor, { notificationId }) =>
      markNotificationsRead(contextOf(app.db, aUser(actor)), { ids: [notificationId] }),
    succeeded: (r) => isOk(r) && (r as { value: { changed: number } }).value.changed === 1,
    verify: async ({ notificationId }) => {
      expect((await notificationRow(notificationId))?.readAt).toBeInstanceOf(Date);
    },
  },
  {
    op: "markNotificationsRead(all) (watching the owner's)",
    allowed: ownerOnly,
    ownRowsOnly: true,
    setup: freshNotification,
    state: accountState(() => ownerBuyer),
    call: (actor) => markNotificationsRead(contextOf(app.db, aUser(actor)), { ids: "all" }),
    succeeded: (r) => isOk(r) && (r as { value: { changed: number } }).value.changed >= 1,
    verify: async ({ notificationId }) => {
      expect((await notificationRow(notificationId))?.readAt).toBeInstanceOf(Date);
    },
  },
  {
    op: "openNotification(owner's id)",
    allowed: ownerOnly,
    setup: freshNotification,
    state: accountState(() => ownerBuyer),
    call: (actor, { notificationId }) =>
      openNotification(contextOf(app.db, aUser(actor)), { id: notificationId }),
    succeeded: isOk,
    verify: async ({ notificationId }) => {
      expect((await notificationRow(notificationId))?.readAt).toBeInstanceOf(Date);
    },
  },
]);

partyServiceRows<TokenCtx>([
  {
    op: "saveNotificationSettings(userId → tender owner)",
    allowed: ownerOnly,
    ownRowsOnly: true,
    setup: async () => ({ token: await resetSettings(ownerBuyer) }),
    state: accountState(() => ownerBuyer),
    call: (actor) =>
      saveNotificationSettings(contextOf(app.db, aUser(actor)), {
        form: formOf({ userId: ownerBuyer.id, id: ownerBuyer.id }),
      }),
    succeeded: quoteOk,
    verify: async () => {
      expect((await settingsRow(ownerBuyer))?.emailEvents).toBe(false);
    },
  },
  {
    op: "saveNotificationSettings(userId → quoting factory)",
    allowed: factoryOnly,
    ownRowsOnly: true,
    setup: async () => ({ token: await resetSettings(ownerFactory) }),
    state: accountState(() => ownerFactory),
    call: (actor) =>
      saveNotificationSettings(contextOf(app.db, aUser(actor)), {
        form: formOf({
          emailEvents: "on",
          tenderAlerts: "daily",
          alertsOwnCountry: "on",
          userId: ownerFactory.id,
        }),
      }),
    succeeded: quoteOk,
    verify: async () => {
      expect(await settingsRow(ownerFactory)).toMatchObject({ tenderAlerts: "daily" });
    },
  },
]);

describe(`unsubscribeByToken: the token is the only key (${testDatabaseKind()})`, () => {
  it("near misses of an account's token change nothing; the token itself does", async () => {
    const token = await resetSettings(ownerBuyer);
    const before = await accountState(() => ownerBuyer)();
    for (const guess of [...nearMisses(token), `${token.slice(0, 42)}\u0000`, " ".repeat(43)]) {
      const outcome = await unsubscribeByToken({ db: app.db }, { token: guess, what: "all" });
      expect(outcome, JSON.stringify(guess)).toEqual({
        ok: false,
        problem: "unknown-token",
        kind: "missing",
      });
    }
    expect(await accountState(() => ownerBuyer)()).toEqual(before);
    expect(await unsubscribeByToken({ db: app.db }, { token, what: "all" })).toMatchObject({
      ok: true,
    });
    expect(await settingsRow(ownerBuyer)).toMatchObject({
      emailEvents: false,
      tenderAlerts: "off",
    });
  });
});

// ---------------------------------------------------------------------------------------------
// Stored files in the rows every cell above left

/** Whether a value read from a row is, or holds, a stored file's address. */
function holdsStoredFile(value: unknown): boolean {
  if (typeof value === "string") return keyFromUrl(value) !== null || isStorageKey(value);
  if (typeof value !== "object" || value === null) return false;
  return Object.values(value).some(holdsStoredFile);
}

// ---------------------------------------------------------------------------------------------
// Rows: a factory's verification (issue 26, item 11). The owner factory asks; admins decide; the
// documents are private to the owner and admins. A blocked account (its sessions gone) is tried
// apart, below the rows, as the sixth role.

const requestsOfOwner = () =>
  app.db
    .select()
    .from(schema.verificationRequests)
    .where(eq(schema.verificationRequests.factoryId, ownerFactoryId));

/** The owner factory unverified, with no open request: a request may be sent. */
async function verificationReset() {
  await setVerified(false);
  await app.db
    .delete(schema.verificationRequests)
    .where(eq(schema.verificationRequests.status, "pending"));
}

/** The owner factory's open request, with one stored PDF. */
async function openRequest(): Promise<{ requestId: string; file: string }> {
  await verificationReset();
  const documents = await storeAttachments(
    storageFor(app.runtime.env),
    [pdfFile("выписка.pdf")],
    "ru",
  );
  if (!documents.ok) throw new Error("the PDF was refused");
  const sent = await requestVerification(
    app.db,
    await currentUser(ownerFactory),
    { message: "Проверьте" },
    documents.attachments,
  );
  if (!sent.ok) throw new Error(`no request: ${JSON.stringify(sent)}`);
  const file = documents.attachments[0]?.url.split("/").pop() ?? "";
  return { requestId: sent.value.id, file };
}

/** The factory, its requests and every verification notification: unchanged on a refusal. */
const verificationProbe = async () => ({
  factory: await factoryOf(ownerFactory.id),
  requests: sortedById(await requestsOfOwner()),
  notifications: (
    await app.db
      .select()
      .from(schema.notifications)
      .where(eq(schema.notifications.factoryId, ownerFactoryId))
  ).length,
});

const requestForm = (): [string, string | Blob][] => [
  ["intent", "request-verification"],
  ["message", "Просим проверить"],
  ["documents", pdfFile("выписка.pdf")],
  ...injected({ userId: ownerFactory.id, factoryId: ownerFactoryId }),
];

const decisionForm = (requestId: string, decision: string): [string, string][] => [
  ["intent", "decide"],
  ["requestId", requestId],
  ["decision", decision],
  ["note", "Комментарий"],
  ...injected({ userId: ownerFactory.id, factoryId: ownerFactoryId }),
];

routeRows<None>("verification: the factory's request", [
  {
    op: "factory request verification (documents)",
    allowed: ["owner"],
    setup: async () => {
      await verificationReset();
      return {};
    },
    owner: () => ownerFactory,
    watch: OWNERS,
    probe: verificationProbe,
    attempt: (as) =>
      app.post(dashboardRoute.action, "/factory-dashboard", { as, form: requestForm() }),
    verify: async () => {
      const open = (await requestsOfOwner()).filter((row) => row.status === "pending");
      expect(open).toHaveLength(1);
      expect(open[0]?.documents).toHaveLength(1);
    },
  },
]);

routeRows<{ requestId: string }>("verification: an admin's decision", [
  ...(["verified", "refused"] as const).map((decision) => ({
    op: `admin decide verification: ${decision} (requestId)`,
    allowed: ["admin"] as ActorKey[],
    setup: async () => ({ requestId: (await openRequest()).requestId }),
    owner: () => ownerFactory,
    watch: OWNERS,
    probe: verificationProbe,
    attempt: (as: Person | null, { requestId }: { requestId: string }) =>
      app.post(verificationsRoute.action, "/admin/verifications", {
        as,
        form: decisionForm(requestId, decision),
      }),
    verify: async ({ requestId }: { requestId: string }) => {
      const row = await rowWhere(app.db, schema.verificationRequests, "id", requestId);
      expect(row).toMatchObject({ status: decision, decisionNote: "Комментарий" });
      const factory = await factoryOf(ownerFactory.id);
      expect(factory?.verifiedAt === null).toBe(decision === "refused");
    },
  })),
]);

describe(`verification: the private documents (${testDatabaseKind()})`, () => {
  let sent: { requestId: string; file: string };
  beforeAll(async () => {
    sent = await openRequest();
  });
  const READERS: readonly ActorKey[] = ["owner", "admin"];
  for (const key of ACTORS) {
    const allowed = READERS.includes(key);
    it(`download a verification document: ${HEADINGS[key]} is ${allowed ? "allowed" : "refused"}`, async () => {
      const as = { visitor: null, otherBuyer, otherFactory, owner: ownerFactory, admin }[key];
      const { requestId, file } = sent;
      const reply = await app.get(
        verificationDocumentsRoute.loader,
        `/verification-documents/${requestId}/${file}`,
        { as, params: { requestId, file } },
      );
      record(
        "routes",
        "download verification document",
        key,
        allowed ? `read ${reply.status}` : `✗ ${reply.status}`,
      );
      expect(reply.status).toBe(allowed ? 200 : 404);
      // The service the route asks, called directly.
      const viewer = as ? await currentUser(as) : null;
      const found = await findVerificationDocument(app.db, viewer, requestId, file);
      record(
        "services",
        "findVerificationDocument(requestId, file)",
        key,
        found ? "read ok" : "✗ null",
      );
      expect(found !== null).toBe(allowed);
    });
  }
});

serviceRows<None>([
  {
    op: "requestVerification (own factory)",
    allowed: ["owner"],
    owner: () => ownerFactory,
    setup: async () => {
      await verificationReset();
      return {};
    },
    watch: OWNERS,
    call: async (actor) => {
      const documents = await storeAttachments(storageFor(app.runtime.env), [pdfFile()], "ru");
      if (!documents.ok) throw new Error("the PDF was refused");
      const sent = await requestVerification(
        app.db,
        actor as CurrentUser,
        { message: "Сервис", factoryId: ownerFactoryId, userId: ownerFactory.id },
        documents.attachments,
      );
      // Did it ask for the owner's factory (another factory's own request is not this cell's)?
      if (!sent.ok) return sent;
      const row = await rowWhere(app.db, schema.verificationRequests, "id", sent.value.id);
      return { ok: row?.factoryId === ownerFactoryId };
    },
    succeeded: isOk,
  },
]);

serviceRows<{ requestId: string }>([
  {
    op: "decideVerification(requestId, verified)",
    allowed: ["admin"],
    takesVisitor: true,
    owner: () => ownerFactory,
    setup: async () => ({ requestId: (await openRequest()).requestId }),
    watch: OWNERS,
    call: (actor, { requestId }) =>
      decideVerification(contextOf(app.db, actor), {
        form: formOf({ requestId, decision: "verified", note: "Сервис" }),
      }),
    succeeded: isOk,
    verify: async () => {
      expect((await factoryOf(ownerFactory.id))?.verifiedAt).toBeInstanceOf(Date);
    },
  },
]);

describe(`verification: a blocked factory, the sixth role (${testDatabaseKind()})`, () => {
  it("can neither ask (route or service), nor fetch its documents, nor decide", async () => {
    const blocked = await app.signUp("factory", "Заблокированная Фабрика");
    const saved = await app.post(profileRoute.action, "/profile", {
      as: blocked,
      form: factoryForm(blocked.name),
    });
    expect(saved.status).toBe(302);
    const factoryId = (await factoryOf(blocked.id))?.id as string;
    // A request sent before the block, with its document.
    const reply = await app.post(dashboardRoute.action, "/factory-dashboard", {
      as: blocked,
      form: requestForm(),
    });
    expect(reply.status).toBe(302);
    const [request] = await app.db
      .select()
      .from(schema.verificationRequests)
      .where(eq(schema.verificationRequests.factoryId, factoryId));
    const file = request?.documents[0]?.url.split("/").pop() ?? "";
    const user = await currentUser(blocked);
    await blockUser(contextOf(app.db, await currentUser(admin)), {
      form: formOf({ userId: blocked.id, reason: "Спам" }),
    });
    await app.db
      .update(schema.verificationRequests)
      .set({ status: "refused" })
      .where(eq(schema.verificationRequests.id, request?.id ?? ""));
    const before = await app.db
      .select()
      .from(schema.verificationRequests)
      .where(eq(schema.verificationRequests.factoryId, factoryId));

    const again = await app.post(dashboardRoute.action, "/factory-dashboard", {
      as: blocked,
      form: requestForm(),
    });
    expect(again.status).toBe(302);
    expect(again.location).toMatch(/^\/login/);
    const documents = await storeAttachments(storageFor(app.runtime.env), [pdfFile()], "ru");
    if (!documents.ok) throw new Error("the PDF was refused");
    const direct = await requestVerification(app.db, user, {}, documents.attachments);
    expect(direct).toEqual({ ok: false, problem: "no-factory", kind: "forbidden" });
    const fetch = await app.get(
      verificationDocumentsRoute.loader,
      `/verification-documents/${request?.id}/${file}`,
      { as: blocked, params: { requestId: request?.id ?? "", file } },
    );
    expect(fetch.status).toBe(404);
    const decide = await app.post(verificationsRoute.action, "/admin/verifications", {
      as: blocked,
      form: decisionForm(request?.id ?? "", "verified"),
    });
    expect(decide.status).toBe(302);
    expect(decide.location).toMatch(/^\/login/);
    await expect(
      decideVerification(contextOf(app.db, user), {
        form: formOf({ requestId: request?.id, decision: "verified" }),
      }),
    ).rejects.toMatchObject({ init: { status: 403 } });
    const after = await app.db
      .select()
      .from(schema.verificationRequests)
      .where(eq(schema.verificationRequests.factoryId, factoryId));
    expect(after).toEqual(before);
  });
});

// ---------------------------------------------------------------------------------------------
// Rows: a factory's certificates (issue 29). The owner factory adds, replaces and removes its
// certificates; only admins decide; the file is private to the owner and admins. A blocked
// account (its sessions gone) is tried apart, below the rows.

const certificatesOfOwner = () =>
  app.db
    .select()
    .from(schema.factoryCertificates)
    .where(eq(schema.factoryCertificates.factoryId, ownerFactoryId));

/** What a use case of certificates is given for this person. */
const certificateContext = async (actor: CurrentUser): Promise<UseCaseContext> => ({
  db: app.db,
  storage: storageFor(app.runtime.env),
  actor,
  locale: "ru",
});

/** The owner factory's certificates, their decisions and its certificate notifications. */
const certificateProbe = async () => {
  const rows = sortedById(await certificatesOfOwner());
  return {
    rows,
    decisions: rows.length
      ? (
          await app.db
            .select()
            .from(schema.certificateDecisions)
            .where(
              inArray(
                schema.certificateDecisions.certificateId,
                rows.map((row) => row.id),
              ),
            )
        ).length
      : 0,
    notifications: (
      await app.db
        .select()
        .from(schema.notifications)
        .where(eq(schema.notifications.factoryId, ownerFactoryId))
    ).length,
  };
};

const certificateForm = (intent: string, fields: Record<string, string>) => {
  const form: [string, string | Blob][] = [
    ["intent", intent],
    ...Object.entries(fields),
    ["file", pdfFile("certificate.pdf")],
    ...injected({ userId: ownerFactory.id, factoryId: ownerFactoryId }),
  ];
  return form;
};

/** The owner factory without certificates (a new one may be added). */
async function certificatesReset() {
  await app.db
    .delete(schema.factoryCertificates)
    .where(eq(schema.factoryCertificates.factoryId, ownerFactoryId));
}

/** A fresh pending certificate of the owner factory, with its stored PDF. */
async function freshCertificate(
  certification: "iso-9001" | "gots" = "iso-9001",
): Promise<{ certificateId: string; file: string }> {
  await app.db
    .delete(schema.factoryCertificates)
    .where(
      and(
        eq(schema.factoryCertificates.factoryId, ownerFactoryId),
        eq(schema.factoryCertificates.certification, certification),
      ),
    );
  const form = new FormData();
  form.append("certification", certification);
  form.append("file", pdfFile("certificate.pdf"));
  const added = await addCertificate(await certificateContext(await currentUser(ownerFactory)), {
    form,
  });
  if (!added.ok) throw new Error(`no certificate: ${JSON.stringify(added)}`);
  const row = await rowWhere(app.db, schema.factoryCertificates, "id", added.value.id);
  return { certificateId: added.value.id, file: row?.file[0]?.url.split("/").pop() ?? "" };
}

type CertificateCtx = { certificateId: string; file: string };

routeRows<None>("certificates: the factory adds one", [
  {
    op: "factory add certificate (file)",
    allowed: ["owner"],
    setup: async () => {
      await certificatesReset();
      return {};
    },
    owner: () => ownerFactory,
    watch: OWNERS,
    probe: certificateProbe,
    attempt: (as) =>
      app.post(certificatesRoute.action, "/factory-dashboard/certificates", {
        as,
        form: certificateForm("add", { certification: "oeko-tex-100" }),
      }),
    verify: async () => {
      const rows = await certificatesOfOwner();
      expect(rows.map((row) => [row.certification, row.status])).toEqual([
        ["oeko-tex-100", "pending"],
      ]);
    },
  },
]);

routeRows<CertificateCtx>("certificates: the factory's own certificate", [
  {
    op: "factory replace certificate file (certificateId)",
    allowed: ["owner"],
    setup: () => freshCertificate(),
    owner: () => ownerFactory,
    watch: OWNERS,
    probe: certificateProbe,
    attempt: (as, { certificateId }) =>
      app.post(certificatesRoute.action, "/factory-dashboard/certificates", {
        as,
        form: certificateForm("replace", { certificateId }),
      }),
    verify: async ({ certificateId, file }) => {
      const row = await rowWhere(app.db, schema.factoryCertificates, "id", certificateId);
      expect(row?.status).toBe("pending");
      expect(row?.file[0]?.url).not.toBe(`attachments/${file}`);
    },
  },
  {
    op: "factory remove certificate (certificateId)",
    allowed: ["owner"],
    setup: () => freshCertificate(),
    owner: () => ownerFactory,
    watch: OWNERS,
    probe: certificateProbe,
    attempt: (as, { certificateId }) =>
      app.post(certificatesRoute.action, "/factory-dashboard/certificates", {
        as,
        form: [
          ["intent", "remove"],
          ["certificateId", certificateId],
          ...injected({ userId: ownerFactory.id, factoryId: ownerFactoryId }),
        ],
      }),
    verify: async ({ certificateId }) => {
      expect(await rowWhere(app.db, schema.factoryCertificates, "id", certificateId)).toBe(
        undefined,
      );
    },
  },
  ...(["verified", "rejected"] as const).map((decision) => ({
    op: `admin decide certificate: ${decision} (certificateId)`,
    allowed: ["admin"] as ActorKey[],
    setup: () => freshCertificate("gots"),
    owner: () => ownerFactory,
    watch: OWNERS,
    probe: certificateProbe,
    attempt: (as: Person | null, { certificateId }: CertificateCtx) =>
      app.post(certificatesAdminRoute.action, "/admin/certificates", {
        as,
        form: [
          ["intent", "decide"],
          ["certificateId", certificateId],
          ["decision", decision],
          ["note", "Комментарий"],
          ...injected({ userId: ownerFactory.id, factoryId: ownerFactoryId }),
        ],
      }),
    verify: async ({ certificateId }: CertificateCtx) => {
      const row = await rowWhere(app.db, schema.factoryCertificates, "id", certificateId);
      expect(row).toMatchObject({ status: decision, note: "Комментарий", decidedBy: admin.id });
    },
  })),
]);

describe(`tenders: the tech pack's files (${testDatabaseKind()})`, () => {
  let sent: Awaited<ReturnType<typeof freshTenderWithPack>>;
  beforeAll(async () => {
    sent = await freshTenderWithPack();
  });
  // The owner and a factory with its profile; nobody else (docs/decisions/031).
  const READERS: readonly ActorKey[] = ["owner", "otherFactory"];
  for (const key of ACTORS) {
    const allowed = READERS.includes(key);
    it(`download a tech pack file: ${HEADINGS[key]} is ${allowed ? "allowed" : "refused"}`, async () => {
      const as = { visitor: null, otherBuyer, otherFactory, owner: ownerBuyer, admin }[key];
      const { tenderId, techPack } = sent;
      const file = (techPack[0]?.url ?? "").replace(/^attachments\//, "");
      const reply = await app.get(
        tenderTechPackRoute.loader,
        `/tenders/${tenderId}/tech-pack/${file}`,
        { as, params: { id: tenderId, file } },
      );
      record(
        "routes",
        "download tech pack file",
        key,
        allowed ? `read ${reply.status}` : `✗ ${reply.status}`,
      );
      expect(reply.status).toBe(allowed ? 200 : 404);
      expect(reply.headers.get("cache-control")).toBe("private, no-store");
      const viewer = as ? await currentUser(as) : null;
      const found = await findTechPackFile(app.db, viewer, tenderId, file);
      record("services", "findTechPackFile(tenderId, file)", key, found ? "read ok" : "✗ null");
      expect(found !== null).toBe(allowed);
    });
  }
});

describe(`certificates: the private file (${testDatabaseKind()})`, () => {
  let sent: CertificateCtx;
  beforeAll(async () => {
    sent = await freshCertificate();
  });
  const READERS: readonly ActorKey[] = ["owner", "admin"];
  for (const key of ACTORS) {
    const allowed = READERS.includes(key);
    it(`download a certificate file: ${HEADINGS[key]} is ${allowed ? "allowed" : "refused"}`, async () => {
      const as = { visitor: null, otherBuyer, otherFactory, owner: ownerFactory, admin }[key];
      const { certificateId, file } = sent;
      const reply = await app.get(
        certificateFilesRoute.loader,
        `/certificate-files/${certificateId}/${file}`,
        { as, params: { certificateId, file } },
      );
      record(
        "routes",
        "download certificate file",
        key,
        allowed ? `read ${reply.status}` : `✗ ${reply.status}`,
      );
      expect(reply.status).toBe(allowed ? 200 : 404);
      const viewer = as ? await currentUser(as) : null;
      const found = await findCertificateFile(app.db, viewer, certificateId, file);
      record(
        "services",
        "findCertificateFile(certificateId, file)",
        key,
        found ? "read ok" : "✗ null",
      );
      expect(found !== null).toBe(allowed);
    });
  }
});

/** A use case's form from fields (and the certificate file). */
const certificateUseCaseForm = (fields: Record<string, string>, file = true) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append("file", pdfFile("certificate.pdf"));
  for (const [name, value] of injected({ userId: ownerFactory.id, factoryId: ownerFactoryId })) {
    form.append(name, value);
  }
  return form;
};

serviceRows<None>([
  {
    op: "addCertificate (own factory)",
    allowed: ["owner"],
    owner: () => ownerFactory,
    setup: async () => {
      await certificatesReset();
      return {};
    },
    watch: OWNERS,
    call: async (actor) => {
      const added = await addCertificate(await certificateContext(actor as CurrentUser), {
        form: certificateUseCaseForm({ certification: "wrap" }),
      });
      // Did it add to the owner's factory (another factory's own certificate is not this cell's)?
      if (!added.ok) return added;
      const row = await rowWhere(app.db, schema.factoryCertificates, "id", added.value.id);
      return { ok: row?.factoryId === ownerFactoryId };
    },
    succeeded: isOk,
  },
]);

serviceRows<CertificateCtx>([
  {
    op: "replaceCertificateFile(certificateId)",
    allowed: ["owner"],
    owner: () => ownerFactory,
    setup: () => freshCertificate(),
    watch: OWNERS,
    call: async (actor, { certificateId }) =>
      replaceCertificateFile(await certificateContext(actor as CurrentUser), {
        form: certificateUseCaseForm({ certificateId }),
      }),
    succeeded: isOk,
  },
  {
    op: "removeCertificate(certificateId)",
    allowed: ["owner"],
    owner: () => ownerFactory,
    setup: () => freshCertificate(),
    watch: OWNERS,
    call: async (actor, { certificateId }) =>
      removeCertificate(await certificateContext(actor as CurrentUser), {
        form: certificateUseCaseForm({ certificateId }, false),
      }),
    succeeded: isOk,
  },
  {
    op: "decideCertificate(certificateId, verified)",
    allowed: ["admin"],
    owner: () => ownerFactory,
    setup: () => freshCertificate("gots"),
    watch: OWNERS,
    call: async (actor, { certificateId }) =>
      decideCertificate(await certificateContext(actor as CurrentUser), {
        form: certificateUseCaseForm({ certificateId, decision: "verified" }, false),
      }),
    succeeded: isOk,
  },
]);

describe(`certificates: a blocked factory, the sixth role (${testDatabaseKind()})`, () => {
  it("can neither add, replace nor remove (route or use case), nor fetch its file, nor decide", async () => {
    const blocked = await app.signUp("factory", "Заблокированная Фабрика Сертификатов");
    const saved = await app.post(profileRoute.action, "/profile", {
      as: blocked,
      form: factoryForm(blocked.name),
    });
    expect(saved.status).toBe(302);
    const factoryId = (await factoryOf(blocked.id))?.id as string;
    // A certificate added before the block, with its file.
    const added = await app.post(certificatesRoute.action, "/factory-dashboard/certificates", {
      as: blocked,
      form: [
        ["intent", "add"],
        ["certification", "sa8000"],
        ["file", pdfFile("sa8000.pdf")],
      ],
    });
    expect(added.status, JSON.stringify(added.data)).toBe(302);
    const rowsOf = () =>
      app.db
        .select()
        .from(schema.factoryCertificates)
        .where(eq(schema.factoryCertificates.factoryId, factoryId));
    const [row] = await rowsOf();
    const certificateId = row?.id ?? "";
    const file = row?.file[0]?.url.split("/").pop() ?? "";
    const user = await currentUser(blocked);
    await blockUser(contextOf(app.db, await currentUser(admin)), {
      form: formOf({ userId: blocked.id, reason: "Спам" }),
    });
    const before = await rowsOf();

    for (const form of [
      [
        ["intent", "add"],
        ["certification", "gots"],
        ["file", pdfFile()],
      ],
      [
        ["intent", "replace"],
        ["certificateId", certificateId],
        ["file", pdfFile()],
      ],
      [
        ["intent", "remove"],
        ["certificateId", certificateId],
      ],
    ] as [string, string | Blob][][]) {
      const reply = await app.post(certificatesRoute.action, "/factory-dashboard/certificates", {
        as: blocked,
        form,
      });
      expect(reply.status).toBe(302);
      expect(reply.location).toMatch(/^\/login/);
    }
    const context = await certificateContext(user);
    const direct = [
      await addCertificate(context, {
        form: certificateUseCaseForm({ certification: "gots" }),
      }),
      await replaceCertificateFile(context, { form: certificateUseCaseForm({ certificateId }) }),
      await removeCertificate(context, { form: certificateUseCaseForm({ certificateId }, false) }),
      await decideCertificate(context, {
        form: certificateUseCaseForm({ certificateId, decision: "verified" }, false),
      }),
    ];
    expect(direct.map((outcome) => (outcome.ok ? "ok" : outcome.problem))).toEqual([
      "no-factory",
      "no-factory",
      "no-factory",
      "not-admin",
    ]);
    const fetch = await app.get(
      certificateFilesRoute.loader,
      `/certificate-files/${certificateId}/${file}`,
      { as: blocked, params: { certificateId, file } },
    );
    expect(fetch.status).toBe(404);
    expect(await findCertificateFile(app.db, user, certificateId, file)).toBeNull();
    const decide = await app.post(certificatesAdminRoute.action, "/admin/certificates", {
      as: blocked,
      form: { intent: "decide", certificateId, decision: "verified", note: "" },
    });
    expect(decide.status).toBe(302);
    expect(decide.location).toMatch(/^\/login/);
    expect(await rowsOf()).toEqual(before);
  });
});

/** File columns whose writes are tried in another matrix file (authorization-matrix-orders). */
const FILE_COLUMNS_OF_OTHER_MATRICES = ["order_events.attachments"];

describe(`stored files in the rows (${testDatabaseKind()})`, () => {
  it("sit in the schema's file columns only", async () => {
    const found = new Set<string>();
    for (const table of Object.values<unknown>(schema)) {
      if (!is(table, PgTable)) continue;
      for (const row of await app.db.select().from(table as typeof schema.users)) {
        for (const [key, value] of Object.entries(row)) {
          if (holdsStoredFile(value)) found.add(`${getTableName(table)}.${key}`);
        }
      }
    }
    const declared = schema.FILE_COLUMNS.map((column) => {
      const table = column.table as PgTable;
      const key = fileColumnKeys(table).find((name) => getTableColumns(table)[name] === column);
      return `${getTableName(table)}.${key}`;
    });
    const undeclared = [...found].filter((name) => !declared.includes(name));
    expect(undeclared, "columns with stored files that FILE_COLUMNS leaves out").toEqual([]);
    // Orders have a matrix file of their own, which checks that its cells store files there.
    const empty = declared.filter(
      (name) => !found.has(name) && !FILE_COLUMNS_OF_OTHER_MATRICES.includes(name),
    );
    expect(empty, "file columns the cells left no file in: the scan saw nothing there").toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// Issue 29: a buyer's saved factories and saved searches (/saved-factories). Only the buyer who
// saved a row reads or changes it; a factory or an admin keeps none; a blocked buyer is signed out.

const ownSaved = async () => ({
  factories: await app.db
    .select()
    .from(schema.savedFactories)
    .where(eq(schema.savedFactories.userId, ownerBuyer.id)),
  searches: sortedById(
    await app.db
      .select()
      .from(schema.savedSearches)
      .where(eq(schema.savedSearches.userId, ownerBuyer.id)),
  ),
});

/** The owner buyer's saved factory (the owner factory) with a note, as fresh state. */
async function freshSavedFactory(): Promise<None> {
  await app.db
    .insert(schema.savedFactories)
    .values({ userId: ownerBuyer.id, factoryId: ownerFactoryId, note: "до" })
    .onConflictDoUpdate({
      target: [schema.savedFactories.userId, schema.savedFactories.factoryId],
      set: { note: "до" },
    });
  return {};
}

/** A fresh saved search of the owner buyer, letters on. */
async function freshSavedSearch(): Promise<{ searchId: string }> {
  const [row] = await app.db
    .insert(schema.savedSearches)
    .values({ userId: ownerBuyer.id, query: `q=${randomUUID()}` })
    .returning({ id: schema.savedSearches.id });
  return { searchId: row?.id as string };
}

const postSaved = (as: Person | null, form: [string, string][]) =>
  app.post(savedFactoriesRoute.action, "/saved-factories", {
    as,
    form: [...form, ...injected({ userId: ownerBuyer.id, factoryId: ownerFactoryId })],
  });

const ownSavedRow = {
  allowed: ["owner"],
  owner: () => ownerBuyer,
  watch: OWNERS,
  probe: ownSaved,
} as const;

routeRows<None>("saved factories", [
  {
    ...ownSavedRow,
    op: "save a factory (POST /saved-factories) → owner buyer's saved list",
    setup: async () => {
      await app.db
        .delete(schema.savedFactories)
        .where(eq(schema.savedFactories.userId, ownerBuyer.id));
      return {};
    },
    attempt: (as) =>
      postSaved(as, [
        ["intent", "save"],
        ["factoryId", ownerFactoryId],
      ]),
    verify: async () => {
      expect((await ownSaved()).factories.map((row) => row.factoryId)).toEqual([ownerFactoryId]);
    },
  },
  {
    ...ownSavedRow,
    op: "saved factory's note → owner buyer's saved factory",
    setup: freshSavedFactory,
    attempt: (as) =>
      postSaved(as, [
        ["intent", "note"],
        ["factoryId", ownerFactoryId],
        ["note", "после"],
      ]),
    verify: async () => {
      expect((await ownSaved()).factories[0]?.note).toBe("после");
    },
  },
  {
    ...ownSavedRow,
    op: "remove a saved factory → owner buyer's saved factory",
    setup: freshSavedFactory,
    attempt: (as) =>
      postSaved(as, [
        ["intent", "unsave"],
        ["factoryId", ownerFactoryId],
      ]),
    verify: async () => {
      expect((await ownSaved()).factories).toEqual([]);
    },
  },
]);

routeRows<{ searchId: string }>("saved searches", [
  {
    ...ownSavedRow,
    op: "saved search's letters off → owner buyer's saved search",
    setup: freshSavedSearch,
    attempt: (as, { searchId }) =>
      postSaved(as, [
        ["intent", "letters"],
        ["searchId", searchId],
        ["letters", "off"],
      ]),
    verify: async ({ searchId }) => {
      const row = (await ownSaved()).searches.find((search) => search.id === searchId);
      expect(row?.letters).toBe(false);
    },
  },
  {
    ...ownSavedRow,
    op: "remove a saved search → owner buyer's saved search",
    setup: freshSavedSearch,
    attempt: (as, { searchId }) =>
      postSaved(as, [
        ["intent", "remove-search"],
        ["searchId", searchId],
      ]),
    verify: async ({ searchId }) => {
      expect((await ownSaved()).searches.some((search) => search.id === searchId)).toBe(false);
    },
  },
]);

describe(`saved items: a blocked buyer, the sixth role (${testDatabaseKind()})`, () => {
  it("can neither read nor change its saved factories and searches", async () => {
    const blocked = await app.signUp("buyer", "Заблокированный Покупатель");
    const saved = await app.post(savedFactoriesRoute.action, "/saved-factories", {
      as: blocked,
      form: [
        ["intent", "save"],
        ["factoryId", ownerFactoryId],
      ],
    });
    expect(saved.status).toBe(302);
    await blockUser(contextOf(app.db, await currentUser(admin)), {
      form: formOf({ userId: blocked.id, reason: "Спам" }),
    });
    const rows = () =>
      app.db
        .select()
        .from(schema.savedFactories)
        .where(eq(schema.savedFactories.userId, blocked.id));
    const before = await rows();
    expect(before).toHaveLength(1);
    for (const form of [
      [
        ["intent", "unsave"],
        ["factoryId", ownerFactoryId],
      ],
      [
        ["intent", "note"],
        ["factoryId", ownerFactoryId],
        ["note", "x"],
      ],
      [
        ["intent", "save-search"],
        ["query", "q=x"],
      ],
    ] as [string, string][][]) {
      const reply = await app.post(savedFactoriesRoute.action, "/saved-factories", {
        as: blocked,
        form,
      });
      expect(reply.status).toBe(302);
      expect(reply.location).toMatch(/^\/login/);
    }
    const page = await app.get(savedFactoriesRoute.loader, "/saved-factories", { as: blocked });
    expect(page.status).toBe(302);
    expect(await rows()).toEqual(before);
  });
});

// ---------------------------------------------------------------------------------------------
// Printing

function pad(text: string, width: number): string {
  const length = [...text].length;
  return text + " ".repeat(Math.max(0, width - length));
}

function renderTable<K extends string>(
  title: string,
  table: Map<string, Partial<Record<K, string>>>,
  actors: readonly K[],
  headings: Record<K, string>,
) {
  const header = ["operation", ...actors.map((key) => headings[key])];
  const rows = [...table.entries()].map(([op, row]) => [
    op,
    ...actors.map((key) => row[key] ?? "(not run)"),
  ]);
  const widths = header.map((_, i) =>
    Math.max(...[header, ...rows].map((r) => [...(r[i] ?? "")].length)),
  );
  const line = (cols: string[]) => `| ${cols.map((c, i) => pad(c, widths[i] ?? 0)).join(" | ")} |`;
  const rule = `|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`;
  return [title, line(header), rule, ...rows.map(line)].join("\n");
}

function printMatrices() {
  const sections: string[] = [];
  if (cells.routes.size > 0 || cells.services.size > 0) {
    const legend = [
      "✓ = the owner's rows or files changed (the attempt took effect); ✗ … unchanged = nothing of",
      "the owner's changed (compared row by row, updated_at and stored files included). A 2xx/302",
      "in a ✗ cell means the request acted on the caller's own rows only. Owner of admin and auth",
      "rows = the target account itself. ‼ marks a cell that broke its rule (the test fails).",
    ].join("\n");
    sections.push(
      `\nAuthorisation matrix (${testDatabaseKind()})`,
      legend,
      "",
      renderTable(
        "Route actions (as React Router calls them, real sessions)",
        cells.routes,
        ACTORS,
        HEADINGS,
      ),
      "",
      renderTable("Services called directly", cells.services, ACTORS, HEADINGS),
      "",
    );
  }
  if (partyCells.routes.size > 0 || partyCells.services.size > 0) {
    const legend = [
      "Rows of a quote: its parties are the tender owner and the quoting factory; the other",
      "factory has its own quote on the same tender. Compared: the tender, every quote on it and",
      "their messages, every account's rows, notifications and email settings, and the attachment",
      "files ('watching the owner's': only the owner's rows, as each caller acts on its own).",
      "✓ = changed; ✗ … unchanged = nothing changed; read = answered (200) and changed nothing;",
      "— = not applicable. ‼ marks a cell that broke its rule (the test fails).",
    ].join("\n");
    sections.push(
      `\nAuthorisation matrix: quotes, conversations, notifications (${testDatabaseKind()})`,
      legend,
      "",
      renderTable(
        "Route actions and private reads (real sessions)",
        partyCells.routes,
        PARTY_ACTORS,
        PARTY_HEADINGS,
      ),
      "",
      renderTable("Services called directly", partyCells.services, PARTY_ACTORS, PARTY_HEADINGS),
      "",
    );
  }
  if (sections.length > 0) console.log(sections.join("\n"));
}

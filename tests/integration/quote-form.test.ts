// The factory's side of quotes through the real routes (/tenders/:id/quote and /my-quotes), with
// the real database, auth and disk storage: who gets the form and who is told why not; a factory
// sends a quote with a PDF, edits it, removes the file and withdraws it; broken and hostile values
// are refused on their field and write nothing; stored files are removed when the quote cannot be
// written; an unknown intent is a 400.
import { existsSync } from "node:fs";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import fc from "fast-check";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { quoteForm as quoteFormEn } from "~/domain/messages/en/quote-form";
import { quotes as quotesEn } from "~/domain/messages/en/quotes";
import { quoteForm as quoteFormRu } from "~/domain/messages/quote-form";
import { quotes as quotesRu } from "~/domain/messages/quotes";
import { dateInputValue } from "~/features/quotes/schema";
import { schema } from "~/platform/db.server";
import { action as myQuotesAction, loader as myQuotesLoader } from "~/routes/my-quotes";
import { action as placeTenderAction } from "~/routes/place-tender";
import { action as profileAction } from "~/routes/profile";
import { action as quoteAction, loader as quoteLoader } from "~/routes/tender-quote";
import type { Person, Reply } from "../support/app-harness";
import {
  BAD_NUMBERS,
  conformReply,
  expectFieldRejected,
  expectNoServerError,
  formPairs,
  type Mutation,
  redirectToast,
  uploadedFiles,
  value,
  values,
  withControlChar,
} from "../support/hostile";
import { testApp } from "../support/per-file";
import { inDays, pdfFile as pdf } from "../support/quote-forms";

// A switch to make the service fail once after the files were stored (a lost connection, say),
// to see the use case remove them. Everything else runs the real services.
const failures = vi.hoisted(() => ({ next: false }));
vi.mock("~/features/quotes/quotes.server", async (importOriginal) => {
  const real = await importOriginal<typeof import("~/features/quotes/quotes.server")>();
  const failOnce =
    <A extends unknown[], R>(fn: (...args: A) => Promise<R>) =>
    (...args: A): Promise<R> => {
      if (failures.next) {
        failures.next = false;
        return Promise.reject(new Error("connection lost"));
      }
      return fn(...args);
    };
  return {
    ...real,
    insertQuote: failOnce(real.insertQuote),
    saveQuote: failOnce(real.saveQuote),
  };
});

const app = testApp();
let buyer: Person;
let otherBuyer: Person;
let factory: Person;
let rival: Person;
let bareFactory: Person;
let tenderId: string;
let closedTenderId: string;

const quotePath = (id = tenderId) => `/tenders/${id}/quote`;

/** A valid quote form. */
function quoteFields(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    intent: "submit",
    unitPrice: "12.50",
    currency: "USD",
    quantity: "500",
    minOrder: "100",
    leadTimeDays: "30",
    validUntil: inDays(20),
    message: "Шьем из своей ткани",
    ...overrides,
  };
}

const pairs = (fields: Record<string, string>, files: File[] = []): [string, string | Blob][] => [
  ...Object.entries(fields),
  ...files.map((file): [string, Blob] => ["attachments", file]),
];

async function quotesOf(person: Person) {
  return app.db.select().from(schema.quotes).where(eq(schema.quotes.userId, person.id));
}

/** The kinds of a person's notifications about a quote, oldest first. */
async function noticesOf(person: Person, quoteId: string) {
  const rows = await app.db
    .select({ kind: schema.notifications.kind })
    .from(schema.notifications)
    .where(
      and(eq(schema.notifications.userId, person.id), eq(schema.notifications.quoteId, quoteId)),
    )
    .orderBy(schema.notifications.createdAt);
  return rows.map((row) => row.kind);
}

const attachmentFiles = () => uploadedFiles(app).filter((file) => file.startsWith("attachments"));

type FormState = {
  state: {
    tender: { id: string; title: string; quantity: number | null };
    own: { id: string; status: string; unitPrice: number; attachments: { url: string }[] } | null;
    problem: string | null;
  };
  factoryAccount: boolean;
  today: string;
};

async function formState(person: Person, id = tenderId): Promise<FormState> {
  const reply = await app.get(quoteLoader, quotePath(id), { as: person, params: { id } });
  expectNoServerError(reply, "loader");
  expect(reply.status).toBe(200);
  return reply.data as FormState;
}

const send = (person: Person, form: [string, string | Blob][], id = tenderId, prefix = "") =>
  app.post(quoteAction, `${prefix}${quotePath(id)}`, { as: person, params: { id }, form });

beforeAll(async () => {
  [buyer, otherBuyer, factory, rival, bareFactory] = await Promise.all([
    app.signUp("buyer", "Покупатель Отклики"),
    app.signUp("buyer", "Другой Покупатель"),
    app.signUp("factory", "Фабрика Отклик"),
    app.signUp("factory", "Фабрика Соперник"),
    app.signUp("factory", "Фабрика Без Профиля"),
  ]);
  for (const [person, name] of [
    [factory, "Фабрика Отклик"],
    [rival, "Фабрика Соперник"],
  ] as const) {
    const saved = await app.post(profileAction, "/profile", {
      as: person,
      form: { intent: "save", name },
    });
    expect(saved.status).toBe(302);
  }
  for (const title of ["Пошив худи", "Пошив курток"]) {
    const placed = await app.post(placeTenderAction, "/place-tender", {
      as: buyer,
      form: { intent: "create", title, quantity: "500", budget: "6000", currency: "EUR" },
    });
    expect(placed.status).toBe(302);
  }
  const rows = await app.db
    .select({ id: schema.tenders.id, title: schema.tenders.title })
    .from(schema.tenders)
    .where(eq(schema.tenders.userId, buyer.id));
  tenderId = rows.find((row) => row.title === "Пошив худи")?.id as string;
  closedTenderId = rows.find((row) => row.title === "Пошив курток")?.id as string;
  await app.db
    .update(schema.tenders)
    .set({ status: "closed" })
    .where(eq(schema.tenders.id, closedTenderId));
}, 60_000);

describe("who gets the form", () => {
  it("sends a visitor to sign in and back, in the page's language", async () => {
    const ru = await app.get(quoteLoader, quotePath(), { params: { id: tenderId } });
    expect(ru.status).toBe(302);
    expect(ru.location).toBe(`/login?redirectTo=${encodeURIComponent(quotePath())}`);
    const en = await app.get(quoteLoader, `/en${quotePath()}`, { params: { id: tenderId } });
    expect(en.location).toBe(`/en/login?redirectTo=${encodeURIComponent(`/en${quotePath()}`)}`);
    const posted = await send(null as unknown as Person, pairs(quoteFields()));
    expect(posted.status).toBe(302);
    expect(await quotesOf(factory)).toEqual([]);
  });

  it("answers 404 for a tender that does not exist, a malformed id, or someone else's closed one", async () => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "' or 1=1 --", "1"]) {
      const reply = await app.get(quoteLoader, quotePath(id), { as: factory, params: { id } });
      expect(reply.status, id).toBe(404);
    }
    const closed = await app.get(quoteLoader, quotePath(closedTenderId), {
      as: factory,
      params: { id: closedTenderId },
    });
    expect(closed.status).toBe(404);
  });

  it("tells the owner, a buyer and a factory without its profile why they cannot quote", async () => {
    const own = await formState(buyer);
    expect(own.state.problem).toBe("own-tender");
    expect(own.state.own).toBeNull();
    const other = await formState(otherBuyer);
    expect(other).toMatchObject({ state: { problem: "not-a-factory" }, factoryAccount: false });
    const bare = await formState(bareFactory);
    expect(bare).toMatchObject({ state: { problem: "not-a-factory" }, factoryAccount: true });
    // The owner sees its own closed tender, with the reason it takes no quotes.
    expect((await formState(buyer, closedTenderId)).state.problem).toBe("own-tender");
  });

  it("gives a factory with its profile an empty form for the tender", async () => {
    const state = await formState(factory);
    expect(state.state).toMatchObject({
      tender: { id: tenderId, title: "Пошив худи", quantity: 500 },
      own: null,
      problem: null,
    });
    expect(state.today).toBe(dateInputValue(new Date()));
  });

  it("refuses a quote from the owner and from a buyer, in words, and writes nothing", async () => {
    const own = await send(buyer, pairs(quoteFields()));
    expect(own.status).toBe(403);
    expect(conformReply(own)?.error?.[""]).toEqual([quotesRu.problems["own-tender"]]);
    const other = await send(otherBuyer, pairs(quoteFields()), tenderId, "/en");
    expect(other.status).toBe(403);
    expect(conformReply(other)?.error?.[""]).toEqual([quotesEn.problems["not-a-factory"]]);
    const closed = await send(factory, pairs(quoteFields()), closedTenderId);
    expect(closed.status).toBe(404);
    const rows = await app.db.select().from(schema.quotes);
    expect(rows).toEqual([]);
  });
});

describe("broken and hostile values", () => {
  it("are refused on their field, in Russian, and write nothing (property)", async () => {
    const before = attachmentFiles();
    const field = (name: string, mutation: fc.Arbitrary<Mutation>) =>
      mutation.map((m) => [name, m] as const);
    const number = values(...BAD_NUMBERS, "0", "", " ");
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          field("unitPrice", fc.oneof(number, values("0.001", "1e2", "1000000000000"))),
          field("currency", fc.oneof(values("XXX", "usd ", "<b>", "'; drop table quotes; --"))),
          field("quantity", fc.oneof(number, values("2147483648", "1.5"))),
          field("minOrder", fc.oneof(values("0", "-3", "1.5", "abc", "501"))),
          field("leadTimeDays", fc.oneof(number, values("731", "1.5"))),
          field(
            "validUntil",
            values("2001-01-01", inDays(-1), inDays(400), "2026-02-31", "tomorrow", "", "1e9"),
          ),
          field("message", value(withControlChar)),
          field("samplePrice", values("15")),
        ),
        async ([name, mutation]) => {
          const reply = await send(
            factory,
            formPairs(quoteFields(), name, mutation, [["attachments", pdf()]]),
          );
          // A price or days given without a sample is refused on that field too.
          expectFieldRejected(reply, name, `${name}: ${JSON.stringify(mutation)}`);
        },
      ),
      { numRuns: 60 },
    );
    expect(await quotesOf(factory)).toEqual([]);
    expect(attachmentFiles()).toEqual(before);
  }, 120_000);

  it("speaks English on an English page", async () => {
    const reply = await send(
      factory,
      pairs(quoteFields({ unitPrice: "", leadTimeDays: "0", validUntil: "2001-01-01" })),
      tenderId,
      "/en",
    );
    expect(reply.status).toBe(400);
    expect(conformReply(reply)?.error).toMatchObject({
      unitPrice: [quotesEn.errors.priceRequired],
      leadTimeDays: [quotesEn.errors.daysInvalid(730)],
      validUntil: [quotesEn.errors.validUntilInvalid],
    });
  });

  it("refuses a file that is not a PDF or a picture, and more than five files", async () => {
    const before = attachmentFiles();
    const fake = new File(["<html><script>alert(1)</script>"], "offer.pdf", {
      type: "application/pdf",
    });
    const refused = await send(factory, pairs(quoteFields(), [pdf("good.pdf"), fake]));
    expectFieldRejected(refused, "attachments");
    const six = await send(
      factory,
      pairs(
        quoteFields(),
        Array.from({ length: 6 }, (_, i) => pdf(`p${i}.pdf`)),
      ),
    );
    expect(six.status).toBe(413);
    expect(await quotesOf(factory)).toEqual([]);
    expect(attachmentFiles()).toEqual(before);
  });

  it("answers an unknown or missing intent with 400 and writes nothing", async () => {
    for (const intent of ["delete", "save", "", "SUBMIT"]) {
      const reply = await send(factory, pairs(quoteFields({ intent })));
      expect(reply.status, intent).toBe(400);
      expect((reply.data as { toast?: { description?: string } }).toast?.description).toBe(
        quoteFormRu.toasts.unknownIntent,
      );
    }
    const { intent: _drop, ...withoutIntent } = quoteFields();
    expect((await send(factory, pairs(withoutIntent))).status).toBe(400);
    const mine = await app.post(myQuotesAction, "/my-quotes", {
      as: factory,
      form: { intent: "delete" },
    });
    expect(mine.status).toBe(400);
    expect(await quotesOf(factory)).toEqual([]);
  });

  it("removes the stored files when the quote cannot be written", async () => {
    const before = attachmentFiles();
    failures.next = true;
    const reply = await send(factory, pairs(quoteFields(), [pdf()])).finally(() => {
      failures.next = false;
    });
    expect(reply.status).toBe(500);
    expect(conformReply(reply)?.error?.[""]).toEqual([quotesRu.problems["save-failed"]]);
    expect(await quotesOf(factory)).toEqual([]);
    expect(attachmentFiles()).toEqual(before);
  });
});

describe("a factory's quote from sending to withdrawing", () => {
  let quoteId: string;
  let fileUrl: string;

  it("sends a quote with a PDF and lands on 'Мои отклики'", async () => {
    const reply = await send(
      factory,
      pairs(quoteFields({ sampleAvailable: "on", samplePrice: "40", sampleDays: "7" }), [
        pdf("Коммерческое предложение.pdf"),
      ]),
    );
    expectNoServerError(reply);
    expect(reply.status).toBe(302);
    expect(reply.location).toBe("/my-quotes");
    expect(await redirectToast(reply)).toMatchObject({
      type: "success",
      description: quoteFormRu.toasts.sent,
    });
    const [row] = await quotesOf(factory);
    expect(row).toMatchObject({
      tenderId,
      status: "submitted",
      unitPrice: 12.5,
      currency: "USD",
      quantity: 500,
      minOrder: 100,
      leadTimeDays: 30,
      sampleAvailable: true,
      samplePrice: 40,
      sampleDays: 7,
      message: "Шьем из своей ткани",
    });
    expect(row?.attachments).toHaveLength(1);
    expect(row?.attachments[0]).toMatchObject({
      kind: "pdf",
      name: "Коммерческое предложение.pdf",
    });
    quoteId = row?.id as string;
    fileUrl = row?.attachments[0]?.url as string;
    expect(existsSync(path.join(app.dataDir, "uploads", fileUrl))).toBe(true);
  });

  it("shows it in 'Мои отклики' and in the form, to edit", async () => {
    const list = await app.get(myQuotesLoader, "/my-quotes", { as: factory });
    expect(list.status).toBe(200);
    const data = list.data as { state: string; list: { total: number; items: unknown[] } };
    expect(data.state).toBe("ready");
    expect(data.list.total).toBe(1);
    expect(data.list.items[0]).toMatchObject({
      id: quoteId,
      status: "submitted",
      unread: 0,
      tender: { id: tenderId, title: "Пошив худи" },
    });
    const state = await formState(factory);
    expect(state.state.problem).toBeNull();
    expect(state.state.own).toMatchObject({ id: quoteId, status: "submitted", unitPrice: 12.5 });
  });

  it("refuses a second new quote on the same tender", async () => {
    const again = await send(factory, pairs(quoteFields(), [pdf()]));
    expect(again.status).toBe(409);
    expect(conformReply(again)?.error?.[""]).toEqual([quotesRu.problems["already-quoted"]]);
    expect(await quotesOf(factory)).toHaveLength(1);
    expect(attachmentFiles()).toEqual([fileUrl]);
  });

  it("edits it: new price, the sample dropped, the file kept", async () => {
    const reply = await send(
      factory,
      pairs(quoteFields({ quoteId, unitPrice: "11,75", leadTimeDays: "25" })),
    );
    expect(reply.status).toBe(302);
    expect(await redirectToast(reply)).toMatchObject({ description: quoteFormRu.toasts.updated });
    const [row] = await quotesOf(factory);
    expect(row).toMatchObject({
      unitPrice: 11.75,
      leadTimeDays: 25,
      sampleAvailable: false,
      samplePrice: null,
      sampleDays: null,
    });
    expect(row?.attachments.map((file) => file.url)).toEqual([fileUrl]);
    expect(await noticesOf(buyer, quoteId)).toEqual(["quote-received", "quote-updated"]);
  });

  it("does not let another factory edit, remove its file or withdraw it", async () => {
    const before = await quotesOf(factory);
    const edit = await send(rival, pairs(quoteFields({ quoteId, unitPrice: "1" })));
    expect(edit.status).toBe(404);
    const remove = await send(rival, [
      ["intent", "remove-attachment"],
      ["quoteId", quoteId],
      ["url", fileUrl],
    ]);
    expect(remove.status).toBe(404);
    const withdraw = await send(rival, [
      ["intent", "withdraw"],
      ["quoteId", quoteId],
    ]);
    expect(withdraw.status).toBe(404);
    const fromList = await app.post(myQuotesAction, "/my-quotes", {
      as: rival,
      form: { intent: "withdraw", quoteId },
    });
    expect(fromList.status).toBe(404);
    expect(await quotesOf(factory)).toEqual(before);
    expect(await quotesOf(rival)).toEqual([]);
    expect(attachmentFiles()).toEqual([fileUrl]);
  });

  it("removes the PDF from the quote and from storage", async () => {
    const reply = await send(factory, [
      ["intent", "remove-attachment"],
      ["quoteId", quoteId],
      ["url", fileUrl],
    ]);
    expect(reply.status).toBe(200);
    expect((reply.data as { toast: { description: string } }).toast.description).toBe(
      quoteFormRu.toasts.fileRemoved,
    );
    expect((await quotesOf(factory))[0]?.attachments).toEqual([]);
    expect(existsSync(path.join(app.dataDir, "uploads", fileUrl))).toBe(false);
    const again = await send(factory, [
      ["intent", "remove-attachment"],
      ["quoteId", quoteId],
      ["url", fileUrl],
    ]);
    expect(again.status).toBe(404);
  });

  it("withdraws it and tells the buyer; it cannot be edited, but can be sent again while the tender is active", async () => {
    const reply = await send(factory, [
      ["intent", "withdraw"],
      ["quoteId", quoteId],
    ]);
    expect(reply.status).toBe(302);
    expect(reply.location).toBe("/my-quotes");
    expect(await redirectToast(reply)).toMatchObject({ description: quoteFormRu.toasts.withdrawn });
    expect((await quotesOf(factory))[0]?.status).toBe("withdrawn");
    expect(await noticesOf(buyer, quoteId)).toEqual([
      "quote-received",
      "quote-updated",
      "quote-withdrawn",
    ]);
    const twice = await app.post(myQuotesAction, "/my-quotes", {
      as: factory,
      form: { intent: "withdraw", quoteId },
    });
    expect(twice.status).toBe(409);
    expect((await quotesOf(factory))[0]?.unitPrice).toBe(11.75);

    // The form is offered again, with the withdrawn quote's values.
    const state = await formState(factory);
    expect(state.state).toMatchObject({ problem: null, own: { status: "withdrawn" } });
    // A stranger's resend of it is refused.
    const stranger = await send(rival, pairs(quoteFields({ quoteId, unitPrice: "1" })));
    expect(stranger.status).toBe(404);
    const again = await send(factory, pairs(quoteFields({ quoteId, unitPrice: "11" })));
    expect(again.status).toBe(302);
    expect(await redirectToast(again)).toMatchObject({ description: quoteFormRu.toasts.resent });
    expect((await quotesOf(factory))[0]).toMatchObject({
      id: quoteId,
      status: "submitted",
      unitPrice: 11,
      decidedAt: null,
    });
    expect(await noticesOf(buyer, quoteId)).toEqual([
      "quote-received",
      "quote-updated",
      "quote-withdrawn",
      "quote-received",
    ]);
  });

  it("cannot send a withdrawn quote again once the tender is closed", async () => {
    await send(factory, [
      ["intent", "withdraw"],
      ["quoteId", quoteId],
    ]);
    await app.db
      .update(schema.tenders)
      .set({ status: "closed" })
      .where(eq(schema.tenders.id, tenderId));
    try {
      const state = await formState(factory);
      expect(state.state).toMatchObject({
        problem: "already-decided",
        own: { status: "withdrawn" },
      });
      const again = await send(factory, pairs(quoteFields({ quoteId })));
      expect(again.status).toBe(409);
      expect(conformReply(again)?.error?.[""]).toEqual([quotesRu.problems["already-decided"]]);
      expect((await quotesOf(factory))[0]?.status).toBe("withdrawn");
    } finally {
      await app.db
        .update(schema.tenders)
        .set({ status: "active" })
        .where(eq(schema.tenders.id, tenderId));
    }
  });

  it("another factory quotes and withdraws from 'Мои отклики'", async () => {
    // What a browser without JavaScript sends: the optional fields blank.
    const blank = { unitPrice: "9", minOrder: "", samplePrice: "", sampleDays: "", message: "" };
    const sent = await send(rival, pairs(quoteFields(blank)), tenderId, "/en");
    expect(sent.status).toBe(302);
    expect(sent.location).toBe("/en/my-quotes");
    expect(await redirectToast(sent)).toMatchObject({ description: quoteFormEn.toasts.sent });
    const [row] = await quotesOf(rival);
    expect(row).toMatchObject({ unitPrice: 9, minOrder: null, samplePrice: null, message: null });
    const withdrawn = await app.post(myQuotesAction, "/my-quotes?page=1", {
      as: rival,
      form: { intent: "withdraw", quoteId: row?.id as string },
    });
    expect(withdrawn.status).toBe(302);
    expect(withdrawn.location).toBe("/my-quotes?page=1");
    expect((await quotesOf(rival))[0]?.status).toBe("withdrawn");
  });
});

describe("'Мои отклики' for everyone else", () => {
  it("asks a visitor to sign in, tells a buyer it is for factories, a bare factory to fill its profile", async () => {
    const states: [Person | null, string, number][] = [
      [null, "anonymous", 401],
      [buyer, "not-factory", 403],
      [bareFactory, "no-factory", 200],
    ];
    for (const [person, state, status] of states) {
      const reply: Reply = await app.get(myQuotesLoader, "/my-quotes", { as: person });
      expect(reply.status, state).toBe(status);
      expect(reply.data, state).toEqual({ state });
    }
    const visitor = await app.post(myQuotesAction, "/my-quotes", {
      form: { intent: "withdraw", quoteId: "x" },
    });
    expect(visitor.status).toBe(302);
    expect(visitor.location).toBe("/login?redirectTo=%2Fmy-quotes");
  });
});

// Issue 26, item 6: one phone rule everywhere. Phones and WhatsApp numbers of profiles,
// factories and tenders are stored as E.164 ('+998901234567'), shown with the country's
// grouping ('+998 90 123 45 67'), and the edit forms give back what is shown. Migration 0011
// rewrote the older values (WhatsApp as bare digits, phones as typed) by the same rule.

import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { formatPhone, normalizePhone, shownPhone, whatsappLink } from "~/domain/contacts";
import { schema } from "~/platform/db.server";
import * as placeTenderRoute from "~/routes/place-tender";
import { action as profileAction, loader as profileLoader } from "~/routes/profile";
import * as tenderRoute from "~/routes/tender";
import { testApp } from "../support/per-file";
import { testDatabaseKind } from "../support/test-db";

const app = testApp();

describe(`one phone format (${testDatabaseKind()})`, () => {
  it("stores a tender's WhatsApp and phone as E.164 and shows them grouped, also in its edit form", async () => {
    const buyer = await app.signUp("buyer", "Покупатель");
    const title = `Тендер ${randomUUID().slice(0, 8)}`;
    const reply = await app.post(placeTenderRoute.action, "/place-tender?new=1", {
      as: buyer,
      form: [
        ["intent", "create"],
        ["title", title],
        ["phone", "8 701 555 12 35"],
        ["whatsapp", "+7 701 555 12 35"],
      ],
    });
    expect(reply.status, JSON.stringify(reply.data)).toBe(302);
    const [row] = await app.db
      .select({
        id: schema.tenders.id,
        phone: schema.tenders.phone,
        whatsapp: schema.tenders.whatsapp,
      })
      .from(schema.tenders)
      .where(eq(schema.tenders.title, title));
    expect(row).toMatchObject({ phone: "+77015551235", whatsapp: "+77015551235" });

    const factory = await app.signUp("factory", "Фабрика");
    const page = await app.get(tenderRoute.loader, `/tenders/${row?.id}`, {
      as: factory,
      params: { id: row?.id ?? "" },
    });
    const contacts = (page.data as { tender: { contacts: { whatsapp: string; phone: string } } })
      .tender.contacts;
    expect(formatPhone(contacts.whatsapp)).toBe("+7 701 555 12 35");
    expect(whatsappLink(contacts.whatsapp)).toBe("https://wa.me/77015551235");
    // The edit form shows the grouped number and reads it back to the same stored value.
    expect(shownPhone(contacts.whatsapp)).toBe("+7 701 555 12 35");
    expect(normalizePhone(shownPhone(contacts.phone))).toBe("+77015551235");
  });

  it("keeps the profile's Uzbek grouping: '+998 90 123 45 67' in, the same out", async () => {
    const buyer = await app.signUp("buyer", "Покупатель из Ташкента");
    const saved = await app.post(profileAction, "/profile", {
      as: buyer,
      form: {
        intent: "save",
        name: "Покупатель из Ташкента",
        phone: "+998 90 123 45 67",
        whatsappNumber: "+998 90 123 45 67",
      },
    });
    expect(saved.status, JSON.stringify(saved.data)).toBe(302);
    const page = await app.get(profileLoader, "/profile", { as: buyer });
    const profile = (page.data as { profile: { phone: string; whatsappNumber: string } }).profile;
    expect(profile).toMatchObject({ phone: "+998901234567", whatsappNumber: "+998901234567" });
    expect(shownPhone(profile.whatsappNumber)).toBe("+998 90 123 45 67");
    expect(shownPhone(profile.phone)).toBe("+998 90 123 45 67");
  });

  it("rewrote older values by the same rule as the forms (migration 0011)", async () => {
    // The migration's function, run again under its own name.
    const migration = readFileSync("db/migrations/0011_directory_completeness.sql", "utf8");
    const definition = /CREATE FUNCTION fabricum_phone_e164[\s\S]*?\$\$;/.exec(migration)?.[0];
    expect(definition).toBeDefined();
    await app.db.execute(sql.raw(definition as string));
    try {
      const legacy = [
        "77015551235",
        "996555123456",
        "+996 555 123-456",
        "8 701 555 0142",
        "(+998) 90 123 45 67",
        "00375291234567",
        "+7 727 123-45-67",
        "0555 123 456",
        "звоните днем",
        "+998901234567",
      ];
      for (const value of legacy) {
        const { rows } = await app.db.execute<{ v: string }>(
          sql`select fabricum_phone_e164(${value}) as v`,
        );
        expect(rows[0]?.v, value).toBe(normalizePhone(value) ?? value);
      }
    } finally {
      await app.db.execute(sql`drop function fabricum_phone_e164(text)`);
    }
  });
});

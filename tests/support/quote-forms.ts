/**
 * Quotes as the factory's form sends them, for the tests that quote: a date `days` from today as
 * the form writes it, the fields of a valid quote, and a small real PDF to attach.
 */
import { dateInputValue } from "~/features/quotes/schema";

export const DAY = 24 * 60 * 60 * 1000;

/** A date input's value `days` from today (UTC). */
export const inDays = (days: number) => dateInputValue(new Date(Date.now() + days * DAY));

/** The fields of a valid quote with a sample, changed by `overrides`. */
export function quoteInput(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    unitPrice: "12,50",
    currency: "USD",
    quantity: "300",
    minOrder: "100",
    leadTimeDays: "30",
    sampleAvailable: "on",
    samplePrice: "15",
    sampleDays: "7",
    validUntil: inDays(20),
    message: "Шьём из своей ткани.",
    ...overrides,
  };
}

/** A small real PDF (header and trailer as the server checks them). */
export function pdfFile(name = "offer.pdf"): File {
  const body = "%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n";
  return new File([body], name, { type: "application/pdf" });
}

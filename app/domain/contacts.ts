/**
 * Contact values normalised so they work as links later (tel:, mailto:, https://, t.me,
 * wa.me, instagram.com). Each function returns the stored form, or null when the input cannot
 * be one. Pure; used by the form schemas on both sides.
 */

/** A value of each kind as the profile form shows it for an example (the same in every language). */
export const CONTACT_EXAMPLES = {
  phone: "+996 555 123 456",
  website: "https://example.com",
  instagram: "https://instagram.com/username",
  telegram: "@username",
  whatsapp: "+996 555 123 456",
};

const digitsOf = (value: string) => value.replace(/\D/g, "");

/** The digits of a phone number written with phone characters only, if it has 7–15 of them. */
function phoneDigits(value: string): string | null {
  if (!/^\+?[\d\s().-]+$/.test(value)) return null;
  const digits = digitsOf(value);
  return digits.length >= 7 && digits.length <= 15 ? digits : null;
}

/** A phone as typed ('+996 (555) 12-34-56'), if it has 7–15 digits and only phone characters. */
export function normalizePhone(input: string): string | null {
  const value = input.trim().replace(/\s+/g, " ");
  return phoneDigits(value) ? value : null;
}

/** WhatsApp as the digits wa.me needs ('996555123456'). */
export function normalizeWhatsapp(input: string): string | null {
  const value = input.trim();
  const fromLink =
    /^(?:https?:\/\/)?(?:wa\.me|api\.whatsapp\.com\/send\?phone=)\/?(\+?[\d]+)/i.exec(value);
  return phoneDigits(fromLink ? (fromLink[1] as string) : value);
}

/** Telegram '@handle', 'handle', 't.me/handle' or 'https://t.me/handle' → 'https://t.me/handle'. */
export function normalizeTelegram(input: string): string | null {
  const value = input.trim();
  const match =
    /^(?:https?:\/\/)?(?:www\.)?(?:t\.me|telegram\.me)\/([A-Za-z0-9_]{5,32})\/?$/i.exec(value) ??
    /^@?([A-Za-z0-9_]{5,32})$/.exec(value);
  return match ? `https://t.me/${match[1]}` : null;
}

/** Instagram '@handle', 'handle' or an instagram.com link → 'https://instagram.com/handle'. */
export function normalizeInstagram(input: string): string | null {
  const value = input.trim();
  const match =
    /^(?:https?:\/\/)?(?:www\.)?instagram\.com\/([A-Za-z0-9._]{1,30})\/?(?:\?.*)?$/i.exec(value) ??
    /^@?([A-Za-z0-9._]{1,30})$/.exec(value);
  if (!match || /^\.|\.$|\.\./.test(match[1] as string)) return null;
  return `https://instagram.com/${match[1]}`;
}

/** A website with its scheme ('example.com' → 'https://example.com'). */
export function normalizeWebsite(input: string): string | null {
  const value = input.trim();
  const withScheme = /^https?:\/\//i.test(value) ? value : `https://${value}`;
  try {
    const url = new URL(withScheme);
    if (!/^https?:$/.test(url.protocol) || !/^[^.\s]+(\.[^.\s]+)+$/.test(url.hostname)) return null;
    if (url.username || url.password) return null;
    return url.toString().replace(/\/$/, "");
  } catch {
    return null;
  }
}

/** The handle shown for a stored Telegram or Instagram link ('https://t.me/abc' → '@abc'). */
export function handleOf(url: string | null | undefined): string {
  if (!url) return "";
  const match = /\/([^/]+)\/?$/.exec(url);
  return match ? `@${match[1]}` : url;
}

/** Calling codes of the countries our members come from, longest first where they overlap. */
const CALLING_CODES = [
  "370",
  "371",
  "372",
  "373",
  "374",
  "375",
  "380",
  "992",
  "993",
  "994",
  "995",
  "996",
  "998",
  "90",
  "48",
  "49",
  "7",
  "1",
];

/**
 * Stored WhatsApp digits as people write a number: '996555123456' → '+996 555 123 456'. The
 * country code is set apart when it is one we know; the rest goes in groups of three (a last
 * lone digit joins the group before it).
 */
export function formatWhatsapp(digits: string): string {
  const all = digitsOf(digits);
  const code = CALLING_CODES.find((c) => all.startsWith(c) && all.length > c.length + 5);
  const rest = code ? all.slice(code.length) : all;
  const groups = rest.match(/\d{1,3}/g) ?? [];
  if (groups.length > 1 && groups.at(-1)?.length === 1) {
    const last = groups.pop() as string;
    groups[groups.length - 1] += last;
  }
  return `+${code ? `${code} ` : ""}${groups.join(" ")}`;
}

/** wa.me link for stored WhatsApp digits. */
export function whatsappLink(digits: string): string {
  return `https://wa.me/${digitsOf(digits)}`;
}

/** tel: link for a stored phone. */
export function phoneLink(phone: string): string {
  return `tel:${phone.trim().startsWith("+") ? "+" : ""}${digitsOf(phone)}`;
}

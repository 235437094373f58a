/**
 * Contact values normalised so they work as links later (tel:, mailto:, https://, t.me,
 * wa.me, instagram.com). Each function returns the stored form, or null when the input cannot
 * be one. Pure; used by the form schemas on both sides.
 */

/** A value of each kind as the profile form shows it for an example (the same in every language). */
export const CONTACT_EXAMPLES = {
  phone: "+996 555 12 34 56",
  website: "https://example.com",
  instagram: "https://instagram.com/username",
  telegram: "@username",
  whatsapp: "+996 555 12 34 56",
};

const digitsOf = (value: string) => value.replace(/\D/g, "");

/**
 * A phone number in its one stored form, E.164 ('+998901234567'), from what a person typed:
 * '+998 90 123-45-67', '(+998) 90 123 45 67', '00998901234567', '998901234567' (digits with the
 * country code). A Russian or Kazakh '8 701 555 12 35' becomes '+77015551235'. Null for anything
 * but phone characters, a local number without its country code ('0…'), or other than 7–15
 * digits. Phones and WhatsApp numbers of profiles, factories and tenders are all stored so
 * (migration 0011 rewrote the older ones).
 */
export function normalizePhone(input: string): string | null {
  const value = input.trim();
  if (!/^\(?\+?[\d\s().-]+$/.test(value)) return null;
  let digits = digitsOf(value);
  if (!value.replace(/^\(/, "").startsWith("+")) {
    if (digits.startsWith("00")) digits = digits.slice(2);
    else if (digits.length === 11 && digits.startsWith("8")) digits = `7${digits.slice(1)}`;
    else if (digits.startsWith("0")) return null;
  }
  if (digits.startsWith("0")) return null;
  return digits.length >= 7 && digits.length <= 15 ? `+${digits}` : null;
}

/** A WhatsApp number, typed or as a wa.me link, in the stored form of `normalizePhone`. */
export function normalizeWhatsapp(input: string): string | null {
  const value = input.trim();
  const fromLink =
    /^(?:https?:\/\/)?(?:wa\.me|api\.whatsapp\.com\/send\?phone=)\/?\+?(\d+)\/?(?:[?&].*)?$/i.exec(
      value,
    );
  return normalizePhone(fromLink ? `+${fromLink[1]}` : value);
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

/**
 * How each country groups its numbers after the calling code, by the length of the national
 * number: '+7 701 555 12 35', '+998 90 123 45 67', '+996 555 12 34 56', '+375 29 123 45 67'.
 * Codes are tried longest first. A number of another length, or of another country, falls back
 * to groups of three.
 */
const PHONE_GROUPS: Record<string, Record<number, readonly number[]>> = {
  "7": { 10: [3, 3, 2, 2] },
  "1": { 10: [3, 3, 4] },
  "33": { 9: [1, 2, 2, 2, 2] },
  "44": { 10: [4, 6] },
  "48": { 9: [3, 3, 3] },
  "86": { 11: [3, 4, 4] },
  "90": { 10: [3, 3, 2, 2] },
  "370": { 8: [3, 5] },
  "371": { 8: [4, 4] },
  "372": { 7: [3, 4], 8: [4, 4] },
  "373": { 8: [2, 3, 3] },
  "374": { 8: [2, 3, 3] },
  "375": { 9: [2, 3, 2, 2] },
  "380": { 9: [2, 3, 2, 2] },
  "992": { 9: [2, 3, 2, 2] },
  "993": { 8: [2, 2, 2, 2] },
  "994": { 9: [2, 3, 2, 2] },
  "995": { 9: [3, 2, 2, 2] },
  "996": { 9: [3, 2, 2, 2] },
  "998": { 9: [2, 3, 2, 2] },
};

/** German numbers: a mobile or area prefix, then the subscriber's number in one block. */
function germanGroups(national: string): number[] {
  if (national.length < 6 || national.length > 12) return [];
  const prefix = /^(?:30|40|69|89)/.test(national) ? 2 : 3;
  return [prefix, national.length - prefix];
}

const CODES = [...Object.keys(PHONE_GROUPS), "49"].sort((a, b) => b.length - a.length);

function split(digits: string, sizes: readonly number[]): string[] {
  const groups: string[] = [];
  let at = 0;
  for (const size of sizes) {
    groups.push(digits.slice(at, at + size));
    at += size;
  }
  return groups;
}

/** Groups of three; a last lone digit joins the group before it. */
function inThrees(digits: string): string[] {
  const groups = digits.match(/\d{1,3}/g) ?? [];
  if (groups.length > 1 && groups.at(-1)?.length === 1) {
    const last = groups.pop() as string;
    groups[groups.length - 1] += last;
  }
  return groups;
}

/**
 * A stored phone (E.164) as people of its country write it: '+998901234567' → '+998 90 123 45 67'.
 * What the profile, the factory page, the tender and the admin show, and what the edit forms give
 * back (normalizePhone reads it again to the same stored value). A value that is not E.164 (written
 * outside the forms) is shown as it is.
 */
export function formatPhone(stored: string): string {
  const value = stored.trim();
  if (!/^\+\d{7,15}$/.test(value)) return value;
  const all = value.slice(1);
  const code = CODES.find((c) => all.startsWith(c) && all.length > c.length + 4);
  if (!code) return `+${inThrees(all).join(" ")}`;
  const national = all.slice(code.length);
  const sizes = code === "49" ? germanGroups(national) : PHONE_GROUPS[code]?.[national.length];
  const groups = sizes && sizes.length > 0 ? split(national, sizes) : inThrees(national);
  return `+${code} ${groups.join(" ")}`;
}

/** What an edit form shows for a stored phone (formatPhone), or '' for none. */
export function shownPhone(stored: string | null | undefined): string {
  return stored ? formatPhone(stored) : "";
}

/** wa.me link for a stored WhatsApp number: the digits only. */
export function whatsappLink(stored: string): string {
  return `https://wa.me/${digitsOf(stored)}`;
}

/** tel: link for a stored phone. */
export function phoneLink(phone: string): string {
  return `tel:${phone.trim().startsWith("+") ? "+" : ""}${digitsOf(phone)}`;
}

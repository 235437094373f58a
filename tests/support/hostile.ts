import path from "node:path";
import { sql } from "drizzle-orm";
import fc from "fast-check";
import { expect } from "vitest";
import { m } from "~/domain/messages";
import type { ToastMessage } from "~/domain/toast";
import { takeToast } from "~/http/toast.server";
import type { Reply, TestApp } from "./app-harness";
import { filesUnder } from "./images";
import { readUntilWritten } from "./unchanged";

// Each run draws new values. A failure prints its seed; FC_SEED=<seed> replays the same values.
if (process.env.FC_SEED) fc.configureGlobal({ seed: Number(process.env.FC_SEED) });

// ---------------------------------------------------------------------------------------------
// Values

/** C0 controls (NUL first: PostgreSQL text cannot hold it) and DEL; not TAB, LF or CR. */
export const CONTROL_CHARS = [
  "\u0000",
  "\u0001",
  "\u0007",
  "\b",
  "\u000B",
  "\f",
  "\u001B",
  "\u001F",
  "\u007F",
] as const;
export const LONE_SURROGATES = ["\uD800", "\uDBFF", "\uDC00", "\uDFFF"] as const;

export const HTML_PAYLOADS = [
  "<script>alert(1)</script>",
  `"><img src=x onerror=alert(1)>`,
  "</script><script>alert(document.cookie)</script>",
  "<svg/onload=alert(1)>",
  "javascript:alert(1)",
  "<iframe src=//evil.example>",
  "{{constructor.constructor('alert(1)')()}}",
  "$" + "{7*7}",
  "&lt;b&gt;&amp;&#0;",
] as const;

export const SQL_PAYLOADS = [
  "'; DROP TABLE tenders; --",
  "' OR '1'='1",
  "1; select pg_sleep(10)--",
  "\\'; --",
  "$$; drop table users; $$",
  "%' and 1=1 --",
  "E'\\x00'",
  "'); delete from profiles where ('1'='1",
] as const;

/** Valid text that is merely unusual: RTL, bidi overrides, emoji, combining marks, zero-width. */
export const WEIRD_VALID = [
  "\u202Eтекст наоборот\u202C",
  "👩‍👩‍👧‍👦 Фабрика 🧵",
  "مصنع النسيج",
  "שלום עולם",
  "Z̷̛a̵l̶g̷o̸ текст",
  "zero\u200Bwidth\u200Djoin",
  "𝕱𝖆𝖇𝖗𝖎𝖈𝖚𝖒",
  "Ünïcödé ñ ß ø",
  "🏳️‍🌈✂️🪡",
  "Тест\u00A0с\u00A0неразрывными пробелами",
] as const;

const inject = (chars: readonly string[]) =>
  fc
    .tuple(fc.string({ maxLength: 20 }), fc.constantFrom(...chars), fc.string({ maxLength: 20 }))
    // Letters around it: trimming would remove a control character that is whitespace to JS
    // (VT, FF) from the ends, and then the text is valid.
    .map(([before, bad, after]) => `x${before}${bad}${after}y`);

/** Text with a control character (NUL included) somewhere inside. */
export const withControlChar = inject(CONTROL_CHARS);
/**
 * Text with a lone UTF-16 surrogate inside (not valid Unicode). It never reaches the server as
 * such: a form body is UTF-8, so the browser (and FormData here) sends U+FFFD instead; see
 * `asSent`.
 */
export const withLoneSurrogate = inject(LONE_SURROGATES);

/** A string as the server receives it from a form: lone surrogates become U+FFFD. */
export function asSent(value: string): string {
  return new TextDecoder().decode(new TextEncoder().encode(value));
}

/**
 * A string of more than `max` characters (Unicode code points, as the schemas count them; up to
 * about 1M), with no spaces at its ends.
 */
export function tooLong(max: number, upTo = 1_000_000) {
  return fc
    .tuple(
      fc.integer({ min: max + 1, max: Math.max(max + 1, upTo) }),
      fc.constantFrom("a", "я", "😀", "<b>", "'"),
    )
    .map(([length, unit]) => unit.repeat(Math.ceil(length / [...unit].length)));
}

/** Very long strings: 10k to 1M characters. */
export const veryLong = tooLong(10_000);

/** Any hostile text: a mix of everything above plus arbitrary Unicode. */
export const hostileText = fc.oneof(
  { weight: 3, arbitrary: withControlChar },
  { weight: 2, arbitrary: withLoneSurrogate },
  { weight: 2, arbitrary: fc.constantFrom(...HTML_PAYLOADS) },
  { weight: 2, arbitrary: fc.constantFrom(...SQL_PAYLOADS) },
  { weight: 2, arbitrary: fc.constantFrom(...WEIRD_VALID) },
  { weight: 1, arbitrary: veryLong },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: "grapheme", maxLength: 40 }) },
  {
    weight: 1,
    arbitrary: fc.constantFrom("", " ", "\t\n", "null", "undefined", "[object Object]"),
  },
);

/** Numbers a number field must refuse (whatever its range). */
export const BAD_NUMBERS = [
  "NaN",
  "Infinity",
  "-Infinity",
  "-1",
  "-0.5",
  "1e309",
  "1e3",
  "0x1F",
  "1_000",
  "99999999999999999999999999",
  "١٢٣",
  "½",
  "--1",
  "1.2.3",
  "12abc",
  "<script>1</script>",
  "' OR 1=1",
] as const;

// ---------------------------------------------------------------------------------------------
// Fields, broken

export type FormValue = string | string[];
export type Mutation =
  | { kind: "value"; value: string }
  | { kind: "missing" }
  | { kind: "duplicate"; values: [string, string] }
  | { kind: "file" };

export const asValue = (value: string): Mutation => ({ kind: "value", value });
export const value = (arb: fc.Arbitrary<string>) => arb.map(asValue);
export const values = (...list: string[]) => fc.constantFrom(...list).map(asValue);
export const missing = fc.constant<Mutation>({ kind: "missing" });
export const aFile = fc.constant<Mutation>({ kind: "file" });
/** The same name twice with different values. */
export const duplicated = (a: string, b: string) =>
  fc.constant<Mutation>({ kind: "duplicate", values: [a, b] });

/** Broken text for a free-text field of at most `max` characters. */
export function brokenText(max: number, valid = "Текст") {
  return fc.oneof(
    value(withControlChar),
    value(tooLong(max)),
    aFile,
    duplicated(valid, `${valid} 2`),
  );
}

/** A text file posing as a form value. */
export function textFile(): File {
  return new File(["<script>alert(1)</script>"], "payload.txt", { type: "text/plain" });
}

/** Form pairs: the base values with `field` replaced by `mutation`, plus extra pairs. */
export function formPairs(
  base: Record<string, FormValue>,
  field?: string,
  mutation?: Mutation,
  extra: [string, string | Blob][] = [],
): [string, string | Blob][] {
  const pairs: [string, string | Blob][] = [];
  const entries = Object.entries(base);
  if (field && !(field in base)) entries.push([field, ""]);
  for (const [name, current] of entries) {
    if (name === field && mutation) {
      if (mutation.kind === "value") pairs.push([name, mutation.value]);
      else if (mutation.kind === "duplicate") {
        pairs.push([name, mutation.values[0]], [name, mutation.values[1]]);
      } else if (mutation.kind === "file") pairs.push([name, textFile()]);
      continue;
    }
    for (const item of Array.isArray(current) ? current : [current]) pairs.push([name, item]);
  }
  return [...pairs, ...extra];
}

/** The pairs as the FormData a browser sends, in their order. */
export function formDataOf(pairs: Iterable<[string, string | Blob]>): FormData {
  const body = new FormData();
  for (const [name, value] of pairs) body.append(name, value);
  return body;
}

/** A short description of a mutation for failure reports (long values cut). */
export function describeMutation(field: string, mutation: Mutation): string {
  const show = (text: string) =>
    JSON.stringify(text.length > 80 ? `${text.slice(0, 80)}…(${text.length})` : text);
  switch (mutation.kind) {
    case "value":
      return `${field}=${show(mutation.value)}`;
    case "duplicate":
      return `${field}=${show(mutation.values[0])}&${field}=${show(mutation.values[1])}`;
    default:
      return `${field}: ${mutation.kind}`;
  }
}

// ---------------------------------------------------------------------------------------------
// Checks

export const CYRILLIC = /[А-Яа-яЁё]/;

/** No exception escaped and the status is below 500. */
export function expectNoServerError(reply: Reply, context = ""): void {
  if (reply.error) {
    throw new Error(`${context}: the action threw ${String(reply.error)}`, {
      cause: reply.error,
    });
  }
  expect(reply.status, `${context}: status`).toBeLessThan(500);
}

interface ConformReply {
  status?: string;
  error?: Record<string, string[] | null> | null;
  /** The values the form was sent with (files left out). */
  initialValue?: Record<string, unknown> | null;
}

/** The Conform reply of an action's data (`{ result }`), if any. */
export function conformReply(reply: Reply): ConformReply | undefined {
  const data = reply.data as { result?: ConformReply } | undefined;
  return data?.result;
}

/** Every message of a Conform reply is Russian; returns the reply's errors by field. */
export function expectRussianErrors(reply: Reply, context = ""): Record<string, string[]> {
  const result = conformReply(reply);
  expect(result?.status, `${context}: Conform reply ${JSON.stringify(reply.data)}`).toBe("error");
  const errors: Record<string, string[]> = {};
  for (const [name, list] of Object.entries(result?.error ?? {})) {
    if (!list) continue;
    for (const message of list) {
      expect(message, `${context}: message of "${name}"`).toMatch(CYRILLIC);
    }
    errors[name] = list;
  }
  return errors;
}

/** Messages on `field` itself or on its items (`photos[0]`: list fields show all of them). */
export function messagesOn(errors: Record<string, string[]>, field: string): string[] {
  return Object.entries(errors)
    .filter(([name]) => name === field || name.startsWith(`${field}[`))
    .flatMap(([, list]) => list);
}

/**
 * Refused: below 500, with a Russian message on `field` (and only Russian messages). A value so
 * long that the whole form is over its size limit is refused as a whole instead: 413 with the
 * form's message that the data is too large (app/platform/request-body.server.ts).
 */
export function expectFieldRejected(reply: Reply, field: string, context = ""): void {
  expectNoServerError(reply, context);
  if (reply.status === 413) {
    const errors = expectRussianErrors(reply, context);
    expect(errors[""], `${context}: the form's message`).toEqual([m.errors.body["too-large"]]);
    return;
  }
  expect(reply.status, `${context}: status`).toBe(400);
  const errors = expectRussianErrors(reply, context);
  expect(
    messagesOn(errors, field).length,
    `${context}: no message on "${field}"; errors: ${JSON.stringify(errors)}`,
  ).toBeGreaterThan(0);
}

/** The toast a redirect carries in its flash cookie. */
export async function redirectToast(reply: Reply): Promise<ToastMessage | null> {
  const cookie = reply.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .find((c) => c?.startsWith("__toast="));
  if (!cookie) return null;
  return (await takeToast(new Request("http://localhost/", { headers: { cookie } }))).toast;
}

// ---------------------------------------------------------------------------------------------
// What is stored

const TABLES = [
  "users",
  "accounts",
  "verifications",
  "profiles",
  "factories",
  "factory_products",
  "tenders",
  "quotes",
  "quote_messages",
  "notifications",
  "notification_settings",
  "verification_requests",
  "factory_certificates",
  "certificate_decisions",
  "tender_invitations",
  "saved_factories",
  "saved_searches",
  "orders",
  "order_events",
  "reviews",
  "order_proposals",
  "order_disputes",
] as const;

/**
 * Every table's rows (each table in the order of its first column), read by one statement: the
 * properties take a snapshot before and after each of their hundreds of runs.
 */
const ALL_ROWS = sql.raw(
  `select json_build_object(${TABLES.map(
    (table) =>
      `'${table}', (select coalesce(json_agg(row), '[]'::json) from (select * from ${table} order by 1) row)`,
  ).join(", ")})::text as rows`,
);

/** Each app's rows, read again only after a write (tests/support/unchanged.ts). */
const rowsOf = new WeakMap<TestApp, () => Promise<string>>();

/** Every row of the app's tables and every file under DATA_DIR/uploads, as one string. */
export async function snapshot(app: TestApp): Promise<string> {
  let rows = rowsOf.get(app);
  if (!rows) {
    rows = readUntilWritten(
      () => app.db,
      async () => {
        const result = (await app.db.execute(ALL_ROWS)) as { rows: { rows: string }[] };
        return String(result.rows[0]?.rows);
      },
    );
    rowsOf.set(app, rows);
  }
  const uploads = filesUnder(path.join(app.dataDir, "uploads"));
  return `${await rows()}\n${JSON.stringify(uploads)}`;
}

/** The files under DATA_DIR/uploads. */
export function uploadedFiles(app: TestApp): string[] {
  return filesUnder(path.join(app.dataDir, "uploads"));
}

/**
 * Request bodies are read here and nowhere else, within limits that are applied while the body
 * streams in:
 * - a byte limit per route, from its facts (app/lib/route-facts.ts): small for forms without
 *   files, and for upload forms their file count times the file size limit plus the form's
 *   text; a declared Content-Length over it is refused before a byte is read, a chunked body as
 *   soon as it passes it;
 * - a cap on the number of fields, checked by a linear scan before any form parser runs
 *   (Conform's parsing of repeated names costs the square of their number);
 * - form encodings only (urlencoded, multipart); anything else, a broken multipart body or a
 *   body cut off half-way is a malformed request.
 * Callers get the FormData or a typed refusal with its HTTP status, and say the reason in the
 * form (`refusalReply`) or a toast (`refusalText`).
 */
import type { SubmissionResult } from "@conform-to/react";
import { MAX_PDF_BYTES } from "~/domain/attachments";
import { errors } from "~/domain/catalogue";
import { type Locale, localeOfPath } from "~/domain/locale";
import type { BodyFacts } from "~/lib/route-facts";
import { pageFactsAt } from "./route-table.server";
import { MAX_UPLOAD_BYTES } from "./storage.server";

export interface BodyLimits {
  /** Largest body in bytes. */
  maxBytes: number;
  /** Most fields (files included). */
  maxFields: number;
  /** Most non-empty files. */
  maxFiles: number;
}

/** The text part of any form: the longest texts (5,000 characters) percent-encoded, and more. */
const FORM_TEXT_BYTES = 256 * 1024;
/** Generous for every form we have (the product form with all its colours and materials). */
const MAX_FIELDS = 300;
/** Part headers and boundaries of a multipart body, per file. */
const PART_OVERHEAD = 1024;

export const FORM_LIMITS: BodyLimits = {
  maxBytes: FORM_TEXT_BYTES,
  maxFields: MAX_FIELDS,
  maxFiles: 0,
};

/** The size of one file of each kind a route's forms may carry. */
const FILE_BYTES = { picture: MAX_UPLOAD_BYTES, pdf: MAX_PDF_BYTES } as const;

/**
 * The limits of a route whose facts say what its forms carry (app/lib/route-facts.ts): forms
 * without files, or the form's text and its files with their part headers.
 */
export function bodyLimits(body: BodyFacts): BodyLimits {
  if (!("of" in body) || body.files === 0) return FORM_LIMITS;
  return {
    maxBytes: FORM_TEXT_BYTES + body.files * (FILE_BYTES[body.of] + PART_OVERHEAD),
    maxFields: MAX_FIELDS,
    maxFiles: body.files,
  };
}

/**
 * The limits of the route at this path, in any language: `/login.data` (JavaScript), `/login/`
 * and `/en/login` are `/login`. From the route's facts (its `handle`).
 */
export async function limitsFor(pathname: string): Promise<BodyLimits> {
  return bodyLimits((await pageFactsAt(pathname)).body);
}

export type BodyProblem = "too-large" | "too-many-fields" | "too-many-files" | "malformed";

export type FormRead =
  | { ok: true; form: FormData }
  | { ok: false; problem: BodyProblem; status: 400 | 413; limits: BodyLimits; locale: Locale };

const STATUS: Record<BodyProblem, 400 | 413> = {
  "too-large": 413,
  "too-many-fields": 400,
  "too-many-files": 413,
  malformed: 400,
};

const refuse = (problem: BodyProblem, limits: BodyLimits, locale: Locale): FormRead => ({
  ok: false,
  problem,
  status: STATUS[problem],
  limits,
  locale,
});

/** True when the Content-Length header announces more than `maxBytes`. */
function declaredOver(contentLength: string | null, maxBytes: number): boolean {
  return contentLength !== null && /^\d+$/.test(contentLength) && Number(contentLength) > maxBytes;
}

/**
 * The HTTP server's check before anything is read: true when the declared length is over the
 * route's limit (a chunked body is counted while the action reads it).
 */
export async function declaredTooLarge(
  pathname: string,
  contentLength: string | null,
): Promise<boolean> {
  // No declared body (every GET): nothing to look up.
  if (contentLength === null || contentLength === "0") return false;
  return declaredOver(contentLength, (await limitsFor(pathname)).maxBytes);
}

class TooLarge extends Error {}

/** The body's bytes, or TooLarge as soon as they pass `maxBytes` (the rest is never read). */
async function readBytes(request: Request, maxBytes: number): Promise<Uint8Array<ArrayBuffer>> {
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      // Not cancelled: cancelling would tear down the connection before the answer is sent.
      // The HTTP server discards the rest (scripts/start.mjs).
      reader.releaseLock();
      throw new TooLarge();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/**
 * A body that is not a form (the auth API's JSON), read within `maxBytes`; null when it is
 * larger or the client stopped sending.
 */
export async function readLimitedBody(
  request: Request,
  maxBytes: number,
): Promise<Uint8Array<ArrayBuffer> | null> {
  if (declaredOver(request.headers.get("content-length"), maxBytes)) return null;
  return readBytes(request, maxBytes).catch(() => null);
}

/** Counts `&`-separated pairs without splitting (a linear scan that stops at the cap). */
function tooManyPairs(text: string, maxFields: number): boolean {
  let pairs = text.length > 0 ? 1 : 0;
  for (let at = text.indexOf("&"); at !== -1; at = text.indexOf("&", at + 1)) {
    pairs += 1;
    if (pairs > maxFields) return true;
  }
  return false;
}

/** `multipart/form-data; boundary=…`, `application/x-www-form-urlencoded` or something else. */
function encodingOf(contentType: string | null): "multipart" | "urlencoded" | null {
  const type = (contentType ?? "").split(";")[0]?.trim().toLowerCase();
  if (type === "multipart/form-data") return "multipart";
  if (type === "application/x-www-form-urlencoded" || type === "") return "urlencoded";
  return null;
}

/**
 * The posted form within the route's limits (by the request's path, unless given). Never
 * throws for anything the client sent.
 */
export async function readForm(request: Request, given?: BodyLimits): Promise<FormRead> {
  const limits = given ?? (await limitsFor(new URL(request.url).pathname));
  const locale = localeOfPath(new URL(request.url).pathname.replace(/\.data$/, ""));
  if (declaredOver(request.headers.get("content-length"), limits.maxBytes)) {
    return refuse("too-large", limits, locale);
  }
  const encoding = encodingOf(request.headers.get("content-type"));
  if (encoding === null) return refuse("malformed", limits, locale);
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    bytes = await readBytes(request, limits.maxBytes);
  } catch (error) {
    // A client that stops sending half-way is a broken request too.
    return refuse(error instanceof TooLarge ? "too-large" : "malformed", limits, locale);
  }

  if (encoding === "urlencoded") {
    const text = new TextDecoder().decode(bytes);
    if (tooManyPairs(text, limits.maxFields)) return refuse("too-many-fields", limits, locale);
    const form = new FormData();
    for (const [name, value] of new URLSearchParams(text)) form.append(name, value);
    return { ok: true, form };
  }

  let form: FormData;
  try {
    form = await new Response(bytes, {
      headers: { "content-type": request.headers.get("content-type") ?? "" },
    }).formData();
  } catch {
    return refuse("malformed", limits, locale);
  }
  let fields = 0;
  let files = 0;
  for (const [, value] of form) {
    fields += 1;
    if (typeof value !== "string" && value.size > 0) files += 1;
  }
  if (fields > limits.maxFields) return refuse("too-many-fields", limits, locale);
  // A file in a form without files is a wrong value of its field: the form's own rules refuse
  // it there, with a message on that field.
  if (limits.maxFiles > 0 && files > limits.maxFiles)
    return refuse("too-many-files", limits, locale);
  return { ok: true, form };
}

export type Refusal = Extract<FormRead, { ok: false }>;

/** What a refused body means to the person who sent the form. */
export function refusalText(read: Refusal): string {
  return errors[read.locale].body[read.problem];
}

/** A refused body as the form's own message (Conform's reply shape, form-level error). */
export function refusalReply(read: Refusal): SubmissionResult<string[]> {
  return { status: "error", error: { "": [refusalText(read)] } };
}

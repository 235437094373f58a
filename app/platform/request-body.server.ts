/**
 * Request bodies are read here and nowhere else, within limits that are applied while the body
 * streams in:
 * - a byte limit per route: small for forms without files, and for upload forms their file
 *   count times the file size limit plus the form's text; a declared Content-Length over it is
 *   refused before a byte is read, a chunked body as soon as it passes it;
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
import {
  MAX_ATTACHMENTS,
  MAX_PRODUCT_IMAGES,
  MAX_TENDER_PHOTOS,
  MAX_VERIFICATION_DOCUMENTS,
} from "~/domain/limits";
import { type Locale, localeOfPath, pathWithoutLocale } from "~/domain/locale";
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

const uploadLimits = (files: number): BodyLimits => ({
  maxBytes: FORM_TEXT_BYTES + files * (MAX_UPLOAD_BYTES + PART_OVERHEAD),
  maxFields: MAX_FIELDS,
  maxFiles: files,
});

export const FORM_LIMITS: BodyLimits = {
  maxBytes: FORM_TEXT_BYTES,
  maxFields: MAX_FIELDS,
  maxFiles: 0,
};

/** Routes whose forms carry files; every other route takes forms without files. */
const UPLOAD_ROUTES: Record<string, BodyLimits> = {
  "/profile": uploadLimits(1),
  "/factory-products": uploadLimits(MAX_PRODUCT_IMAGES),
  "/place-tender": uploadLimits(MAX_TENDER_PHOTOS),
  "/my-tenders": uploadLimits(MAX_TENDER_PHOTOS),
};

/**
 * A route's path as the browser posts it, in any language: `/login.data` (JavaScript),
 * `/login/` and `/en/login` are `/login`.
 */
function routePath(pathname: string): string {
  const path = pathWithoutLocale(pathname.replace(/\.data$/, "")).replace(/\/+$/, "");
  return path === "" || path === "/_root" ? "/" : path;
}

/** Files attached to quotes and messages: PDFs up to 10 MB each (app/domain/attachments.ts). */
const attachmentLimits = (files: number): BodyLimits => ({
  maxBytes: FORM_TEXT_BYTES + files * (MAX_PDF_BYTES + PART_OVERHEAD),
  maxFields: MAX_FIELDS,
  maxFiles: files,
});

/** Upload routes with an id in their path, by pattern (the path without its language). */
const UPLOAD_PATTERNS: readonly (readonly [RegExp, BodyLimits])[] = [
  // The quote form: up to 5 attachments.
  [/^\/tenders\/[^/]+\/quote$/, attachmentLimits(MAX_ATTACHMENTS)],
  // A message of a quote's conversation: up to 5 attachments.
  [/^\/quotes\/[^/]+$/, attachmentLimits(MAX_ATTACHMENTS)],
  // A factory's verification request on its dashboard: up to 5 documents.
  [/^\/factory-dashboard$/, attachmentLimits(MAX_VERIFICATION_DOCUMENTS)],
  // A factory's certificate (new, or a new file): one file.
  [/^\/factory-dashboard\/certificates$/, attachmentLimits(1)],
];

/** The limits of the route at this path. */
export function limitsFor(pathname: string): BodyLimits {
  const path = routePath(pathname);
  return (
    UPLOAD_ROUTES[path] ??
    UPLOAD_PATTERNS.find(([pattern]) => pattern.test(path))?.[1] ??
    FORM_LIMITS
  );
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
export function declaredTooLarge(pathname: string, contentLength: string | null): boolean {
  return declaredOver(contentLength, limitsFor(pathname).maxBytes);
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
export async function readForm(
  request: Request,
  limits: BodyLimits = limitsFor(new URL(request.url).pathname),
): Promise<FormRead> {
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

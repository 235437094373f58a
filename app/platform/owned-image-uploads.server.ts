/**
 * The file side of the pictures of a row a user owns (a product's images, a tender's photos):
 * uploads are stored before the database change and removed when it does not happen; a picture
 * taken off a row is removed from storage after it. The database side is owned-images.server.ts,
 * reached through the services' functions that these helpers are given.
 */
import { images } from "~/domain/catalogue";
import type { Locale } from "~/domain/locale";
import {
  removeImages,
  type Storage,
  saveUpload,
  type UploadFolder,
  uploadErrorMessage,
} from "./storage.server";
import { withStoredFiles } from "./stored-files.server";

export type StoredUploads = { ok: true; urls: string[] } | { ok: false; errors: string[] };

/** Where a kind of picture is stored and how its refusals read. */
export interface UploadTarget {
  folder: UploadFolder;
  /** The messages in a language: the error for one refused file, and when storage fails. */
  messages(locale: Locale): { rejected(file: string, reason: string): string; failed: string };
  /** The log line's text when storage fails. */
  log: string;
}

/**
 * Checks, re-encodes and stores every file; all or nothing (a refused file removes the others).
 * Errors name the file and give the message of docs/product.md ("Validation").
 */
export async function storeUploads(
  storage: Storage,
  files: readonly File[],
  target: UploadTarget,
  locale: Locale,
): Promise<StoredUploads> {
  const { rejected, failed } = target.messages(locale);
  const urls: string[] = [];
  const errors: string[] = [];
  try {
    for (const file of files) {
      const saved = await saveUpload(storage, file, { folder: target.folder });
      if (saved.ok) urls.push(saved.url);
      else errors.push(rejected(file.name, uploadErrorMessage(saved.reason, locale)));
    }
  } catch (error) {
    console.error(target.log, error);
    errors.push(failed);
  }
  if (errors.length > 0) {
    await removeImages(storage, urls);
    return { ok: false, errors };
  }
  return { ok: true, urls };
}

/** What a page's action answers: nothing more to say, or an error with its HTTP status. */
export type PictureOutcome = { ok: true } | { ok: false; status: 400 | 404 | 500; error: string };

/**
 * Adds the files of a form's `photos` field to one of the user's rows: checks there is something
 * to add, that the row is theirs and the limit holds, stores the files, appends their URLs (the
 * service keeps the limit again, in one statement) and removes the stored files when that fails
 * (withStoredFiles).
 */
export async function addUploadedPictures(
  storage: Storage,
  formData: FormData,
  flow: {
    max: number;
    /** How many pictures the row has; null when it is not the user's. */
    count(): Promise<number | null>;
    store(files: readonly File[]): Promise<StoredUploads>;
    append(urls: string[]): Promise<{ ok: true } | { ok: false; reason: "not-found" | "too-many" }>;
    /** The log line's text when appending fails. */
    log: string;
    messages: { notFound: string; tooMany: string; failed: string };
    /** The language of the answer. */
    locale: Locale;
  },
): Promise<PictureOutcome> {
  const fail = (error: string, status: 400 | 404 | 500): PictureOutcome => ({
    ok: false,
    status,
    error,
  });
  const files = formData
    .getAll("photos")
    .filter((file): file is File => file instanceof File && file.size > 0);
  if (files.length === 0) return fail(images[flow.locale].fileMissing, 400);
  const count = await flow.count();
  if (count === null) return fail(flow.messages.notFound, 404);
  if (count + files.length > flow.max) return fail(flow.messages.tooMany, 400);
  const saved = await withStoredFiles(
    () => flow.store(files),
    ({ urls }) =>
      flow.append(urls).catch((error) => {
        console.error(flow.log, error);
        return { ok: false as const, reason: "failed" as const };
      }),
    ({ urls }) => removeImages(storage, urls),
  );
  if (!saved.stored) return fail(saved.refused.errors.join("; "), 400);
  const added = saved.written;
  if (!added.ok) {
    if (added.reason === "not-found") return fail(flow.messages.notFound, 404);
    if (added.reason === "too-many") return fail(flow.messages.tooMany, 400);
    return fail(flow.messages.failed, 500);
  }
  return { ok: true };
}

/**
 * Takes one picture off one of the user's rows (`remove` is the service's function, which gives
 * the removed URL or null) and then removes its files. False when nothing was taken off.
 */
export async function removeOwnedPicture(
  storage: Storage,
  remove: () => Promise<string | null>,
): Promise<boolean> {
  const removed = await remove();
  if (!removed) return false;
  await removeImages(storage, [removed]);
  return true;
}

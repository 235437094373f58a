import type { Locale } from "~/domain/locale";
import { failures, invalid, type Outcome, ok, type ProblemOf, problems } from "~/domain/outcome";
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

/**
 * Why pictures were not added to a row (a subject's problems table names the same codes with the
 * same kinds, e.g. TENDER_PROBLEMS); refused files are "invalid", said by the `photos` field.
 */
export const PICTURE_PROBLEMS = problems({
  invalid: "invalid",
  "no-photos": "refused",
  "not-found": "missing",
  "too-many-photos": "refused",
  "photos-failed": "failed",
});
export type PictureProblem = ProblemOf<typeof PICTURE_PROBLEMS>;
const fail = failures(PICTURE_PROBLEMS);

/** The files of a form's `photos` field (an empty file input sends one empty file). */
export function postedPictures(form: FormData): File[] {
  return form
    .getAll("photos")
    .filter((file): file is File => file instanceof File && file.size > 0);
}

/**
 * Adds the files of a form's `photos` field to one of the user's rows: checks there is something
 * to add, that the row is theirs and the limit holds, stores the files, appends their URLs (the
 * service keeps the limit again, in one statement) and removes the stored files when that fails
 * (withStoredFiles). A failure of the database is thrown, after the files are removed.
 */
export async function addOwnedPictures(
  storage: Storage,
  form: FormData,
  flow: {
    max: number;
    /** How many pictures the row has; null when it is not the user's. */
    count(): Promise<number | null>;
    store(files: readonly File[]): Promise<StoredUploads>;
    append(urls: string[]): Promise<{ ok: true } | { ok: false; reason: "not-found" | "too-many" }>;
  },
): Promise<Outcome<undefined, PictureProblem>> {
  const files = postedPictures(form);
  if (files.length === 0) return fail("no-photos");
  const count = await flow.count();
  if (count === null) return fail("not-found");
  if (count + files.length > flow.max) return fail("too-many-photos");
  const saved = await withStoredFiles(
    () => flow.store(files),
    ({ urls }) => flow.append(urls),
    ({ urls }) => removeImages(storage, urls),
  );
  if (!saved.stored) return invalid({ photos: saved.refused.errors });
  const added = saved.written;
  if (!added.ok) return fail(added.reason === "not-found" ? "not-found" : "too-many-photos");
  return ok();
}

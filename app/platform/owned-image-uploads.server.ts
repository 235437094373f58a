/**
 * The file side of the pictures of a row a user owns (a product's images, a tender's photos):
 * uploads are stored before the database change and removed when it does not happen; a picture
 * taken off a row is removed from storage after it. The database side is owned-images.server.ts,
 * reached through the services' functions that these helpers are given.
 */
import { images } from "~/domain/catalogue";
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

/** What a page's action answers: nothing more to say, or an error with its HTTP status. */
export type PictureOutcome = { ok: true } | { ok: false; status: 400 | 404 | 500; error: string };

/**
 * addOwnedPictures answered in words, for a page not yet on the outcome contract (the factory's
 * products): an error with its HTTP status. A failing append is logged and said as `failed`.
 */
export async function addUploadedPictures(
  storage: Storage,
  formData: FormData,
  flow: Parameters<typeof addOwnedPictures>[2] & {
    /** The log line's text when appending fails. */
    log: string;
    messages: { notFound: string; tooMany: string; failed: string };
    /** The language of the answer. */
    locale: Locale;
  },
): Promise<PictureOutcome> {
  const added = await addOwnedPictures(storage, formData, {
    ...flow,
    append: (urls) =>
      flow.append(urls).catch((error) => {
        console.error(flow.log, error);
        throw new AppendFailed();
      }),
  }).catch((error) => {
    if (error instanceof AppendFailed) return fail("photos-failed");
    throw error;
  });
  if (added.ok) return { ok: true };
  const status = added.kind === "missing" ? 404 : added.kind === "failed" ? 500 : 400;
  const error =
    added.problem === "invalid"
      ? Object.values(added.fieldErrors ?? {})
          .flat()
          .join("; ")
      : {
          "no-photos": images[flow.locale].fileMissing,
          "not-found": flow.messages.notFound,
          "too-many-photos": flow.messages.tooMany,
          "photos-failed": flow.messages.failed,
        }[added.problem];
  return { ok: false, status, error };
}

/** The append of addUploadedPictures failed (its files are removed). */
class AppendFailed extends Error {}

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

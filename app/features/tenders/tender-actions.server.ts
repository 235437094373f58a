/**
 * The buyer's tender actions as use cases (docs/architecture.md, "Use cases and the route
 * adapter"): each takes the use-case context and what the request brings (the posted form, the
 * tender's id), checks the form in the context's language, stores and removes photos, writes,
 * tells the factories concerned, and answers one Outcome of TENDER_PROBLEMS. The routes
 * (/place-tender, /my-tenders) only adapt them.
 */

import { attachments as attachmentMessages, tenders as tenderMessages } from "~/domain/catalogue";
import { MAX_TECH_PACK_FILES, MAX_TENDER_PHOTOS } from "~/domain/limits";
import { failures, invalid, type Outcome, ok } from "~/domain/outcome";
import {
  removeAttachments,
  removeStoredFiles,
  storeAttachments,
} from "~/platform/attachments.server";
import { addOwnedPictures, type PictureProblem } from "~/platform/owned-image-uploads.server";
import { removeImages } from "~/platform/storage.server";
import { withStoredFiles } from "~/platform/stored-files.server";
import { readFields, type UseCaseContext } from "~/platform/use-case.server";
import { TENDER_PROBLEMS } from "./problems";
import { REMOVE_TECH_PACK_FIELD, TECH_PACK_FIELD, tenderSchema } from "./schema";
import {
  addTenderPhotos,
  deleteTender,
  getOwnTender,
  insertTender,
  notifyTenderClosed,
  removeTenderPhoto,
  saveTenderFields,
  setTenderStatus,
  storeTenderPhotos,
  type TenderDto,
  type TenderLimitFailure,
  tenderLimitOutcome,
} from "./tenders.server";

const fail = failures(TENDER_PROBLEMS);

/** The tender an action names: the form's `tenderId`. */
export const tenderIdOf = (form: FormData) => String(form.get("tenderId") ?? "");

/**
 * Places a tender with the form's fields and photos. With `limited` (the rate limits are on) the
 * posting limit is checked before any photo is stored, and again, atomically, with the write. The
 * photos are removed again when the tender is not written.
 */
export async function placeTender(
  context: UseCaseContext,
  { form, limited }: { form: FormData; limited: boolean },
): Promise<Outcome<TenderDto, "invalid"> | TenderLimitFailure> {
  const { db, storage, actor, locale } = context;
  const read = readFields(context, tenderSchema, form);
  if (!read.ok) return read;
  const { photos, ...fields } = read.value;
  if (limited) {
    const early = await tenderLimitOutcome(db, actor);
    if (!early.ok) return early;
  }
  const placeFailed = tenderMessages[locale].placeFailed;
  // The photos, then the tech pack are stored; a refusal of either removes what was stored.
  const saved = await withStoredFiles(
    () => storeTenderPhotos(storage, photos, locale),
    async ({ urls }) => {
      const withFiles = await withStoredFiles(
        () => storeTechPack(context, form, MAX_TECH_PACK_FILES),
        ({ attachments }) =>
          insertTender(db, actor, fields, urls, { limited, techPack: attachments }),
        ({ attachments }) => removeAttachments(storage, attachments),
      );
      if (withFiles.stored) return withFiles.written;
      // The form says the tender was not placed, and each file why.
      return invalid({ "": [placeFailed], [TECH_PACK_FIELD]: withFiles.refused.errors });
    },
    ({ urls }) => removeImages(storage, urls),
  );
  if (!saved.stored) {
    // The form says the tender was not placed, and each photo why.
    return invalid({ "": [placeFailed], photos: saved.refused.errors });
  }
  return saved.written;
}

/** Checks and stores the form's new tech pack files, at most `room` of them (all or none). */
function storeTechPack(context: UseCaseContext, form: FormData, room: number) {
  return storeAttachments(context.storage, form.getAll(TECH_PACK_FIELD), context.locale, {
    max: room,
  });
}

/** The keys of the tech pack's files the edit form ticked for deletion. */
function ticked(form: FormData): string[] {
  return form
    .getAll(REMOVE_TECH_PACK_FIELD)
    .filter((value): value is string => typeof value === "string" && value !== "");
}

/**
 * Saves the edit form of one of the actor's tenders. Refused once the tender is awarded
 * ("locked"); "not-updated" when it is not theirs or gone.
 */
export async function editTender(
  context: UseCaseContext,
  { tenderId, form }: { tenderId: string; form: FormData },
): Promise<Outcome<TenderDto, "invalid" | "not-updated" | "locked">> {
  const { db, storage, actor, locale } = context;
  const read = readFields(context, tenderSchema, form);
  if (!read.ok) return read;
  const { photos: _files, techPack: _techPack, ...fields } = read.value;
  const current = await getOwnTender(db, actor, tenderId);
  if (!current) return fail("not-updated");
  const remove = ticked(form);
  const kept = (current.techPack ?? []).filter((file) => !remove.includes(file.url)).length;
  const tooMany = () =>
    invalid({ [TECH_PACK_FIELD]: [attachmentMessages[locale].tooMany(MAX_TECH_PACK_FILES)] });
  // The tech pack's new files are stored first and removed again when the save does not happen.
  const saved = await withStoredFiles(
    () => storeTechPack(context, form, MAX_TECH_PACK_FILES - kept),
    ({ attachments }) =>
      saveTenderFields(db, actor, tenderId, fields, { add: attachments, remove }),
    ({ attachments }) => removeAttachments(storage, attachments),
  );
  if (!saved.stored) return invalid({ [TECH_PACK_FIELD]: saved.refused.errors });
  const result = saved.written;
  if (result.ok) {
    await removeAttachments(storage, result.removedFiles);
    return ok(result.tender);
  }
  if (result.problem === "too-many-files") return tooMany();
  return result.problem === "locked" ? fail("locked") : fail("not-updated");
}

/**
 * Closes one of the actor's tenders; the factories with a submitted quote are told, once (only
 * when it was open: a repeated post tells no one again).
 */
export async function closeTender(
  context: UseCaseContext,
  { tenderId }: { tenderId: string },
): Promise<Outcome<TenderDto, "not-updated">> {
  const { db, actor } = context;
  const wasActive = (await getOwnTender(db, actor, tenderId))?.status === "active";
  const closed = await setTenderStatus(db, actor, tenderId, "closed");
  if (!closed) return fail("not-updated");
  if (wasActive && closed.status === "closed") {
    // The tender is closed already; a failed notice does not undo it.
    await notifyTenderClosed(db, actor, closed.id).catch((error) => {
      console.error("[tenders] closing notifications failed:", error);
    });
  }
  return ok(closed);
}

/** Opens one of the actor's closed tenders again (an awarded one stays awarded). */
export async function reopenTender(
  context: UseCaseContext,
  { tenderId }: { tenderId: string },
): Promise<Outcome<TenderDto, "not-updated">> {
  const reopened = await setTenderStatus(context.db, context.actor, tenderId, "active");
  return reopened ? ok(reopened) : fail("not-updated");
}

/**
 * Deletes one of the actor's tenders with its quotes and their conversations, and then their
 * files (its photos, the quotes' and messages' attachments); an awarded tender is archived
 * instead and keeps everything.
 */
export async function discardTender(
  context: UseCaseContext,
  { tenderId }: { tenderId: string },
): Promise<Outcome<"deleted" | "archived", "not-deleted">> {
  const removal = await deleteTender(context.db, context.actor, tenderId);
  if (!removal) return fail("not-deleted");
  if (removal.outcome === "deleted") await removeStoredFiles(context.storage, removal.files);
  return ok(removal.outcome);
}

/**
 * Adds the form's photos to one of the actor's tenders, keeping MAX_TENDER_PHOTOS; the stored
 * files are removed when they are not added.
 */
export function addPhotosToTender(
  context: UseCaseContext,
  { tenderId, form }: { tenderId: string; form: FormData },
): Promise<Outcome<undefined, PictureProblem>> {
  const { db, storage, actor, locale } = context;
  return addOwnedPictures(storage, form, {
    max: MAX_TENDER_PHOTOS,
    count: async () => (await getOwnTender(db, actor, tenderId))?.photos.length ?? null,
    store: (files) => storeTenderPhotos(storage, files, locale),
    append: (urls) => addTenderPhotos(db, actor, tenderId, urls),
  });
}

/** Takes the photo at the form's `url` off one of the actor's tenders, then removes its files. */
export async function takePhotoOffTender(
  context: UseCaseContext,
  { tenderId, form }: { tenderId: string; form: FormData },
): Promise<Outcome<undefined, "photo-not-removed">> {
  const url = String(form.get("url") ?? "");
  const removed = await removeTenderPhoto(context.db, context.actor, tenderId, url);
  if (!removed) return fail("photo-not-removed");
  await removeImages(context.storage, [removed]);
  return ok();
}

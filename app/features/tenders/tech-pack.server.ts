/**
 * A tender's tech pack (issue 29, docs/decisions/031-tech-packs-and-saved-items.md): up to
 * MAX_TECH_PACK_FILES private files (PDFs and pictures, stored like quote attachments by
 * app/platform/attachments.server.ts) in `tenders.tech_pack`.
 *
 * Who sees them: the tender's owner, and a signed-in factory account with a factory profile that
 * may see the tender at all (a private tender only when invited: tenderVisibleTo), while the
 * owner is not blocked. Anyone else (a visitor, another buyer, a factory without a profile, a
 * blocked account) gets null, and the download route answers the same 404 as for a missing file.
 * The files are never part of what a visitor's (cached) tender page carries.
 *
 * Files come and go only through the tender forms' use cases (tender-actions.server.ts), which
 * store them before the row names them and remove them after the row let them go.
 */
import { and, eq, type SQL, sql } from "drizzle-orm";
import type { Attachment } from "~/domain/attachments";
import { MAX_TECH_PACK_FILES } from "~/domain/limits";
import { isAttachmentKey } from "~/domain/uploads";
import type { CurrentUser } from "~/platform/actor.server";
import { assertStoredAttachments } from "~/platform/attachments.server";
import { type Db, type DbOrTx, schema } from "~/platform/db.server";
import { isUuid } from "~/platform/ids.server";
import { ownerNotBanned, tenderVisibleTo } from "~/platform/visibility.server";

export { MAX_TECH_PACK_FILES };

const tenders = schema.tenders;

/** Who asks: the signed-in account (its type from its profile). */
export type TechPackViewer = Pick<CurrentUser, "id" | "userType">;

/** The viewer is the tender's owner, or a factory account with its factory profile. */
function entitled(viewer: TechPackViewer): SQL {
  const owner = sql`${tenders.userId} = ${viewer.id}`;
  if (viewer.userType !== "factory") return owner;
  return sql`(${owner} or exists (select 1 from ${schema.factories} tech_pack_factory where tech_pack_factory.user_id = ${viewer.id}))`;
}

/** The viewer's own account is not blocked (a blocked account's sessions are gone anyway). */
function viewerNotBlocked(viewer: TechPackViewer): SQL {
  return sql`exists (select 1 from ${schema.users} tech_pack_viewer where tech_pack_viewer.id = ${viewer.id} and tech_pack_viewer.banned is not true)`;
}

/**
 * The tech pack of tender `tenderId` as `viewer` may see it: its files (possibly none), or null
 * when the viewer may not see them (or the tender is unknown, hidden or its owner blocked).
 */
export async function techPackFor(
  db: Db,
  viewer: TechPackViewer | null,
  tenderId: string | null | undefined,
): Promise<Attachment[] | null> {
  if (!viewer || !isUuid(tenderId)) return null;
  const [row] = await db
    .select({ techPack: tenders.techPack })
    .from(tenders)
    .where(
      and(
        eq(tenders.id, tenderId),
        ownerNotBanned("tenders"),
        // An admin is not let past by the visibility rule here: only who the rule above names.
        tenderVisibleTo({ id: viewer.id }),
        entitled(viewer),
        viewerNotBlocked(viewer),
      ),
    );
  return row ? (Array.isArray(row.techPack) ? row.techPack : []) : null;
}

/**
 * One file (`{uuid}.pdf`, `{uuid}.webp`) of a tender's tech pack for the download route, or null
 * for anyone techPackFor refuses, an unknown file, a thumbnail name or a file of another tender.
 */
export async function findTechPackFile(
  db: Db,
  viewer: TechPackViewer | null,
  tenderId: string | null | undefined,
  file: string | null | undefined,
): Promise<Attachment | null> {
  const key = `attachments/${file ?? ""}`;
  if (!isAttachmentKey(key) || key.endsWith("-thumb.webp")) return null;
  const files = await techPackFor(db, viewer, tenderId);
  return files?.find((attachment) => attachment.url === key) ?? null;
}

/** What changing a tech pack came to. */
export type TechPackChange =
  | { ok: true; files: Attachment[]; removed: Attachment[] }
  | { ok: false; reason: "too-many" | "not-found" | "locked" };

/**
 * Inside the transaction that saves the tender `id` of `actor`: takes the files whose keys are in
 * `remove` off its tech pack and appends `add` (already stored), keeping MAX_TECH_PACK_FILES. The
 * row is locked first, so two saves at once cannot both fill the last places. Nothing changes on
 * failure; the removed files are returned for the caller to delete after the commit.
 */
export async function changeTechPack(
  tx: DbOrTx,
  actor: Pick<CurrentUser, "id">,
  id: string,
  { add, remove }: { add: readonly Attachment[]; remove: readonly string[] },
): Promise<TechPackChange> {
  assertStoredAttachments("tenders", add);
  const [row] = await tx
    .select({ techPack: tenders.techPack, status: tenders.status })
    .from(tenders)
    .where(and(eq(tenders.id, id), eq(tenders.userId, actor.id)))
    .for("update");
  if (!row) return { ok: false, reason: "not-found" };
  const current = Array.isArray(row.techPack) ? row.techPack : [];
  const removing = new Set(remove);
  const removed = current.filter((file) => removing.has(file.url));
  if (add.length === 0 && removed.length === 0) return { ok: true, files: current, removed: [] };
  if (row.status === "awarded") return { ok: false, reason: "locked" };
  const files = [...current.filter((file) => !removing.has(file.url)), ...add];
  if (files.length > MAX_TECH_PACK_FILES) return { ok: false, reason: "too-many" };
  await tx
    .update(tenders)
    .set({ techPack: files, updatedAt: new Date() })
    .where(eq(tenders.id, id));
  return { ok: true, files, removed };
}

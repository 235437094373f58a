/**
 * A list of picture URLs in a text[] column of a row that a user owns (a product's images, a
 * tender's photos). Pictures are added under a limit and removed one at a time. Each change is one
 * statement that matches the row on its id and its owner, so two uploads at once cannot pass the
 * limit and another user's id changes nothing.
 */
import { and, eq, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import { keyFromUrl } from "~/domain/uploads";
import type { Db } from "./db.server";
import { isUuid } from "./ids.server";
import type { UploadFolder } from "./storage.server";

export interface OwnedImageList {
  table: PgTable;
  id: AnyPgColumn;
  userId: AnyPgColumn;
  /** The text[] column and its property name in the table's schema. */
  list: AnyPgColumn;
  key: string;
  max: number;
  /** The storage folder the pictures must come from, and what one is called in errors. */
  folder: UploadFolder;
  noun: string;
  /** A condition the row must also meet to change (an awarded tender's photos are fixed). */
  open?: () => SQL;
}

/** Throws for URLs that are not stored pictures of the list's folder (a caller's bug). */
export function assertOwnedImageUrls(spec: OwnedImageList, urls: readonly string[]): void {
  for (const url of urls) {
    if (!keyFromUrl(url)?.startsWith(`${spec.folder}/`)) {
      throw new Error(`${spec.folder}: not a ${spec.noun}: ${JSON.stringify(url)}`);
    }
  }
}

export type ListChange =
  | { ok: true; urls: string[] }
  | { ok: false; reason: "not-found" | "too-many" };

const owned = (spec: OwnedImageList, userId: string, id: string) =>
  and(eq(spec.id, id), eq(spec.userId, userId));

/** The owner's row, as long as it may change. */
const changeable = (spec: OwnedImageList, userId: string, id: string) =>
  and(owned(spec, userId, id), spec.open?.());

async function currentList(db: Db, spec: OwnedImageList, userId: string, id: string) {
  const [row] = await db
    .select({ urls: spec.list })
    .from(spec.table)
    .where(changeable(spec, userId, id));
  return row ? (row.urls as string[]) : null;
}

/**
 * Appends one URL or several; nothing changes when the row is not the user's or the limit would
 * be passed.
 */
export async function appendOwnedImages(
  db: Db,
  spec: OwnedImageList,
  userId: string,
  id: string | null | undefined,
  added: string | readonly string[],
): Promise<ListChange> {
  if (!isUuid(id)) return { ok: false, reason: "not-found" };
  const urls = typeof added === "string" ? [added] : added;
  if (urls.length > 0) {
    assertOwnedImageUrls(spec, urls);
    const added = sql.join(
      urls.map((url) => sql`${url}`),
      sql`, `,
    );
    const [row] = await db
      .update(spec.table)
      .set({ [spec.key]: sql`${spec.list} || array[${added}]::text[]`, updatedAt: new Date() })
      .where(
        and(
          changeable(spec, userId, id),
          sql`cardinality(${spec.list}) + ${urls.length} <= ${spec.max}`,
        ),
      )
      .returning({ urls: spec.list });
    if (row) return { ok: true, urls: row.urls as string[] };
  }
  // Nothing was added: tell "not yours" from "full" (or, with no URLs, give the list as it is).
  const current = await currentList(db, spec, userId, id);
  if (!current) return { ok: false, reason: "not-found" };
  return urls.length > 0 ? { ok: false, reason: "too-many" } : { ok: true, urls: current };
}

/**
 * Takes one URL off; null when the row is not the user's or does not hold that URL. Lists hold
 * only our own upload URLs, so anything else is not looked up (a NUL would not even reach SQL).
 */
export async function removeOwnedImage(
  db: Db,
  spec: OwnedImageList,
  userId: string,
  id: string | null | undefined,
  url: string | null | undefined,
): Promise<string | null> {
  if (!isUuid(id) || typeof url !== "string" || keyFromUrl(url) === null) return null;
  const [row] = await db
    .update(spec.table)
    .set({ [spec.key]: sql`array_remove(${spec.list}, ${url}::text)`, updatedAt: new Date() })
    .where(and(changeable(spec, userId, id), sql`${url}::text = any(${spec.list})`))
    .returning({ id: spec.id });
  return row ? url : null;
}

/**
 * A buyer's saved factories (each with a private note) and saved directory searches, as use cases
 * (docs/architecture.md, "Use cases and the route adapter"): each takes the use-case context and
 * what the form names, and answers one Outcome of SAVED_PROBLEMS. Only the buyer who saved a row
 * reads or changes it: every query is by the actor's id. /saved-factories adapts them.
 */
import { and, asc, count, desc, eq, inArray, sql } from "drizzle-orm";
import {
  type FactoryFilters,
  factoriesSearchParams,
  factoryFiltersFromSearch,
} from "~/domain/factory-filters";
import { failures, type Outcome, ok } from "~/domain/outcome";
import type { CurrentUser } from "~/platform/actor.server";
import { type Db, schema } from "~/platform/db.server";
import { readFields, type UseCaseContext } from "~/platform/use-case.server";
import { SAVED_LIMITS, SAVED_PROBLEMS } from "./problems";
import { isRowId, noteSchema } from "./schema";

const fail = failures(SAVED_PROBLEMS);
const { factories, savedFactories, savedSearches } = schema;

/** A buyer keeps saved items; a factory, an admin or a seller of the old site does not. */
export const isBuyer = (actor: CurrentUser | null | undefined): actor is CurrentUser =>
  Boolean(actor && !actor.isAdmin && actor.userType === "buyer");

const field = (form: FormData, name: string): string => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

// ---------------------------------------------------------------------------------------------
// Saved factories
// ---------------------------------------------------------------------------------------------

export interface SavedFactory {
  factoryId: string;
  name: string;
  nameEn: string | null;
  logoUrl: string | null;
  country: string | null;
  city: string | null;
  note: string;
  savedAt: Date;
}

/** The buyer's saved factories, the latest saved first. */
export async function listSavedFactories(db: Db, actor: CurrentUser): Promise<SavedFactory[]> {
  const rows = await db
    .select({
      factoryId: savedFactories.factoryId,
      name: factories.name,
      nameEn: factories.nameEn,
      logoUrl: factories.logoUrl,
      country: factories.country,
      city: factories.city,
      note: savedFactories.note,
      savedAt: savedFactories.createdAt,
    })
    .from(savedFactories)
    .innerJoin(factories, eq(factories.id, savedFactories.factoryId))
    .where(eq(savedFactories.userId, actor.id))
    .orderBy(desc(savedFactories.createdAt), asc(savedFactories.factoryId))
    .limit(SAVED_LIMITS.factories);
  return rows.map((row) => ({ ...row, name: row.name ?? "", note: row.note ?? "" }));
}

/** Which of `factoryIds` the viewer saved (none for anyone but a buyer). */
export async function savedAmong(
  db: Db,
  viewer: CurrentUser | null | undefined,
  factoryIds: readonly string[],
): Promise<Set<string>> {
  const ids = factoryIds.filter(isRowId);
  if (!isBuyer(viewer) || ids.length === 0) return new Set();
  const rows = await db
    .select({ id: savedFactories.factoryId })
    .from(savedFactories)
    .where(and(eq(savedFactories.userId, viewer.id), inArray(savedFactories.factoryId, ids)));
  return new Set(rows.map((row) => row.id));
}

/** Saves the form's factory (`factoryId`) for the buyer; saving it again changes nothing. */
export async function saveFactory(
  context: UseCaseContext,
  form: FormData,
): Promise<Outcome<{ factoryId: string }, "not-a-buyer" | "factory-not-found" | "too-many">> {
  const { db, actor } = context;
  if (!isBuyer(actor)) return fail("not-a-buyer");
  const factoryId = field(form, "factoryId");
  if (!isRowId(factoryId)) return fail("factory-not-found");
  const [factory] = await db
    .select({ id: factories.id })
    .from(factories)
    .where(and(eq(factories.id, factoryId), sql`${factories.inDirectory}`));
  if (!factory) return fail("factory-not-found");
  const [{ n } = { n: 0 }] = await db
    .select({ n: count() })
    .from(savedFactories)
    .where(eq(savedFactories.userId, actor.id));
  if (n >= SAVED_LIMITS.factories) return fail("too-many");
  await db.insert(savedFactories).values({ userId: actor.id, factoryId }).onConflictDoNothing();
  return ok({ factoryId });
}

/** Takes the form's factory off the buyer's saved ones (with its note). */
export async function unsaveFactory(
  context: UseCaseContext,
  form: FormData,
): Promise<Outcome<{ factoryId: string }, "not-a-buyer" | "not-saved">> {
  const { db, actor } = context;
  if (!isBuyer(actor)) return fail("not-a-buyer");
  const factoryId = field(form, "factoryId");
  if (!isRowId(factoryId)) return fail("not-saved");
  const removed = await db
    .delete(savedFactories)
    .where(and(eq(savedFactories.userId, actor.id), eq(savedFactories.factoryId, factoryId)))
    .returning({ id: savedFactories.factoryId });
  return removed.length > 0 ? ok({ factoryId }) : fail("not-saved");
}

/** Writes the private note of one of the buyer's saved factories (empty clears it). */
export async function noteSavedFactory(
  context: UseCaseContext,
  form: FormData,
): Promise<Outcome<{ factoryId: string; note: string }, "invalid" | "not-a-buyer" | "not-saved">> {
  const { db, actor } = context;
  if (!isBuyer(actor)) return fail("not-a-buyer");
  const read = readFields(context, noteSchema, form);
  if (!read.ok) return read;
  const { factoryId, note } = read.value;
  if (!isRowId(factoryId)) return fail("not-saved");
  const updated = await db
    .update(savedFactories)
    .set({ note: note === "" ? null : note })
    .where(and(eq(savedFactories.userId, actor.id), eq(savedFactories.factoryId, factoryId)))
    .returning({ id: savedFactories.factoryId });
  return updated.length > 0 ? ok({ factoryId, note }) : fail("not-saved");
}

// ---------------------------------------------------------------------------------------------
// Saved searches
// ---------------------------------------------------------------------------------------------

/**
 * A directory search as it is kept: the query string the directory itself writes for the filters
 * (fixed order, blanks and the page left out), so the same search saved twice is one row.
 */
export function normalisedSearch(query: string): { query: string; filters: FactoryFilters } {
  const raw = query.startsWith("?") ? query.slice(1) : query;
  const filters = { ...factoryFiltersFromSearch(new URLSearchParams(raw)), page: 1 };
  return { query: factoriesSearchParams(filters).toString(), filters };
}

export interface SavedSearch {
  id: string;
  /** The normalised query string ('' for the whole directory). */
  query: string;
  filters: FactoryFilters;
  letters: boolean;
  createdAt: Date;
}

/** The buyer's saved searches, the latest first. */
export async function listSavedSearches(db: Db, actor: CurrentUser): Promise<SavedSearch[]> {
  const rows = await db
    .select({
      id: savedSearches.id,
      query: savedSearches.query,
      letters: savedSearches.letters,
      createdAt: savedSearches.createdAt,
    })
    .from(savedSearches)
    .where(eq(savedSearches.userId, actor.id))
    .orderBy(desc(savedSearches.createdAt), asc(savedSearches.id))
    .limit(SAVED_LIMITS.searches);
  return rows.map((row) => ({ ...row, filters: normalisedSearch(row.query).filters }));
}

/**
 * Saves the form's directory search (`query`: the directory's query string) for the buyer, with
 * weekly letters on. The factories already listed are not news: the letters start from now.
 */
export async function saveSearch(
  context: UseCaseContext,
  form: FormData,
): Promise<Outcome<{ id: string; query: string }, "not-a-buyer" | "too-many">> {
  const { db, actor } = context;
  if (!isBuyer(actor)) return fail("not-a-buyer");
  const { query } = normalisedSearch(field(form, "query").slice(0, 2000));
  const [existing] = await db
    .select({ id: savedSearches.id })
    .from(savedSearches)
    .where(and(eq(savedSearches.userId, actor.id), eq(savedSearches.query, query)));
  if (existing) return ok({ id: existing.id, query });
  const [{ n } = { n: 0 }] = await db
    .select({ n: count() })
    .from(savedSearches)
    .where(eq(savedSearches.userId, actor.id));
  if (n >= SAVED_LIMITS.searches) return fail("too-many");
  const [row] = await db
    .insert(savedSearches)
    .values({ userId: actor.id, query })
    .onConflictDoUpdate({
      target: [savedSearches.userId, savedSearches.query],
      set: { query },
    })
    .returning({ id: savedSearches.id });
  return ok({ id: row?.id ?? "", query });
}

/** Removes one of the buyer's saved searches (`searchId`). */
export async function removeSearch(
  context: UseCaseContext,
  form: FormData,
): Promise<Outcome<{ id: string }, "not-a-buyer" | "search-not-found">> {
  const { db, actor } = context;
  if (!isBuyer(actor)) return fail("not-a-buyer");
  const id = field(form, "searchId");
  if (!isRowId(id)) return fail("search-not-found");
  const removed = await db
    .delete(savedSearches)
    .where(and(eq(savedSearches.userId, actor.id), eq(savedSearches.id, id)))
    .returning({ id: savedSearches.id });
  return removed.length > 0 ? ok({ id }) : fail("search-not-found");
}

/**
 * Switches the weekly letters of one of the buyer's saved searches on or off (`letters`: 'on' or
 * 'off'). Switched on again, the letters start from now: nothing from the quiet weeks.
 */
export async function setSearchLetters(
  context: UseCaseContext,
  form: FormData,
): Promise<Outcome<{ id: string; letters: boolean }, "not-a-buyer" | "search-not-found">> {
  const { db, actor } = context;
  if (!isBuyer(actor)) return fail("not-a-buyer");
  const id = field(form, "searchId");
  if (!isRowId(id)) return fail("search-not-found");
  const letters = field(form, "letters") === "on";
  const updated = await db
    .update(savedSearches)
    .set(letters ? { letters, notifiedUntil: new Date() } : { letters })
    .where(
      and(
        eq(savedSearches.userId, actor.id),
        eq(savedSearches.id, id),
        // Switching on what is on keeps its place in the weeks.
        letters ? eq(savedSearches.letters, false) : sql`true`,
      ),
    )
    .returning({ id: savedSearches.id });
  if (updated.length > 0) return ok({ id, letters });
  const [still] = await db
    .select({ id: savedSearches.id })
    .from(savedSearches)
    .where(and(eq(savedSearches.userId, actor.id), eq(savedSearches.id, id)));
  return still ? ok({ id, letters }) : fail("search-not-found");
}

/**
 * Use cases called directly by tests (app/platform/use-case.server.ts): a context for an actor,
 * and a posted form from a record.
 */
import type { Locale } from "~/domain/locale";
import type { CurrentUser } from "~/platform/actor.server";
import type { Db } from "~/platform/db.server";
import type { Storage } from "~/platform/storage.server";
import type { UseCaseContext } from "~/platform/use-case.server";

/** A storage for use cases that store no file: any use of it fails the test. */
const noStorage: Storage = {
  kind: "disk",
  put: () => Promise.reject(new Error("this use case stores no file")),
  get: () => Promise.reject(new Error("this use case reads no file")),
  delete: () => Promise.reject(new Error("this use case removes no file")),
  close: () => {},
  check: () => Promise.resolve(),
};

/**
 * The context of `actor`'s use case. A visitor (null) is passed as it is, for the services that
 * must refuse one whatever their type says.
 */
export function contextOf(
  db: Db,
  actor: CurrentUser | null,
  { storage = noStorage, locale = "ru" }: { storage?: Storage; locale?: Locale } = {},
): UseCaseContext {
  return { db, storage, actor: actor as CurrentUser, locale };
}

/** A posted form with these fields (null and undefined left out). */
export function formOf(fields: Record<string, string | null | undefined>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value !== null && value !== undefined) form.append(name, value);
  }
  return form;
}

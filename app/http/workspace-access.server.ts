/**
 * Who may use the pages of one's own work, answered in their loaders and actions: the factory's
 * workspace (factoryAccess) and the pages a visitor reaches only after signing in (signedIn).
 */
import { data, type RouterContextProvider } from "react-router";
import { type Outcome, ok } from "~/domain/outcome";
import { loadWorkspace } from "~/features/factories/factory-workspace.server";
import { requestOf } from "~/http/request-context.server";
import { storageFor } from "~/platform/storage.server";
import type { UseCaseContext } from "~/platform/use-case.server";
import { signInRedirect } from "./session.server";

/**
 * A factory's workspace page (/factory-dashboard, /factory-products, /my-quotes): the loader
 * answers a visitor with 401, a buyer with 403 and a factory without its record with the screen
 * that sends it to the profile (each shown by AccessNotice); a ready factory gets its page.
 */
export async function factoryAccess(context: Readonly<RouterContextProvider>) {
  const { runtime, user } = requestOf(context);
  const viewer = await user();
  if (!viewer) {
    return { ok: false as const, reply: data({ state: "anonymous" as const }, { status: 401 }) };
  }
  const workspace = await loadWorkspace(runtime.db, viewer);
  if (workspace.state === "not-factory") {
    return { ok: false as const, reply: data({ state: "not-factory" as const }, { status: 403 }) };
  }
  if (workspace.state === "no-factory") {
    return { ok: false as const, reply: data({ state: "no-factory" as const }) };
  }
  return { ok: true as const, db: runtime.db, user: viewer, factory: workspace.factory };
}

/**
 * A buyer's workspace page (/buyer-dashboard), answered like factoryAccess: a visitor with 401
 * (asked to sign in), any account that is not a buyer's with 403 (AccessNotice "not-buyer").
 */
export async function buyerAccess(context: Readonly<RouterContextProvider>) {
  const { runtime, user } = requestOf(context);
  const viewer = await user();
  if (!viewer) {
    return { ok: false as const, reply: data({ state: "anonymous" as const }, { status: 401 }) };
  }
  if (viewer.userType !== "buyer") {
    return { ok: false as const, reply: data({ state: "not-buyer" as const }, { status: 403 }) };
  }
  return { ok: true as const, db: runtime.db, user: viewer };
}

/**
 * The signed-in user, with the request's runtime and language; a visitor is sent to sign in (in
 * the page's language) and back here afterwards: the redirect is thrown.
 */
export async function signedIn(request: Request, context: Readonly<RouterContextProvider>) {
  const { runtime, user, locale } = requestOf(context);
  const viewer = await user();
  if (!viewer) throw signInRedirect(request, locale);
  return { runtime, viewer, locale };
}

/**
 * The context of a signed-in person's use case (app/platform/use-case.server.ts): the database,
 * the storage, the actor and the request's language; a visitor is sent to sign in (thrown).
 */
export async function actorContext(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<UseCaseContext> {
  const { runtime, viewer, locale } = await signedIn(request, context);
  return { db: runtime.db, storage: storageFor(runtime.env), actor: viewer, locale };
}

/**
 * actorContext for an action that answers a visitor instead of sending them to sign in (a
 * session that ran out while a form was open): the context, or the problem "signed-out" (401).
 */
export async function signedInContext(
  context: Readonly<RouterContextProvider>,
): Promise<Outcome<UseCaseContext, "signed-out">> {
  const { runtime, user, locale } = requestOf(context);
  const actor = await user();
  if (!actor) return { ok: false, problem: "signed-out", kind: "unauthenticated" };
  return ok({ db: runtime.db, storage: storageFor(runtime.env), actor, locale });
}

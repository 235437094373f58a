/**
 * What every request carries through React Router's context, set once by the root middleware:
 * its language, the runtime (database, settings, auth) and the signed-in user, looked up at most
 * once. Loaders and actions read it with `requestOf(context)` instead of reaching for
 * process-wide look-ups themselves.
 */
import { createContext, type RouterContextProvider } from "react-router";
import type { Locale } from "~/domain/locale";
import { getUser } from "~/http/session.server";
import type { CurrentUser } from "~/platform/actor.server";
import { localeOf } from "~/platform/locale.server";
import { getRuntime, type Runtime } from "~/server/runtime.server";

export interface RequestContext {
  locale: Locale;
  runtime: Runtime;
  /** The signed-in user (null for a visitor), looked up on first use. */
  user(): Promise<CurrentUser | null>;
  /**
   * Set when a loader or action of this request met a database that cannot be reached
   * (entry.server's handleError): the root middleware then answers 503 with Retry-After instead
   * of the error boundary's 500, whichever route forgot to say so itself.
   */
  databaseAway: boolean;
}

export const requestContext = createContext<RequestContext>();

export async function createRequestContext(request: Request): Promise<RequestContext> {
  const runtime = await getRuntime();
  let user: Promise<CurrentUser | null> | undefined;
  return {
    locale: localeOf(request),
    runtime,
    databaseAway: false,
    user: () => {
      user ??= getUser(request);
      return user;
    },
  };
}

/** The request's context (the root middleware sets it for every request). */
export function requestOf(context: Readonly<RouterContextProvider>): RequestContext {
  return context.get(requestContext);
}

/** Notes on the request's context that the database could not be reached (see `databaseAway`). */
export function noteDatabaseAway(context: Readonly<RouterContextProvider> | undefined): void {
  try {
    if (context) context.get(requestContext).databaseAway = true;
  } catch {
    // The error came before the root middleware set the context: nothing to note.
  }
}

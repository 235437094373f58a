import {
  claimSignInAttempt,
  clearSignInFailures,
  releaseSignInAttempt,
} from "~/features/accounts/sign-in-throttle.server";
import { requestOf } from "~/http/request-context.server";
import { readLimitedBody } from "~/platform/request-body.server";
import type { Runtime } from "~/server/runtime.server";
import type { Route } from "./+types/api.auth";

/**
 * The part of better-auth's HTTP API that browsers need: the links in letters (confirming an
 * address, opening a reset), the session read, sign-in and sign-out. Everything else (sign-up,
 * update-user, change-email, delete-user, letters on demand, ...) goes only through our forms,
 * whose rules and profile creation the library does not know; here it answers 404.
 */
const OPEN: Record<string, RegExp> = {
  GET: /^\/(verify-email|reset-password\/[^/]+|get-session|error|ok)$/,
  POST: /^\/(sign-in\/email|sign-out)$/,
};

/** Sign-in and sign-out bodies are a few hundred bytes of JSON. */
const MAX_JSON_BYTES = 16 * 1024;

async function handle(request: Request, path: string, runtime: Runtime): Promise<Response> {
  const method = request.method.toUpperCase();
  const open = OPEN[method === "HEAD" ? "GET" : method];
  if (!open?.test(`/${path}`)) return new Response("Not Found", { status: 404 });
  const { auth, db, env } = runtime;
  if (method !== "POST") return auth.handler(request);
  const body = await readLimitedBody(request, MAX_JSON_BYTES);
  if (body === null) return new Response("Payload Too Large", { status: 413 });
  const headers = new Headers(request.headers);
  headers.delete("content-length");
  headers.delete("transfer-encoding");
  const forward = () =>
    auth.handler(new Request(request.url, { method, headers, body, signal: request.signal }));
  // Sign-in here keeps the same per-account limit as the sign-in form.
  const email = path === "sign-in/email" && env.AUTH_RATE_LIMIT ? emailOf(body) : null;
  if (email === null) return forward();
  // The attempt claims its slot before the password is checked (atomic: see the throttle).
  const claim = await claimSignInAttempt(db, email);
  if (!claim.ok) {
    return Response.json(
      { code: "TOO_MANY_REQUESTS" },
      { status: 429, headers: { "Retry-After": String(claim.lockedFor) } },
    );
  }
  let response: Response;
  try {
    response = await forward();
  } catch (error) {
    await releaseSignInAttempt(db, claim);
    throw error;
  }
  // A wrong password keeps the slot; a sign-in clears the count; anything else gives it back.
  if (response.ok) await clearSignInFailures(db, email);
  else if (response.status !== 401) await releaseSignInAttempt(db, claim);
  return response;
}

/** The `email` of a JSON body, when there is one. */
function emailOf(body: Uint8Array): string | null {
  try {
    const parsed: unknown = JSON.parse(new TextDecoder().decode(body));
    const email = (parsed as { email?: unknown } | null)?.email;
    return typeof email === "string" && email.length <= 254 ? email : null;
  } catch {
    return null;
  }
}

export const loader = ({ request, params, context }: Route.LoaderArgs) =>
  handle(request, params["*"], requestOf(context).runtime);
export const action = ({ request, params, context }: Route.ActionArgs) =>
  handle(request, params["*"], requestOf(context).runtime);

/**
 * Registration, sign-in and password reset for the forms. Every call goes through better-auth's
 * HTTP handler (not its direct API) so that its rate limits and origin checks apply, and the
 * answers are mapped to SPEC.md section 8's messages.
 */
import { and, eq, notExists } from "drizzle-orm";
import { auth, common, type Messages, messagesFor } from "~/domain/catalogue";
import { localizedHref } from "~/domain/locale";
import type { RegisterInput } from "~/domain/schemas/auth";
import { nextAccountLetterAt } from "./account-letters.server";
import type { Auth } from "./auth.server";
import { CLIENT_IP_HEADER } from "./auth.server";
import { type Db, schema } from "./db.server";
import type { Env } from "./env.server";
import { localeOf } from "./locale.server";
import { clearSignInFailures, recordSignInFailure, signInLocked } from "./sign-in-throttle.server";

export interface AuthContext {
  auth: Auth;
  db: Db;
  env: Env;
}

interface AuthReply {
  status: number;
  body: { code?: string; message?: string; user?: { id: string; email: string } } | null;
  /** Set-Cookie headers to pass on to the browser. */
  cookies: Headers;
}

/** POSTs JSON to one of better-auth's endpoints as the browser's request would. */
async function callAuth(
  { auth, env }: AuthContext,
  request: Request,
  path: string,
  body: Record<string, unknown>,
): Promise<AuthReply> {
  const headers = new Headers({ "content-type": "application/json", origin: env.BASE_URL });
  for (const name of ["cookie", "user-agent", CLIENT_IP_HEADER]) {
    const value = request.headers.get(name);
    if (value) headers.set(name, value);
  }
  const response = await auth.handler(
    new Request(`${env.BASE_URL}/api/auth${path}`, {
      method: "POST",
      headers,
      body: JSON.stringify(body),
    }),
  );
  const cookies = new Headers();
  for (const cookie of response.headers.getSetCookie()) cookies.append("Set-Cookie", cookie);
  const text = await response.text();
  let parsed: AuthReply["body"] = null;
  try {
    parsed = text ? JSON.parse(text) : null;
  } catch {
    parsed = { message: text };
  }
  return { status: response.status, body: parsed, cookies };
}

export type RegisterResult =
  | { status: "confirm-email"; email: string }
  | { status: "signed-in"; cookies: Headers }
  | { status: "error"; message: string; field?: "email" | "password" };

/** Creates the account and its profile; with email confirmation on, sends the letter. */
export async function register(
  ctx: AuthContext,
  request: Request,
  input: RegisterInput,
): Promise<RegisterResult> {
  const locale = localeOf(request);
  const m = messagesFor(locale, { auth, common });
  const t = m.auth.register;
  let reply: AuthReply;
  try {
    reply = await callAuth(ctx, request, "/sign-up/email", {
      name: input.name,
      email: input.email,
      password: input.password,
      callbackURL: localizedHref("/auth/verified", localeOf(request)),
    });
  } catch (error) {
    return { status: "error", message: t.exception(errorMessage(error)) };
  }
  if (reply.status >= 400) return { status: "error", ...registrationError(reply, m) };
  const user = reply.body?.user;
  if (!user) return { status: "error", message: t.unexpectedError };
  // While email confirmation is on, better-auth answers a sign-up for a taken address with a
  // made-up user (no row). SPEC.md wants 'already registered' said; the check comes after the
  // rate-limited call, so it cannot serve as a fast address lookup.
  const [created] = await ctx.db
    .select({ id: schema.users.id })
    .from(schema.users)
    .where(eq(schema.users.id, user.id));
  if (!created) return { status: "error", message: t.emailTaken, field: "email" };

  try {
    const inserted = await ctx.db
      .insert(schema.profiles)
      .values({
        id: user.id,
        userType: input.userType,
        name: input.name,
        email: user.email,
        factoryName: input.userType === "factory" ? input.name : null,
        locale,
      })
      .onConflictDoNothing()
      .returning({ id: schema.profiles.id });
    // A profile already there means an existing account answered: never touch it.
    if (inserted.length === 0) return { status: "error", message: t.emailTaken, field: "email" };
  } catch (error) {
    // Without a profile the new account is unusable: take it back so the address can be used
    // again (only an account that has no profile, i.e. the one just made).
    console.error("[accounts] profile creation failed:", errorMessage(error));
    await ctx.db
      .delete(schema.users)
      .where(
        and(
          eq(schema.users.id, user.id),
          notExists(ctx.db.select().from(schema.profiles).where(eq(schema.profiles.id, user.id))),
        ),
      );
    return { status: "error", message: t.databaseError };
  }

  if (ctx.env.EMAIL_VERIFICATION) return { status: "confirm-email", email: user.email };
  return { status: "signed-in", cookies: reply.cookies };
}

function registrationError(
  reply: AuthReply,
  m: { auth: Messages<typeof auth>; common: Messages<typeof common> },
): { message: string; field?: "email" | "password" } {
  const t = m.auth.register;
  const code = reply.body?.code ?? "";
  if (reply.status === 429) return { message: m.common.rateLimited };
  if (code === "USER_ALREADY_EXISTS" || code === "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL") {
    return { message: t.emailTaken, field: "email" };
  }
  if (code === "INVALID_EMAIL") return { message: t.invalidEmailFormat, field: "email" };
  if (code.startsWith("PASSWORD_TOO")) return { message: t.weakPassword, field: "password" };
  if (code === "FAILED_TO_CREATE_USER") return { message: t.databaseError };
  return { message: t.error(reply.body?.message ?? t.unknownError) };
}

export type SignInResult =
  | { ok: true; cookies: Headers; isAdmin: boolean }
  | { ok: false; message: string; unverified?: boolean };

export async function signIn(
  ctx: AuthContext,
  request: Request,
  input: { email: string; password: string },
): Promise<SignInResult> {
  const m = messagesFor(localeOf(request), { auth, common });
  const t = m.auth.login;
  const limited = ctx.env.AUTH_RATE_LIMIT;
  if (limited && (await signInLocked(ctx.db, input.email))) {
    return { ok: false, message: m.common.rateLimited };
  }
  let reply: AuthReply;
  try {
    reply = await callAuth(ctx, request, "/sign-in/email", {
      email: input.email,
      password: input.password,
      callbackURL: localizedHref("/auth/verified", localeOf(request)),
    });
  } catch {
    return { ok: false, message: t.unexpectedError };
  }
  const code = reply.body?.code ?? "";
  if (reply.status === 429) return { ok: false, message: m.common.rateLimited };
  if (code === "INVALID_EMAIL_OR_PASSWORD") {
    if (limited) await recordSignInFailure(ctx.db, input.email);
    return { ok: false, message: t.invalidCredentials };
  }
  if (code === "EMAIL_NOT_VERIFIED") {
    return { ok: false, message: t.emailNotConfirmed, unverified: true };
  }
  if (code === "INVALID_EMAIL") return { ok: false, message: t.invalidEmailFormat };
  if (code === "BANNED_USER") return { ok: false, message: t.banned };
  if (reply.status >= 400 || !reply.body?.user) {
    return { ok: false, message: t.error(reply.body?.message ?? m.common.unknownError) };
  }
  const [row] = await ctx.db
    .select({ role: schema.users.role })
    .from(schema.users)
    .where(eq(schema.users.id, reply.body.user.id));
  if (limited) await clearSignInFailures(ctx.db, input.email);
  return { ok: true, cookies: reply.cookies, isAdmin: row?.role === "admin" };
}

/**
 * Sends the confirmation letter again (the sign-in screen's button for an unconfirmed account).
 * The letter limits apply: per client address (better-auth) and per account (2 minutes, 6 a
 * day); within them nothing is said about whether the address has an account.
 */
export async function resendConfirmation(
  ctx: AuthContext,
  request: Request,
  email: string,
): Promise<{ ok: true } | { ok: false; message: string }> {
  const locale = localeOf(request);
  const m = messagesFor(locale, { auth, common });
  const [user] = await ctx.db
    .select({ id: schema.users.id, verified: schema.users.emailVerified })
    .from(schema.users)
    .where(eq(schema.users.email, email.trim().toLowerCase()));
  // Nothing to send for an unknown or confirmed address; the answer is the same.
  if (!user || user.verified) return { ok: true };
  const next = await nextAccountLetterAt(ctx.db, user.id, "verify-email");
  const wait = Math.ceil((next.getTime() - Date.now()) / 1000);
  if (wait > 0) return { ok: false, message: m.auth.confirm.resendWait(wait) };
  const reply = await callAuth(ctx, request, "/send-verification-email", {
    email,
    callbackURL: localizedHref("/auth/verified", localeOf(request)),
  });
  if (reply.status === 429) return { ok: false, message: m.common.rateLimited };
  if (reply.status >= 500) return { ok: false, message: m.common.unexpectedError };
  return { ok: true };
}

export type ResetRequestResult =
  | { ok: true; message: string }
  | { ok: false; message: string; status: number; field?: "email" };

/** Always answers the same, whether or not the address has an account. */
export async function requestPasswordReset(
  ctx: AuthContext,
  request: Request,
  email: string,
): Promise<ResetRequestResult> {
  const locale = localeOf(request);
  const m = messagesFor(locale, { auth, common });
  const reply = await callAuth(ctx, request, "/request-password-reset", {
    email,
    redirectTo: localizedHref("/reset-password", locale),
  });
  if (reply.status === 429) return { ok: false, message: m.common.rateLimited, status: 429 };
  // The address passed the form's basic check but not better-auth's stricter one ('!@!.!').
  if (reply.status === 400) {
    return { ok: false, message: m.auth.login.emailInvalid, status: 400, field: "email" };
  }
  if (reply.status >= 400) return { ok: false, message: m.common.unexpectedError, status: 500 };
  return { ok: true, message: m.auth.reset.requestSent };
}

export async function resetPassword(
  ctx: AuthContext,
  request: Request,
  input: { token: string; password: string },
): Promise<{ ok: boolean; message: string }> {
  const m = messagesFor(localeOf(request), { auth, common });
  const reply = await callAuth(ctx, request, "/reset-password", {
    token: input.token,
    newPassword: input.password,
  });
  if (reply.status === 429) return { ok: false, message: m.common.rateLimited };
  if (reply.status >= 400) {
    const code = reply.body?.code ?? "";
    return {
      ok: false,
      message: code.startsWith("PASSWORD_TOO")
        ? m.auth.register.weakPassword
        : m.auth.reset.linkInvalid,
    };
  }
  return { ok: true, message: m.auth.reset.success };
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

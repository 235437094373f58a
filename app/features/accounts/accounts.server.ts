/**
 * Registration, sign-in and password reset: the use cases of the visitor's forms. Each reads its
 * posted form with its schema in the request's language and answers an Outcome whose problems
 * are ACCOUNT_PROBLEMS (./problems.ts; the page words them, docs/product.md "Messages after an
 * action"). They act for a visitor, so their context is the auth library and the request (its
 * cookies and client address), not an actor. Every call goes through better-auth's HTTP handler
 * (not its direct API) so that its rate limits and origin checks apply.
 */

import { and, eq, notExists } from "drizzle-orm";
import { localizedHref } from "~/domain/locale";
import { invalid, type Outcome, ok } from "~/domain/outcome";
import {
  forgotPasswordSchema,
  loginSchema,
  registerSchema,
  resetPasswordSchema,
} from "~/features/accounts/schema";
import { type Db, schema } from "~/platform/db.server";
import type { Env } from "~/platform/env.server";
import { localeOf } from "~/platform/locale.server";
import { readFields } from "~/platform/use-case.server";
import type { UserType } from "~db/schema";
import { accountLetterState, nextAccountLetterAt } from "./account-letters.server";
import type { Auth } from "./auth.server";
import { CLIENT_IP_HEADER } from "./auth.server";
import {
  type AccountFailure,
  type AccountOutcome,
  type AccountProblemDetails,
  accountFailure as refused,
} from "./problems";
import {
  claimSignInAttempt,
  clearSignInFailures,
  releaseSignInAttempt,
  type SignInClaim,
  signInLockedFor,
} from "./sign-in-throttle.server";

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
  /** The seconds a 429 asks to wait, when it says. */
  retryAfter: string | null;
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
  const retryAfter = response.headers.get("retry-after") ?? response.headers.get("x-retry-after");
  return { status: response.status, body: parsed, cookies, retryAfter };
}

/** A posted form of the account pages. */
export interface FormInput {
  form: FormData;
}

export type Registered =
  | { status: "confirm-email"; email: string }
  | { status: "signed-in"; cookies: Headers };

/** Creates the account and its profile; with email confirmation on, sends the letter. */
export async function register(
  ctx: AuthContext,
  request: Request,
  { form }: FormInput,
): Promise<AccountOutcome<Registered>> {
  const locale = localeOf(request);
  const fields = readFields({ locale }, registerSchema, form);
  if (!fields.ok) return fields;
  const input = fields.value;
  let reply: AuthReply;
  try {
    reply = await callAuth(ctx, request, "/sign-up/email", {
      name: input.name,
      email: input.email,
      password: input.password,
      callbackURL: localizedHref("/auth/verified", locale),
    });
  } catch (error) {
    // The exception's words stay in the log: the page says it in ours.
    console.error("[accounts] sign-up failed:", errorMessage(error));
    return refused("unexpected");
  }
  if (reply.status >= 400) return registrationError(reply);
  const user = reply.body?.user;
  if (!user) return refused("unexpected");
  // While email confirmation is on, better-auth answers a sign-up for a taken address with a
  // made-up user (no row). Fabricum says 'already registered' (docs/product.md); the check comes
  // after the rate-limited call, so it cannot serve as a fast address lookup.
  const [created] = await ctx.db
    .select({ id: schema.users.id })
    .from(schema.users)
    .where(eq(schema.users.id, user.id));
  if (!created) return refused("email-taken");

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
    if (inserted.length === 0) return refused("email-taken");
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
    return refused("database-error");
  }

  if (ctx.env.EMAIL_VERIFICATION) return ok({ status: "confirm-email", email: user.email });
  return ok({ status: "signed-in", cookies: reply.cookies });
}

function registrationError(reply: AuthReply): AccountFailure {
  const code = reply.body?.code ?? "";
  if (reply.status === 429) return rateLimited(reply);
  if (code === "USER_ALREADY_EXISTS" || code === "USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL") {
    return refused("email-taken");
  }
  if (code === "INVALID_EMAIL") return refused("invalid-email-format");
  if (code.startsWith("PASSWORD_TOO")) return refused("weak-password");
  if (code === "FAILED_TO_CREATE_USER") return refused("database-error");
  logAuthReply("sign-up", reply);
  return refused("auth-error");
}

export interface SignedIn {
  cookies: Headers;
  isAdmin: boolean;
  userType: UserType | null;
  /** Where the form asked to go afterwards (not checked yet: see safeRedirect). */
  redirectTo: string | undefined;
}

export async function signIn(
  ctx: AuthContext,
  request: Request,
  { form }: FormInput,
): Promise<AccountOutcome<SignedIn>> {
  const fields = readFields({ locale: localeOf(request) }, loginSchema, form);
  if (!fields.ok) return fields;
  const input = fields.value;
  const limited = ctx.env.AUTH_RATE_LIMIT;
  // The attempt claims its slot before the password is checked (atomic: see the throttle).
  let claim: SignInClaim | null = null;
  if (limited) {
    claim = await claimSignInAttempt(ctx.db, input.email);
    if (!claim.ok) return refused("sign-in-locked", { seconds: claim.lockedFor });
  }
  const giveBack = async () => {
    if (claim) await releaseSignInAttempt(ctx.db, claim);
  };
  const startedAt = new Date();
  let reply: AuthReply;
  try {
    reply = await callAuth(ctx, request, "/sign-in/email", {
      email: input.email,
      password: input.password,
      callbackURL: localizedHref("/auth/verified", localeOf(request)),
    });
  } catch {
    await giveBack();
    return refused("unexpected");
  }
  const code = reply.body?.code ?? "";
  if (code === "INVALID_EMAIL_OR_PASSWORD") {
    // The claimed slot stays: it is this failure.
    if (limited) {
      // The failure that closes sign-in says so at once, with the wait.
      const nowLocked = await signInLockedFor(ctx.db, input.email);
      if (nowLocked > 0) return refused("sign-in-locked", { seconds: nowLocked });
    }
    return refused("invalid-credentials");
  }
  if (reply.status >= 400 || !reply.body?.user) await giveBack();
  if (reply.status === 429) return rateLimited(reply);
  if (code === "EMAIL_NOT_VERIFIED") {
    return refused("email-not-confirmed", await letterState(ctx.db, input.email, startedAt));
  }
  if (code === "INVALID_EMAIL") return refused("invalid-email-format");
  if (code === "BANNED_USER") return refused("banned");
  if (reply.status >= 400 || !reply.body?.user) {
    logAuthReply("sign-in", reply);
    return refused("auth-error");
  }
  const [row] = await ctx.db
    .select({ role: schema.users.role, userType: schema.profiles.userType })
    .from(schema.users)
    .leftJoin(schema.profiles, eq(schema.profiles.id, schema.users.id))
    .where(eq(schema.users.id, reply.body.user.id));
  if (limited) await clearSignInFailures(ctx.db, input.email);
  return ok({
    cookies: reply.cookies,
    isAdmin: row?.role === "admin",
    userType: row?.userType ?? null,
    redirectTo: input.redirectTo,
  });
}

/** A 429 of better-auth's limit per client address, with its wait when it gives one. */
function rateLimited(reply: AuthReply): AccountFailure {
  const seconds = Number(reply.retryAfter);
  return Number.isFinite(seconds) && seconds > 0
    ? refused("rate-limited", { seconds })
    : refused("rate-limited");
}

/**
 * An unconfirmed account signing in with its password: better-auth sends it a new confirmation
 * letter when the account's letter limits allow (app/features/accounts/auth.server.ts). Whether one went
 * with this sign-in, and when the next may go, so the page says what really happened.
 */
async function letterState(db: Db, email: string, since: Date): Promise<AccountProblemDetails> {
  const [user] = await db
    .select({ id: schema.users.id })
    .from(schema.users)
    .where(eq(schema.users.email, email.trim().toLowerCase()));
  if (!user) return { email };
  const now = new Date();
  const { lastSentAt, nextAt } = await accountLetterState(db, user.id, "verify-email", now);
  return {
    email,
    letterSent: lastSentAt !== null && lastSentAt.getTime() >= since.getTime(),
    nextLetterIn: Math.max(0, Math.ceil((nextAt.getTime() - now.getTime()) / 1000)),
  };
}

/**
 * Sends the confirmation letter again (the sign-in screen's button for an unconfirmed account:
 * the form's `email`). The letter limits apply: per client address (better-auth) and per account
 * (2 minutes, 6 a day); within them nothing is said about whether the address has an account.
 * Its problems other than 'email-invalid' name the address.
 */
export async function resendConfirmation(
  ctx: AuthContext,
  request: Request,
  { form }: FormInput,
): Promise<AccountOutcome<{ email: string }>> {
  const fields = readFields({ locale: localeOf(request) }, forgotPasswordSchema, form);
  if (!fields.ok) return refused("email-invalid");
  const { email } = fields.value;
  const [user] = await ctx.db
    .select({ id: schema.users.id, verified: schema.users.emailVerified })
    .from(schema.users)
    .where(eq(schema.users.email, email.trim().toLowerCase()));
  // Nothing to send for an unknown or confirmed address; the answer is the same.
  if (!user || user.verified) return ok({ email });
  const next = await nextAccountLetterAt(ctx.db, user.id, "verify-email");
  const wait = Math.ceil((next.getTime() - Date.now()) / 1000);
  if (wait > 0) return refused("resend-wait", { seconds: wait, email });
  const reply = await callAuth(ctx, request, "/send-verification-email", {
    email,
    callbackURL: localizedHref("/auth/verified", localeOf(request)),
  });
  if (reply.status === 429) return { ...rateLimited(reply), email };
  if (reply.status >= 500) return refused("unexpected", { email });
  return ok({ email });
}

/** The form's `email`; always answers the same, whether or not the address has an account. */
export async function requestPasswordReset(
  ctx: AuthContext,
  request: Request,
  { form }: FormInput,
): Promise<AccountOutcome<undefined>> {
  const fields = readFields({ locale: localeOf(request) }, forgotPasswordSchema, form);
  if (!fields.ok) return fields;
  const reply = await callAuth(ctx, request, "/request-password-reset", {
    email: fields.value.email,
    redirectTo: localizedHref("/reset-password", localeOf(request)),
  });
  if (reply.status === 429) return rateLimited(reply);
  // The address passed the form's basic check but not better-auth's stricter one ('!@!.!').
  if (reply.status === 400) return refused("email-invalid");
  if (reply.status >= 400) return refused("unexpected");
  return ok();
}

/** A new password with the link's token (a hidden field of the form). */
export async function resetPassword(
  ctx: AuthContext,
  request: Request,
  { form }: FormInput,
): Promise<AccountOutcome<undefined>> {
  const fields = readFields({ locale: localeOf(request) }, resetPasswordSchema, form);
  if (!fields.ok) {
    // The token is a hidden field: what is wrong with it is said above the form too.
    const token = fields.fieldErrors?.token;
    return token ? invalid({ ...fields.fieldErrors, "": token }) : fields;
  }
  const reply = await callAuth(ctx, request, "/reset-password", {
    token: fields.value.token,
    newPassword: fields.value.password,
  });
  if (reply.status === 429) return rateLimited(reply);
  if (reply.status >= 400) {
    const code = reply.body?.code ?? "";
    return refused(code.startsWith("PASSWORD_TOO") ? "weak-password" : "link-invalid");
  }
  return ok();
}

/**
 * Ends the request's session (POST /logout). A missing session, or a sign-out that fails, is not
 * a problem: the cookies that clear the session are answered whatever happened (the failure is
 * logged).
 */
export async function signOut(
  ctx: Pick<AuthContext, "auth">,
  request: Request,
): Promise<Outcome<{ cookies: Headers }>> {
  const cookies = new Headers();
  try {
    const response = await ctx.auth.api.signOut({ headers: request.headers, asResponse: true });
    for (const cookie of response.headers.getSetCookie()) cookies.append("Set-Cookie", cookie);
  } catch (error) {
    console.warn("[auth] sign-out failed:", errorMessage(error));
  }
  return ok({ cookies });
}

/**
 * Logs an answer of the auth library that has no words of ours; its own message (English, and
 * possibly about its database) never reaches a page.
 */
function logAuthReply(what: string, reply: AuthReply): void {
  console.error(`[accounts] ${what} refused:`, reply.status, reply.body?.code, reply.body?.message);
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * better-auth on the Drizzle adapter: email + password accounts, email confirmation and password
 * reset by mail, database sessions in http-only cookies, rate limits, and the admin plugin (role
 * stored in users.role). Mounted at /api/auth/* by app/routes/api.auth.ts.
 */

import { betterAuth } from "better-auth";
import { drizzleAdapter } from "better-auth/adapters/drizzle";
import { admin } from "better-auth/plugins";
import { DEFAULT_LOCALE, type Locale, localeOfPath } from "~/domain/locale";
import type { Db } from "~/platform/db.server";
import { schema } from "~/platform/db.server";
import type { Env } from "~/platform/env.server";
import { type Mailer, passwordResetEmail, verificationEmail } from "~/platform/mail.server";
import { claimAccountLetter } from "./account-letters.server";

export const PASSWORD_MIN_LENGTH = 6;
/** Header set by our server from the socket address; rate limits are kept per client. */
export const CLIENT_IP_HEADER = "x-fabricum-client-ip";

export function createAuth(db: Db, env: Env, mailer: Mailer) {
  const adminEmails = new Set(env.ADMIN_EMAILS);
  // The admin plugin gives the role column, the ban columns and the refusal of a blocked user's
  // sign-in. Its own HTTP endpoints (/api/auth/admin/*: set-role, create-user, impersonate-user,
  // set-user-password, remove-user, ban-user, ...) are switched off: they would let an admin
  // grant the role over HTTP (only the command line or ADMIN_EMAILS may, see
  // docs/guides/permissions.md), act as another user, or delete an account around its
  // transaction and files. The admin area works through app/features/admin/admin.server.ts, whose rules
  // the tests check.
  const adminPlugin = admin({ defaultRole: "user", adminRoles: ["admin"] });
  const adminHttpPaths = Object.values(adminPlugin.endpoints).map((endpoint) => endpoint.path);
  return betterAuth({
    appName: env.SITE_NAME,
    baseURL: env.BASE_URL,
    basePath: "/api/auth",
    secret: env.BETTER_AUTH_SECRET,
    trustedOrigins: [env.BASE_URL],
    database: drizzleAdapter(db, { provider: "pg", schema, usePlural: true }),
    emailAndPassword: {
      enabled: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: 128,
      requireEmailVerification: env.EMAIL_VERIFICATION,
      autoSignIn: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, url }) => {
        if (!(await claimAccountLetter(db, user.id, "reset-password"))) {
          console.warn(`[auth] reset letter to ${user.id} not sent: the account's limit`);
          return;
        }
        // The name is the owner's words only once the address is confirmed.
        const name = user.emailVerified ? user.name : null;
        await mailer.send({
          to: user.email,
          ...passwordResetEmail(env, { name, url, expiresIn: 60 * 60, locale: letterLocale(url) }),
        });
      },
    },
    emailVerification: {
      sendOnSignUp: env.EMAIL_VERIFICATION,
      sendOnSignIn: env.EMAIL_VERIFICATION,
      autoSignInAfterVerification: true,
      expiresIn: 60 * 60 * 24,
      sendVerificationEmail: async ({ user, url }) => {
        // Sent on sign-up and on every sign-in of an unconfirmed account: limited per account.
        if (!(await claimAccountLetter(db, user.id, "verify-email"))) {
          console.warn(`[auth] confirmation letter to ${user.id} not sent: the account's limit`);
          return;
        }
        // The address is not confirmed yet, so whoever signed up may not be its owner: the
        // letter carries no text of theirs (no name in the greeting).
        await mailer.send({
          to: user.email,
          ...verificationEmail(env, { url, expiresIn: 60 * 60 * 24, locale: letterLocale(url) }),
        });
      },
    },
    databaseHooks: {
      user: {
        create: {
          // ADMIN_EMAILS grant the role at sign-up; nothing else can (docs/guides/permissions.md).
          before: async (user) => ({
            data: { ...user, role: adminEmails.has(user.email.toLowerCase()) ? "admin" : "user" },
          }),
        },
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * 30,
      updateAge: 60 * 60 * 24,
      cookieCache: { enabled: false },
    },
    rateLimit: {
      enabled: env.AUTH_RATE_LIMIT,
      storage: "database",
      window: 60,
      max: 100,
      customRules: {
        // Generous per address (an office shares one); app/features/accounts/sign-in-throttle.server.ts
        // keeps the tight limit per account.
        "/sign-in/email": { window: 60, max: 30 },
        "/sign-up/email": { window: 60, max: 5 },
        "/request-password-reset": { window: 60, max: 3 },
        "/send-verification-email": { window: 60, max: 3 },
      },
    },
    advanced: {
      useSecureCookies: env.BASE_URL.startsWith("https://"),
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax" },
      ipAddress: { ipAddressHeaders: [CLIENT_IP_HEADER] },
    },
    telemetry: { enabled: false },
    disabledPaths: adminHttpPaths,
    plugins: [adminPlugin],
  });
}

export type Auth = ReturnType<typeof createAuth>;

/**
 * A letter's language: the language of the page it was asked from, which the link's return
 * address carries (`callbackURL=/en/auth/verified`, set by accounts.server.ts).
 */
export function letterLocale(url: string): Locale {
  try {
    return localeOfPath(new URL(url).searchParams.get("callbackURL") ?? "/");
  } catch {
    return DEFAULT_LOCALE;
  }
}

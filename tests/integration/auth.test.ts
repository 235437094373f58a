import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { applyAdminEmails, setAdminRole } from "~/features/accounts/admin-emails.server";
import { type Auth, createAuth } from "~/features/accounts/auth.server";
import { resolveUser } from "~/http/session.server";
import { schema } from "~/platform/db.server";
import { parseEnv } from "~/platform/env.server";
import { createMailer } from "~/platform/mail.server";
import { tempDir, testDatabase } from "../support/per-file";
import { testDatabaseKind } from "../support/test-db";

const database = testDatabase();
const dataDir = tempDir("fabricum-auth-");
let auth: Auth;
const BASE = "http://localhost:3000";

beforeAll(() => {
  const env = parseEnv({ DATA_DIR: dataDir, NODE_ENV: "test", EMAIL_VERIFICATION: "false" });
  auth = createAuth(database.db, env, createMailer(env));
});

/** A JSON POST to one of better-auth's endpoints, from the site's own origin. */
function postAuth(on: Auth, endpoint: string, body: object, base = BASE) {
  return on.handler(
    new Request(`${base}/api/auth/${endpoint}`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: base },
      body: JSON.stringify(body),
    }),
  );
}

/** Signs up through the mounted HTTP handler and returns the session cookie. */
async function signUp(email: string, name: string, userType: "buyer" | "factory" | null) {
  const response = await postAuth(auth, "sign-up/email", { email, password: "secret-123", name });
  expect(response.status).toBe(200);
  const { user } = (await response.json()) as { user: { id: string } };
  if (userType) {
    await database.db
      .insert(schema.profiles)
      .values({ id: user.id, userType, name, factoryName: userType === "factory" ? name : null });
  }
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return { id: user.id, cookie };
}

const requestWith = (cookie?: string) =>
  new Request(`${BASE}/`, { headers: cookie ? { cookie } : {} });

describe(`auth wiring (${testDatabaseKind()})`, () => {
  it("treats a request without a session as a visitor", async () => {
    expect(await resolveUser({ auth, db: database.db }, requestWith())).toBeNull();
    expect(
      await resolveUser({ auth, db: database.db }, requestWith("better-auth.session_token=forged")),
    ).toBeNull();
  });

  it("resolves the signed-in user with profile, role and display name", async () => {
    const factory = await signUp("owner@example.com", "Ала-Тоо", "factory");
    const user = await resolveUser({ auth, db: database.db }, requestWith(factory.cookie));
    expect(user).toMatchObject({
      email: "owner@example.com",
      role: "user",
      isAdmin: false,
      userType: "factory",
      displayName: "Ала-Тоо",
    });
  });

  it("falls back to the email when there is no profile", async () => {
    const bare = await signUp("bare@example.com", "Bare", null);
    const user = await resolveUser({ auth, db: database.db }, requestWith(bare.cookie));
    expect(user?.displayName).toBe("bare@example.com");
    expect(user?.userType).toBeNull();
  });

  it("keeps the session in an http-only cookie", async () => {
    const response = await postAuth(auth, "sign-in/email", {
      email: "owner@example.com",
      password: "secret-123",
    });
    expect(response.status).toBe(200);
    const cookie = response.headers.getSetCookie().find((c) => c.includes("session_token"));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });

  it("rejects a wrong password", async () => {
    const response = await postAuth(auth, "sign-in/email", {
      email: "owner@example.com",
      password: "wrong-password",
    });
    expect(response.status).toBe(401);
  });

  it("makes admins only through ADMIN_EMAILS or the admin command", async () => {
    const admin = await signUp("boss@example.com", "Boss", "buyer");
    const ctx = { auth, db: database.db };
    expect((await resolveUser(ctx, requestWith(admin.cookie)))?.isAdmin).toBe(false);

    expect(await applyAdminEmails(database.db, ["boss@example.com"])).toBe(1);
    expect((await resolveUser(ctx, requestWith(admin.cookie)))?.isAdmin).toBe(true);
    // Granting again changes nothing.
    expect(await applyAdminEmails(database.db, ["boss@example.com"])).toBe(0);

    expect(await setAdminRole(database.db, "BOSS@example.com", false)).toBe(true);
    const [row] = await database.db
      .select({ role: schema.users.role })
      .from(schema.users)
      .where(eq(schema.users.id, admin.id));
    expect(row?.role).toBe("user");
    expect(await setAdminRole(database.db, "nobody@example.com", true)).toBe(false);
  });
});

describe(`session cookies (${testDatabaseKind()})`, () => {
  const attributes = (cookies: string[]) =>
    cookies.find((c) => c.includes("session_token="))?.toLowerCase() ?? "";

  it("are http-only and same-site, and secure when the site is on https", async () => {
    const plain = attributes(
      (await signUpRaw(auth, BASE, "cookie-http@example.com")).headers.getSetCookie(),
    );
    expect(plain).toContain("httponly");
    expect(plain).toContain("samesite=lax");
    expect(plain).not.toContain("secure");

    const HTTPS = "https://fabricum.example";
    const env = parseEnv({
      DATA_DIR: dataDir,
      NODE_ENV: "test",
      EMAIL_VERIFICATION: "false",
      BASE_URL: HTTPS,
    });
    const secureAuth = createAuth(database.db, env, createMailer(env));
    const secure = attributes(
      (await signUpRaw(secureAuth, HTTPS, "cookie-https@example.com")).headers.getSetCookie(),
    );
    expect(secure).toContain("httponly");
    expect(secure).toContain("samesite=lax");
    expect(secure).toContain("secure");
    // The __Secure- prefix: a browser only accepts such a cookie over https.
    expect(secure).toMatch(/^__secure-/);
  });
});

function signUpRaw(on: Auth, base: string, email: string) {
  return postAuth(on, "sign-up/email", { email, password: "secret-123", name: "Cookie" }, base);
}

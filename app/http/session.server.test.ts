import { describe, expect, it } from "vitest";
import { type ProfileSummary, toCurrentUser } from "~/platform/actor.server";
import { assertAccess } from "./session.server";

const profile = (userType: ProfileSummary["userType"], name: string): ProfileSummary => ({
  userType,
  name,
  nickname: null,
  factoryName: userType === "factory" ? name : null,
  businessName: null,
  avatarUrl: null,
});
const account = (role: string | null = null) => ({
  id: "u1",
  email: "user@example.com",
  emailVerified: true,
  role,
});
const buyer = toCurrentUser(account(), profile("buyer", "Алия"));
const factory = toCurrentUser(account(), profile("factory", "Ала-Тоо"));
const admin = toCurrentUser(account("admin"), profile("buyer", "Админ"));

/** Status of what a guard threw: a redirect Response or a data() error for the boundary. */
function statusOf(error: unknown): number | undefined {
  if (error instanceof Response) return error.status;
  return (error as { init?: ResponseInit } | null)?.init?.status;
}

function thrown(fn: () => unknown): unknown {
  try {
    fn();
  } catch (error) {
    return error;
  }
  throw new Error("expected the guard to throw");
}

describe("guards", () => {
  it("sends a visitor to /login and back to the page afterwards", () => {
    const request = new Request("http://localhost/my-tenders?page=2");
    const response = thrown(() => assertAccess(null, request)) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login?redirectTo=%2Fmy-tenders%3Fpage%3D2");
  });

  it("sends a visitor of an English page to the English sign-in", () => {
    const request = new Request("http://localhost/en/my-tenders.data?page=2");
    const response = thrown(() => assertAccess(null, request)) as Response;
    expect(response.headers.get("Location")).toBe(
      "/en/login?redirectTo=%2Fen%2Fmy-tenders%3Fpage%3D2",
    );
    const home = thrown(() => assertAccess(null, new Request("http://localhost/"))) as Response;
    expect(home.headers.get("Location")).toBe("/login");
  });

  it("lets a signed-in user through requireUser whatever the role", () => {
    const request = new Request("http://localhost/profile");
    expect(assertAccess(buyer, request)).toBe(buyer);
    expect(assertAccess(factory, request)).toBe(factory);
  });

  it("answers 403 to a signed-in user without the role", () => {
    const request = new Request("http://localhost/factory-products");
    const error = thrown(() => assertAccess(buyer, request, "factory"));
    expect(statusOf(error)).toBe(403);
    expect(assertAccess(factory, request, "factory")).toBe(factory);
  });

  it("admits only the admin role to admin pages", () => {
    const request = new Request("http://localhost/admin");
    expect(assertAccess(admin, request, "admin")).toBe(admin);
    for (const user of [buyer, factory]) {
      const error = thrown(() => assertAccess(user, request, "admin"));
      expect(statusOf(error)).toBe(403);
    }
    // An email that starts with "admin" is not a role (docs/product.md, differences).
    const lookalike = toCurrentUser(
      { ...account(), email: "admin@example.com" },
      profile("buyer", "Не админ"),
    );
    expect(lookalike.isAdmin).toBe(false);
  });

  it("applies SPEC's display-name rule", () => {
    expect(factory.displayName).toBe("Ала-Тоо");
    expect(buyer.displayName).toBe("Алия");
    expect(toCurrentUser(account(), null).displayName).toBe("user@example.com");
  });
});

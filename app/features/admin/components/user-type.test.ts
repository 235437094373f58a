import { describe, expect, it } from "vitest";
import { messagesFor, users } from "~/domain/catalogue";
import { USER_TYPES } from "~db/schema";
import { userTypeText } from "./user-type";

describe("the admin list's label of a profile type", () => {
  it("names every stored type in both languages, each differently", () => {
    for (const locale of ["ru", "en"] as const) {
      const m = messagesFor(locale, { users }).users;
      const labels = USER_TYPES.map((type) => userTypeText(type, m));
      expect(new Set(labels).size).toBe(USER_TYPES.length);
      expect(labels).not.toContain(m.user);
    }
    expect(userTypeText("clothing_seller", messagesFor("ru", { users }).users)).toBe(
      "Продавец одежды",
    );
  });

  it("calls an account without a type, or with an unknown one, a user", () => {
    const m = messagesFor("en", { users }).users;
    expect(userTypeText(null, m)).toBe("User");
    expect(userTypeText("constructor", m)).toBe("User");
    expect(userTypeText("admin", m)).toBe("User");
  });
});

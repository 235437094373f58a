import { describe, expect, it } from "vitest";
import { displayName } from "~/domain/display-name";

describe("displayName", () => {
  it("factory: factoryName, else name, else 'Фабрика'", () => {
    const base = { userType: "factory", name: "Иван", nickname: "ivan" };
    expect(displayName({ profile: { ...base, factoryName: "Ала-Тоо Текстиль" } })).toBe(
      "Ала-Тоо Текстиль",
    );
    expect(displayName({ profile: { ...base, factoryName: "  " } })).toBe("Иван");
    expect(displayName({ email: "f@x.kg", profile: { userType: "factory", name: null } })).toBe(
      "Фабрика",
    );
  });

  it("sellers: businessName, else name, else their type", () => {
    expect(
      displayName({ profile: { userType: "clothing_seller", businessName: "Мода", name: "Аня" } }),
    ).toBe("Мода");
    expect(displayName({ profile: { userType: "textile_seller", name: "Аня" } })).toBe("Аня");
    expect(displayName({ profile: { userType: "clothing_seller" } })).toBe("Продавец одежды");
    expect(displayName({ profile: { userType: "textile_seller", name: "" } })).toBe(
      "Продавец тканей",
    );
  });

  it("anyone else: nickname, else name, else 'Пользователь'", () => {
    expect(displayName({ profile: { userType: "buyer", nickname: "opt", name: "Олег" } })).toBe(
      "opt",
    );
    expect(displayName({ profile: { userType: "buyer", nickname: " ", name: "Олег" } })).toBe(
      "Олег",
    );
    expect(displayName({ profile: { userType: null, factoryName: "Не фабрика" } })).toBe(
      "Пользователь",
    );
    expect(displayName({ email: "b@x.kg", profile: {} })).toBe("Пользователь");
  });

  it("a factory with an English name goes by it on English pages only", () => {
    const profile = {
      userType: "factory",
      factoryName: "Ташкент Трикотаж",
      factoryNameEn: "Tashkent Knit",
    };
    expect(displayName({ profile }, "en")).toBe("Tashkent Knit");
    expect(displayName({ profile }, "ru")).toBe("Ташкент Трикотаж");
    expect(displayName({ profile: { ...profile, factoryNameEn: " " } }, "en")).toBe(
      "Ташкент Трикотаж",
    );
  });

  it("no profile: email, else 'Пользователь'", () => {
    expect(displayName({ email: "buyer@example.com" })).toBe("buyer@example.com");
    expect(displayName({ email: "buyer@example.com", profile: null })).toBe("buyer@example.com");
    expect(displayName({ email: "  " })).toBe("Пользователь");
    expect(displayName({})).toBe("Пользователь");
  });
});

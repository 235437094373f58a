import { describe, expect, it } from "vitest";
import { auth } from "~/domain/messages/auth";
import { USER_TYPE_OPTIONS } from "./schema";

describe("user types", () => {
  it("offers buyer and factory at registration", () => {
    expect(USER_TYPE_OPTIONS).toEqual(["buyer", "factory"]);
    expect(USER_TYPE_OPTIONS.map((type) => auth.register[type])).toEqual([
      "Покупатель",
      "Швейная фабрика",
    ]);
  });
});

import { describe, expect, it } from "vitest";
import { dashboard, messagesFor } from "~/domain/catalogue";
import { durationText } from "./dashboard-figures";

describe("an answer time as a person says it", () => {
  it("in minutes, hours and minutes, or days, in both languages", () => {
    const ru = messagesFor("ru", { dashboard }).dashboard.figures;
    const en = messagesFor("en", { dashboard }).dashboard.figures;
    expect(durationText(10, ru)).toBe("1 мин");
    expect(durationText(25 * 60, ru)).toBe("25 мин");
    expect(durationText(2 * 3600, ru)).toBe("2 ч");
    expect(durationText(3 * 3600 + 20 * 60, ru)).toBe("3 ч 20 мин");
    expect(durationText(47 * 3600, ru)).toBe("47 ч");
    expect(durationText(4 * 86_400, ru)).toBe("4 дня");
    expect(durationText(5 * 86_400, ru)).toBe("5 дней");
    expect(durationText(3 * 3600 + 20 * 60, en)).toBe("3 h 20 min");
    expect(durationText(2 * 86_400, en)).toBe("2 days");
  });
});

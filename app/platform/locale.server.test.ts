import { describe, expect, it } from "vitest";
import { chosenLocale, languageCookie, localeOf, localeToOffer } from "./locale.server";
import { limitsFor } from "./request-body.server";

const request = (path: string, headers: Record<string, string> = {}) =>
  new Request(`http://localhost${path}`, { headers });

describe("the language of a request", () => {
  it("is the language of its address, data requests included", () => {
    expect(localeOf(request("/factories"))).toBe("ru");
    expect(localeOf(request("/en/factories?country=kg"))).toBe("en");
    expect(localeOf(request("/en.data"))).toBe("en");
    expect(localeOf(request("/en/tenders.data?x=1"))).toBe("en");
    expect(localeOf(request("/_root.data"))).toBe("ru");
  });

  it("remembers a choice only from our cookie, and only a language we have", () => {
    expect(chosenLocale(request("/", { cookie: "a=1; fabricum_lang=en; b=2" }))).toBe("en");
    expect(chosenLocale(request("/", { cookie: "fabricum_lang=de" }))).toBeNull();
    expect(chosenLocale(request("/", { cookie: "xfabricum_lang=en" }))).toBeNull();
    expect(languageCookie("en", true)).toBe(
      "fabricum_lang=en; Path=/; Max-Age=31536000; SameSite=Lax; Secure",
    );
  });

  it("offers the browser's language on a page of another one, until a choice is made", () => {
    const german = { "accept-language": "de-DE,de;q=0.9,en;q=0.8" };
    expect(localeToOffer(request("/factories", german))).toBe("en");
    expect(localeToOffer(request("/en/factories", german))).toBeNull();
    expect(localeToOffer(request("/factories", { "accept-language": "ru-RU" }))).toBeNull();
    expect(
      localeToOffer(request("/factories", { ...german, cookie: "fabricum_lang=ru" })),
    ).toBeNull();
  });

  it("gives an upload route its limits in every language", async () => {
    expect(await limitsFor("/en/profile")).toEqual(await limitsFor("/profile"));
    expect(await limitsFor("/en/factory-products.data")).toEqual(
      await limitsFor("/factory-products"),
    );
    expect(await limitsFor("/en/login")).toEqual(await limitsFor("/login"));
    expect((await limitsFor("/en/profile")).maxFiles).toBe(1);
  });
});

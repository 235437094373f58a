import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import {
  loadSupportMethods,
  parseSupportConfig,
  readSupportConfig,
  SUPPORT_METHOD_IDS,
} from "./support.server";

const dir = mkdtempSync(path.join(tmpdir(), "support-config-"));
const write = (name: string, text: string) => {
  const file = path.join(dir, name);
  writeFileSync(file, text);
  return file;
};

describe("support config", () => {
  it("reads a valid file: values kept, empty values dropped, titles overridable", async () => {
    const file = write(
      "valid.json",
      JSON.stringify({
        methods: {
          "bank-kgs": {
            details: [
              { label: "Номер счета", value: "KG00 TEST" },
              { label: "Банк", value: "" },
            ],
          },
          "wallet-2": { title: "Demo Wallet", details: [{ label: "Кошелек", value: "W-1" }] },
        },
      }),
    );
    const result = await readSupportConfig(file);
    expect(result.ok).toBe(true);
    expect(result.methods.map((method) => method.id)).toEqual([...SUPPORT_METHOD_IDS]);
    const [kgs, usd, w1, w2] = result.methods;
    expect(kgs?.details).toEqual([{ label: "Номер счета", value: "KG00 TEST" }]);
    expect(usd?.details).toEqual([]);
    expect(w1?.title).toBeNull();
    expect(w2).toMatchObject({ kind: "wallet", title: "Demo Wallet" });
  });

  it("the committed file has no values: every method is 'soon'", async () => {
    const result = await readSupportConfig(path.resolve("config/support-project.json"));
    expect(result.ok).toBe(true);
    expect(result.methods).toHaveLength(5);
    for (const method of result.methods) expect(method.details).toEqual([]);
  });

  it("a missing file gives all methods empty and an error", async () => {
    const result = await readSupportConfig(path.join(dir, "nope.json"));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toContain("ENOENT");
    expect(result.methods.every((method) => method.details.length === 0)).toBe(true);
  });

  it("broken JSON gives all methods empty and an error", () => {
    const result = parseSupportConfig("{ methods: ");
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error).toMatch(/invalid JSON/);
    expect(result.methods).toHaveLength(5);
  });

  it("a wrong shape gives all methods empty and names the problem", () => {
    for (const text of [
      "[]",
      JSON.stringify({ methods: { "bank-eur": { details: [] } } }),
      JSON.stringify({ methods: { "bank-kgs": { details: [{ label: "x", value: 5 }] } } }),
    ]) {
      const result = parseSupportConfig(text);
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.error).toMatch(/wrong shape/);
      expect(result.methods.every((method) => method.details.length === 0)).toBe(true);
    }
  });

  it("loadSupportMethods logs a broken file instead of throwing", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const methods = await loadSupportMethods(write("broken.json", "not json"));
    expect(methods).toHaveLength(5);
    expect(log).toHaveBeenCalledWith(expect.stringContaining("invalid JSON"));
    log.mockRestore();
  });
});

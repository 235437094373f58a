import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { m } from "./messages";

const appDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

/** Files under app/ that the browser may load: everything but server-only modules and tests. */
function browserFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "server" ? [] : browserFiles(file);
    if (!/\.tsx?$/.test(entry.name) || /\.(server|test)\.tsx?$/.test(entry.name)) return [];
    return [file];
  });
}

describe("message catalogue", () => {
  it("is split into one module per namespace, put together in m", () => {
    const modules = readdirSync(path.join(appDir, "domain/messages"))
      .filter((name) => name.endsWith(".ts"))
      .map((name) => name.replace(/\.ts$/, "").replace(/-(\w)/g, (_, c: string) => c.toUpperCase()))
      .filter((name) => !["plural", "shared", "shape", "pack"].includes(name));
    expect(Object.keys(m).sort()).toEqual(modules.sort());
  });

  it("has the same namespace files in every language's folder", () => {
    const russian = readdirSync(path.join(appDir, "domain/messages")).filter((name) =>
      name.endsWith(".ts"),
    );
    const english = readdirSync(path.join(appDir, "domain/messages/en"));
    expect(english.sort()).toEqual(russian.filter((name) => name !== "shape.ts").sort());
  });

  it("reaches the browser one language at a time, through the language layout routes", () => {
    const packImporters = browserFiles(appDir)
      .filter((file) =>
        /from "[^"]*\/(messages(\/en)?\/pack|catalogue-packs)"/.test(readFileSync(file, "utf8")),
      )
      .map((file) => path.relative(appDir, file))
      .sort();
    // catalogue-packs.ts is an empty module in the browser's build (vite.config.ts).
    expect(packImporters).toEqual([
      "domain/catalogue-packs.ts",
      "domain/catalogue.ts",
      "routes/layout.en.tsx",
      "routes/layout.ru.tsx",
    ]);
    const wholeCatalogue = browserFiles(appDir)
      .filter((file) => /from "(~\/domain|\.\.?)\/messages"/.test(readFileSync(file, "utf8")))
      .map((file) => path.relative(appDir, file));
    expect(wholeCatalogue).toEqual([]);
  });
});

describe("Russian spelling", () => {
  it("writes «е», never the letter yo, in every Russian text of the interface, letters and content", () => {
    const russianSources = [
      ...readdirSync(path.join(appDir, "domain/messages"))
        .filter((name) => name.endsWith(".ts"))
        .map((name) => path.join(appDir, "domain/messages", name)),
      path.join(appDir, "domain/reference.ts"),
      path.join(appDir, "content/static-pages.ts"),
    ];
    const withYo = russianSources.flatMap((file) =>
      readFileSync(file, "utf8")
        .split("\n")
        .flatMap((line, i) =>
          /[ёЁ]/.test(line) ? [`${path.relative(appDir, file)}:${i + 1}: ${line.trim()}`] : [],
        ),
    );
    expect(withYo).toEqual([]);
  });
});

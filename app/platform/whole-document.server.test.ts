import { Writable } from "node:stream";
import { createElement as h, lazy, type ReactNode, Suspense, useId } from "react";
import { renderToPipeableStream } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { wholeDocument } from "./whole-document.server";

/** What the streaming renderer writes once everything is ready (the entry's other way). */
function streamed(page: ReactNode): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const { pipe } = renderToPipeableStream(page, {
      onAllReady() {
        pipe(
          new Writable({
            write(chunk: Buffer, _encoding, callback) {
              chunks.push(chunk);
              callback();
            },
            final(callback) {
              resolve(Buffer.concat(chunks));
              callback();
            },
          }),
        );
      },
      onShellError: reject,
    });
  });
}

function Field({ label }: { label: string }) {
  const id = useId();
  return h("p", null, h("label", { htmlFor: id }, label), h("input", { id, name: "q" }));
}

const document = h(
  "html",
  { lang: "ru" },
  h(
    "head",
    null,
    h("meta", { charSet: "utf-8" }),
    h("title", null, "Фабрики — Fabricum"),
    h("link", { rel: "stylesheet", href: "/assets/app.css" }),
  ),
  h(
    "body",
    { className: "flex min-h-dvh" },
    h("a", { href: "/factories?q=<a&b>" }, "Фабрики ", 24, " & «ткани»"),
    h(Field, { label: "Поиск" }),
    h(Field, { label: "Город" }),
    h("svg", { "aria-hidden": "true", width: 24 }, h("use", { href: "/icons.svg#x" })),
  ),
);

describe("wholeDocument", () => {
  it("gives the bytes the streaming renderer gives, the doctype included", async () => {
    const whole = wholeDocument(document);
    expect(whole?.toString("utf8")).toBe((await streamed(document)).toString("utf8"));
    expect(whole?.toString("utf8")).toMatch(/^<!DOCTYPE html><html lang="ru">/);
  });

  it("adds no doctype to what is not a document", async () => {
    const part = h("p", null, "Текст ", "и ещё");
    expect(wholeDocument(part)?.toString("utf8")).toBe((await streamed(part)).toString("utf8"));
  });

  it("leaves a page with a part that suspends, or one that fails, to the streaming renderer", () => {
    const never = lazy(() => new Promise<{ default: () => ReactNode }>(() => {}));
    expect(wholeDocument(h("div", null, h(Suspense, { fallback: "…" }, h(never))))).toBeNull();
    expect(wholeDocument(h("div", null, h(never)))).toBeNull();
    const Broken = () => {
      throw new Error("broken");
    };
    expect(wholeDocument(h("div", null, h(Broken)))).toBeNull();
  });
});

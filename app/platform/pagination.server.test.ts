import { describe, expect, it } from "vitest";
import { MAX_PAGE, pageOf } from "~/domain/filter-params";
import { emptyPage, pageWindow, readPage } from "./pagination.server";

describe("the page number (pageOf)", () => {
  it("reads a positive integer from a string or a number", () => {
    expect(pageOf("3")).toBe(3);
    expect(pageOf(7)).toBe(7);
  });

  it("reads anything else as the first page", () => {
    for (const value of [null, undefined, "", "0", "-2", "abc", 0, -1, 2.5, Number.NaN]) {
      expect(pageOf(value)).toBe(1);
    }
  });

  it("caps a huge page number", () => {
    expect(pageOf("999999999999")).toBe(MAX_PAGE);
    expect(pageOf(MAX_PAGE + 1)).toBe(MAX_PAGE);
  });
});

describe("pageWindow", () => {
  it("gives the rows of the requested page", () => {
    expect(pageWindow(45, "2", 20)).toEqual({ page: 2, pageCount: 3, offset: 20, pageSize: 20 });
    expect(pageWindow(45, 3, 20)).toEqual({ page: 3, pageCount: 3, offset: 40, pageSize: 20 });
  });

  it("shows the last page for a page past the end", () => {
    expect(pageWindow(45, 9, 20)).toEqual({ page: 3, pageCount: 3, offset: 40, pageSize: 20 });
    expect(pageWindow(40, 3, 20)).toEqual({ page: 2, pageCount: 2, offset: 20, pageSize: 20 });
  });

  it("has one empty page when there are no rows", () => {
    expect(pageWindow(0, 5, 20)).toEqual({ page: 1, pageCount: 1, offset: 0, pageSize: 20 });
  });

  it("takes a count that a driver returns as a string", () => {
    expect(pageWindow("21", "2", 20)).toEqual({ page: 2, pageCount: 2, offset: 20, pageSize: 20 });
  });

  it("starts at the first page when none is asked for", () => {
    expect(pageWindow(100, null, 10)).toEqual({ page: 1, pageCount: 10, offset: 0, pageSize: 10 });
  });
});

describe("readPage", () => {
  it("reads the rows of the page's window", async () => {
    const windows: unknown[] = [];
    const page = await readPage("45", "3", 20, async (window) => {
      windows.push(window);
      return ["a", "b"];
    });
    expect(windows).toEqual([{ page: 3, pageCount: 3, offset: 40, pageSize: 20 }]);
    expect(page).toEqual({ items: ["a", "b"], total: 45, page: 3, pageCount: 3, pageSize: 20 });
  });

  it("reads nothing for an empty list and gives its one empty page", async () => {
    let reads = 0;
    const page = await readPage(0, 4, 20, async () => {
      reads += 1;
      return ["never"];
    });
    expect(reads).toBe(0);
    expect(page).toEqual(emptyPage(20));
    expect(emptyPage(20)).toEqual({ items: [], total: 0, page: 1, pageCount: 1, pageSize: 20 });
  });
});

import { describe, expect, it } from "vitest";
import {
  changeTouches,
  EVERYTHING,
  pageTags,
  pageTagsOf,
  parseChangedTags,
  tagsTouch,
} from "./page-tags";

const A = "0b7e4f9c-1111-4e2a-9d3c-aaaaaaaaaaaa";
const B = "0b7e4f9c-2222-4e2a-9d3c-bbbbbbbbbbbb";

describe("page tags", () => {
  it("spells each kind once, ids in lowercase as PostgreSQL prints them", () => {
    expect(pageTags.factory(A.toUpperCase())).toBe(`factory:${A}`);
    expect(pageTags.directory()).toBe("directory");
    expect(pageTags.directory("kg")).toBe("directory:kg");
    expect(pageTags.directory(null)).toBe("directory");
    expect(pageTags.tenders()).toBe("tenders");
    expect(pageTags.tender(B)).toBe(`tender:${B}`);
  });

  it("reads a NOTIFY's payload; empty, '*' or anything malformed is everything", () => {
    expect(parseChangedTags(`factory:${A} directory:kg`)).toEqual([`factory:${A}`, "directory:kg"]);
    expect(parseChangedTags(`tender:${B}  tender:${B}\n`)).toEqual([`tender:${B}`]);
    expect(parseChangedTags("")).toEqual([EVERYTHING]);
    expect(parseChangedTags(null)).toEqual([EVERYTHING]);
    expect(parseChangedTags("*")).toEqual([EVERYTHING]);
    expect(parseChangedTags(`factory:${A} *`)).toEqual([EVERYTHING]);
    expect(parseChangedTags("Factory:x")).toEqual([EVERYTHING]);
    expect(parseChangedTags("factory:a;drop")).toEqual([EVERYTHING]);
    expect(parseChangedTags('{"users":[]}')).toEqual([EVERYTHING]);
  });

  it("gives a page that declares nothing, or something malformed, everything", () => {
    expect(pageTagsOf(undefined)).toEqual([EVERYTHING]);
    expect(pageTagsOf([])).toEqual([]);
    expect(pageTagsOf(["tenders", "tenders"])).toEqual(["tenders"]);
    // A tender page's id from the address, with a space in it.
    expect(pageTagsOf([pageTags.tender("a b")])).toEqual([EVERYTHING]);
    expect(pageTagsOf([pageTags.tender("")])).toEqual([EVERYTHING]);
  });

  it("matches kinds, narrowed by a value only when both sides have one", () => {
    expect(tagsTouch(`factory:${A}`, `factory:${A}`)).toBe(true);
    expect(tagsTouch(`factory:${A}`, `factory:${B}`)).toBe(false);
    expect(tagsTouch("directory", "directory:kg")).toBe(true);
    expect(tagsTouch("directory:kg", "directory")).toBe(true);
    expect(tagsTouch("directory:kg", "directory:uz")).toBe(false);
    expect(tagsTouch("tenders", `tender:${B}`)).toBe(false);
    expect(tagsTouch(`factory:${A}`, "directory:kg")).toBe(false);
    expect(tagsTouch(EVERYTHING, "tenders")).toBe(true);
    expect(tagsTouch("tenders", EVERYTHING)).toBe(true);
  });

  it("says which pages a change touches", () => {
    const factoryA = [pageTags.factory(A)];
    const directoryUz = [pageTags.directory("uz")];
    const home = [pageTags.directory(), pageTags.tenders()];
    const changeOfA = [pageTags.factory(A), pageTags.directory("kg")];
    expect(changeTouches(factoryA, changeOfA)).toBe(true);
    expect(changeTouches([pageTags.factory(B)], changeOfA)).toBe(false);
    expect(changeTouches(directoryUz, changeOfA)).toBe(false);
    expect(changeTouches(home, changeOfA)).toBe(true);
    expect(changeTouches([], changeOfA)).toBe(false);
    // A change too large to name drops even the pages that show nothing that changes.
    expect(changeTouches([], [EVERYTHING])).toBe(true);
    expect(changeTouches([EVERYTHING], [pageTags.tender(B)])).toBe(true);
  });
});

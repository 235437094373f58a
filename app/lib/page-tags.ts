/**
 * Page tags: what a cached page shows, and what a write changed (docs/decisions/016, issue 31).
 * A visitor's page carries the tags of what it shows (its route's `shows` fact,
 * app/lib/route-facts.ts); the database's triggers name the tags a write changed in their NOTIFY
 * (migrations 0026 and 0027, which spell the same kinds in SQL); the page cache drops the pages whose tags
 * a change touches, and no others. Pure: route modules (and so the browser) read it too.
 *
 * A tag is a kind, optionally narrowed by one value: `factory:<id>`, `directory:<country>`.
 * Two tags touch when their kinds are the same and either has no value or the values are equal:
 * a change of the directory of Kyrgyzstan (`directory:kg`) touches the whole directory's pages
 * (`directory`) and Kyrgyzstan's (`directory:kg`), not Uzbekistan's. `*` is everything: a page
 * that declares nothing, a change too large to name (a big statement, a TRUNCATE).
 */

/** Everything: a page tagged so goes with any change; a change named so drops every page. */
export const EVERYTHING = "*";

/** The kinds of tags, one definition each (the triggers of migrations 0026/0027 spell the same). */
export const pageTags = {
  /** A factory's page and portfolio: its row, products, certificates, reviews, owner's profile. */
  factory: (id: string) => `factory:${id.toLowerCase()}`,
  /** Directory pages, narrowed by country when the page filters by one; also the landing counts. */
  directory: (country?: string | null) => (country ? `directory:${country}` : "directory"),
  /**
   * A factory's card on a directory page without a search: its texts (description, the search
   * words). A directory page names the cards it shows, so a new description drops only the pages
   * that show that card; a change to what decides who is listed, and in which order, names the
   * directory instead.
   */
  card: (id: string) => `card:${id.toLowerCase()}`,
  /** Any factory's texts: the search pages, whose matches a new description can change. */
  factoryTexts: () => "factory-texts",
  /** The tender list (and the landing page's count of active tenders). */
  tenders: () => "tenders",
  /** A tender's page: its row and its quotes (the count). */
  tender: (id: string) => `tender:${id.toLowerCase()}`,
} as const;

/** A tag as the cache accepts it: a kind in lowercase letters and an optional plain value. */
const TAG = /^[a-z-]+(?::[A-Za-z0-9_.-]{1,100})?$/;

/** Whether `tag` is well formed (or EVERYTHING). */
export function isPageTag(tag: string): boolean {
  return tag === EVERYTHING || TAG.test(tag);
}

/**
 * The tags of a page for the cache: the declared ones, or EVERYTHING when there is no
 * declaration or one of them is malformed (a page that may show anything goes with any change).
 */
export function pageTagsOf(declared: readonly string[] | undefined): string[] {
  if (!declared) return [EVERYTHING];
  const tags = [...new Set(declared)];
  return tags.every(isPageTag) ? tags : [EVERYTHING];
}

/**
 * What a NOTIFY of `fabricum_pages` says changed: its tags separated by spaces. An empty payload
 * (the triggers before migration 0026), EVERYTHING or anything malformed means everything.
 */
export function parseChangedTags(payload: string | null | undefined): string[] {
  const tags = (payload ?? "").split(/\s+/).filter(Boolean);
  if (tags.length === 0 || !tags.every(isPageTag) || tags.includes(EVERYTHING)) {
    return [EVERYTHING];
  }
  return [...new Set(tags)];
}

function split(tag: string): [kind: string, value: string | null] {
  const colon = tag.indexOf(":");
  return colon < 0 ? [tag, null] : [tag.slice(0, colon), tag.slice(colon + 1)];
}

/** Whether a page's tag and a changed tag touch (see above). */
export function tagsTouch(pageTag: string, changedTag: string): boolean {
  if (pageTag === EVERYTHING || changedTag === EVERYTHING) return true;
  if (pageTag === changedTag) return true;
  const [pageKind, pageValue] = split(pageTag);
  const [changedKind, changedValue] = split(changedTag);
  return pageKind === changedKind && (pageValue === null || changedValue === null);
}

/** Whether a change naming `changed` touches a page showing `shown` (everything touches all). */
export function changeTouches(shown: readonly string[], changed: readonly string[]): boolean {
  if (changed.includes(EVERYTHING)) return true;
  return shown.some((pageTag) => changed.some((changedTag) => tagsTouch(pageTag, changedTag)));
}

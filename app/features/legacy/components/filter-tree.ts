import type { FilterTreeNode } from "./legacy-filters";

/**
 * The two-level choice of LegacyFilters (a category, then one of its items) built from a reference
 * list: each group with its children, labelled by `label` in the page's language.
 */
export function filterTree<Group extends { slug: string }, Child extends { slug: string }>(
  groups: readonly Group[],
  childrenOf: (group: Group) => readonly Child[],
  label: { group: (group: Group) => string; child: (child: Child) => string },
): FilterTreeNode[] {
  return groups.map((group) => ({
    slug: group.slug,
    label: label.group(group),
    children: childrenOf(group).map((child) => ({ slug: child.slug, label: label.child(child) })),
  }));
}

/** One parent's choices in a select that follows another (a country's cities). */
export interface ParentOptions {
  parent: string;
  options: readonly { value: string; label: string }[];
}

/**
 * The options of a select that follows another: those of the current parent; with `all` (an
 * HTML-first page) every parent's, the current one's first and the others hidden, each tagged
 * with `data-parent` for the dependent-selects script (lib/inline-scripts.ts).
 */
export function FollowingOptions({
  groups,
  current,
  all,
}: {
  groups: readonly ParentOptions[];
  current: string;
  all: boolean;
}) {
  const shown = all
    ? [...groups].sort((x, y) => Number(y.parent === current) - Number(x.parent === current))
    : groups.filter((group) => group.parent === current);
  return shown.flatMap((group) =>
    group.options.map((option) => {
      const other = group.parent !== current;
      return (
        <option
          key={`${group.parent}/${option.value}`}
          value={option.value}
          data-parent={all ? group.parent : undefined}
          hidden={other}
          disabled={other}
        >
          {option.label}
        </option>
      );
    }),
  );
}

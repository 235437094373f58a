import type { ComponentProps } from "react";
import { LabelledSelect } from "./labelled-select";

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

/**
 * A labelled select that follows another (a city its country, a subcategory its category): the
 * current parent's options, disabled while the parent has none chosen or no options. Its empty
 * choice reads `prompts[0]` before a parent is chosen, `prompts[1]` (any, or choose) when it has
 * options and `prompts[2]` when it has none. With `all` (an HTML-first page) it holds every
 * parent's options and the dependent-selects script (lib/inline-scripts.ts) follows the parent
 * select `follows` (its id) the same way.
 */
export function FollowingSelect({
  id,
  label,
  errors,
  name,
  value,
  onChange,
  follows,
  parent,
  groups,
  prompts,
  all,
  count = groups.find((group) => group.parent === parent)?.options.length ?? 0,
}: {
  id: string;
  label: string;
  errors?: string[];
  name: string;
  value: string;
  onChange: ComponentProps<"select">["onChange"];
  follows: string;
  parent: string;
  groups: readonly ParentOptions[];
  prompts: readonly [noParent: string, some: string, none: string];
  all: boolean;
  /** How many options the parent has, when its group is not the way to count them. */
  count?: number;
}) {
  return (
    <LabelledSelect
      id={id}
      label={label}
      errors={errors}
      empty={!parent ? prompts[0] : count > 0 ? prompts[1] : prompts[2]}
      emptyLabels={all ? prompts : undefined}
      name={name}
      value={value}
      disabled={!parent || count === 0}
      data-follows={all ? follows : undefined}
      onChange={onChange}
    >
      <FollowingOptions all={all} current={parent} groups={groups} />
    </LabelledSelect>
  );
}

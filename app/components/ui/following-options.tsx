import type { ComponentProps } from "react";
import { useHydrated } from "~/lib/use-hydrated";
import { LabelledSelect } from "./labelled-select";

/** One parent's choices in a select that follows another (a country's cities). */
export interface ParentOptions {
  parent: string;
  /** The parent's name, the label of its group when every group is listed (see FollowingSelect). */
  label?: string;
  options: readonly { value: string; label: string }[];
}

/**
 * Every parent's options in groups (`optgroup`), the current parent's first: what a select that
 * follows another offers before the app runs, so that a form works with JavaScript off.
 */
function GroupedOptions({
  groups,
  current,
  tagged = false,
}: {
  groups: readonly ParentOptions[];
  current: string;
  /** Each option says its parent (`data-parent`), for a script that takes the groups apart. */
  tagged?: boolean;
}) {
  const shown = [...groups]
    .filter((group) => group.options.length > 0)
    .sort((x, y) => Number(y.parent === current) - Number(x.parent === current));
  return shown.map((group) => (
    <optgroup key={group.parent} label={group.label ?? group.parent}>
      {group.options.map((option) => (
        <option
          key={option.value}
          value={option.value}
          data-parent={tagged ? group.parent : undefined}
        >
          {option.label}
        </option>
      ))}
    </optgroup>
  ));
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
 * select `follows` (its id) the same way. On an app page, until the app runs (and for good when
 * the browser runs no JavaScript) it lists every group of `groups` in `optgroup`s and is never
 * disabled, so a choice can be made without scripts; the server checks that it fits the parent.
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
  groupedUntilScripts = false,
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
  /**
   * On a light workspace page's form (with `all`): every group listed and the select enabled, so
   * the form works with JavaScript off; the workspace's script (lib/picture-scripts.ts
   * FORM_HELPERS_SCRIPT) then makes it follow its parent as the dependent-selects script does.
   */
  groupedUntilScripts?: boolean;
  /** How many options the parent has, when its group is not the way to count them. */
  count?: number;
}) {
  const hydrated = useHydrated();
  // Every group listed: on an app page until the app runs, or on a light page's form (then
  // tagged for the workspace's script, which makes the select follow its parent).
  const scripted = all && groupedUntilScripts;
  if (scripted || (!all && !hydrated)) {
    return (
      <LabelledSelect
        id={id}
        label={label}
        errors={errors}
        empty={prompts[1]}
        emptyLabels={scripted ? prompts : undefined}
        name={name}
        value={value}
        data-follows={scripted ? follows : undefined}
        data-grouped={scripted ? "" : undefined}
        onChange={onChange}
      >
        <GroupedOptions current={parent} groups={groups} tagged={scripted} />
      </LabelledSelect>
    );
  }
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

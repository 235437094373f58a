import { Plus, X } from "lucide-react";
import { useId, useState } from "react";
import { ColorChip } from "~/components/product-visuals";
import { Button } from "~/components/ui/button";
import { FieldError, inputClass, Label } from "~/components/ui/field";
import { common, products } from "~/domain/catalogue";
import { DEFAULT_LOCALE, LOCALE_INFO } from "~/domain/locale";
import { COLORS, colorLabel } from "~/domain/reference";
import { normalizeColors } from "~/features/products/schema";
import { useHtmlFirst } from "~/lib/html-first";
import { useLocale, useMessages } from "~/lib/i18n";
import { useHydrated } from "~/lib/use-hydrated";

/**
 * A product's colours: chips plus a text field (which is submitted too, so typing 'Красный, Синий'
 * and saving works without JavaScript); the suggested colours (app/domain/reference.ts COLORS) in
 * a datalist and as one-tap buttons. Until the app runs (and for good with JavaScript off) the
 * chosen colours and the suggestions are checkboxes, which the form posts as they are ticked.
 */
export function ColorsInput({
  id,
  name,
  defaultColors,
  errors,
}: {
  id: string;
  name: string;
  defaultColors: readonly string[];
  errors: string[];
}) {
  const m = useMessages({ products, common });
  const t = m.products.form;
  const locale = useLocale();
  const tag = LOCALE_INFO[locale].tag;
  /** A colour as this page names it (a Russian page shows it as typed). */
  const named = (color: string) => (locale === DEFAULT_LOCALE ? color : colorLabel(color, locale));
  /** A palette colour typed by its name in this language is kept by its Russian name. */
  const stored = (color: string) =>
    COLORS.find(
      (c) =>
        colorLabel(c.slug, locale).toLocaleLowerCase(tag) === color.trim().toLocaleLowerCase(tag),
    )?.label ?? color;
  const [colors, setColors] = useState<string[]>(() => normalizeColors(defaultColors));
  const [draft, setDraft] = useState("");
  const listId = useId();
  const hydrated = useHydrated();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const commit = (extra: string) => {
    if (!extra.trim()) return;
    setColors((current) => normalizeColors([...current, stored(extra)]));
    setDraft("");
  };
  const chosen = new Set(colors.map((color) => named(color).toLocaleLowerCase(tag)));
  const suggestions = COLORS.filter(
    (color) => !chosen.has(colorLabel(color.slug, locale).toLocaleLowerCase(tag)),
  );
  // On a light page (decision 036) the page script (lib/picture-scripts.ts COLORS_SCRIPT) does
  // what the app does here: the same chips, buttons and palette, drawn by the server.
  const lightPage = useHtmlFirst();
  const widgets = hydrated || lightPage;
  const chip = (color: string) => (
    <li
      key={color}
      className="inline-flex items-center gap-0.5 rounded-full border border-slate-200 bg-white pr-0.5"
    >
      <ColorChip color={color} className="border-0 text-sm" />
      {/* On a light page disabled until its script runs: without JavaScript the boxes post. */}
      <input type="hidden" name={name} value={color} disabled={lightPage} />
      <button
        type="button"
        onClick={() => setColors((current) => current.filter((c) => c !== color))}
        aria-label={t.removeColor(named(color))}
        data-color-remove=""
        className="grid size-6 place-items-center rounded-full text-slate-400 hover:bg-slate-100 hover:text-slate-700"
      >
        <X className="size-3.5" aria-hidden="true" />
      </button>
    </li>
  );
  const palette = lightPage
    ? JSON.stringify(
        Object.fromEntries(
          COLORS.flatMap((color) => {
            const entry = [color.label, colorLabel(color.slug, locale), color.hex];
            return [
              [colorLabel(color.slug, locale).toLocaleLowerCase(tag), entry],
              [color.label.toLocaleLowerCase(tag), entry],
            ];
          }),
        ),
      )
    : undefined;
  const shownSuggestions = lightPage ? COLORS : suggestions;
  // The app's boxes: where there are no chips (before the app runs), and in a light page's noscript.
  const checkboxes = colors.length + suggestions.length > 0 && (
    <ColorCheckboxes
      name={name}
      chosen={colors.map((color) => ({ value: color, label: named(color) }))}
      suggestions={suggestions.map((color) => ({
        value: color.label,
        label: colorLabel(color.slug, locale),
      }))}
      labels={{ chosen: t.colors, suggestions: t.colorSuggestions }}
    />
  );
  return (
    <div
      data-colors={lightPage ? "" : undefined}
      data-palette={palette}
      data-remove={lightPage ? t.removeColor("{color}") : undefined}
    >
      <Label htmlFor={id}>{t.colors}</Label>
      {!widgets && checkboxes}
      {lightPage && checkboxes && (
        // Without JavaScript the light page offers the boxes; its script shows the chips instead.
        <noscript>{checkboxes}</noscript>
      )}
      {widgets && (colors.length > 0 || lightPage) && (
        <ul
          className="mt-2 flex flex-wrap gap-1.5"
          aria-label={t.colors}
          hidden={colors.length === 0 || lightPage}
          data-color-chips=""
        >
          {colors.map(chip)}
        </ul>
      )}
      {lightPage && <template data-color-chip="">{chip("")}</template>}
      <div className="mt-2 flex gap-2">
        <input
          id={id}
          name={name}
          value={draft}
          list={listId}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Enter") {
              event.preventDefault();
              commit(draft);
            }
          }}
          onBlur={() => commit(draft)}
          placeholder={t.colorPlaceholder}
          autoComplete="off"
          aria-invalid={errors.length > 0 || undefined}
          aria-describedby={errors.length > 0 ? errorId : hintId}
          data-color-draft={lightPage ? "" : undefined}
          className={inputClass}
        />
        {widgets && (
          <Button
            type="button"
            variant="secondary"
            onClick={() => commit(draft)}
            aria-label={t.addColor}
            data-color-add=""
            hidden={lightPage}
            data-colors-js={lightPage ? "" : undefined}
            className="shrink-0"
          >
            <Plus aria-hidden="true" />
            {m.common.add}
          </Button>
        )}
      </div>
      <datalist id={listId}>
        {COLORS.map((color) => (
          <option key={color.slug} value={colorLabel(color.slug, locale)} />
        ))}
      </datalist>
      {errors.length > 0 ? (
        <FieldError id={errorId} errors={errors} />
      ) : (
        <p id={hintId} className="mt-1.5 text-slate-500 text-xs">
          {t.colorsHint}
        </p>
      )}
      {widgets && (suggestions.length > 0 || lightPage) && (
        <div className="mt-3" hidden={lightPage} data-colors-js={lightPage ? "" : undefined}>
          <p className="text-slate-500 text-xs">{t.colorSuggestions}</p>
          <ul className="mt-1.5 flex flex-wrap gap-1.5">
            {shownSuggestions.map((color) => (
              <li key={color.slug} hidden={lightPage && !suggestions.includes(color)}>
                <button
                  type="button"
                  onClick={() => commit(color.label)}
                  aria-label={t.addColorSuggestion(colorLabel(color.slug, locale))}
                  data-color-suggest={lightPage ? color.label : undefined}
                  className="inline-flex items-center gap-1 rounded-full border border-slate-200 border-dashed px-2 py-1 text-slate-600 text-xs hover:border-brand-300 hover:bg-brand-50 hover:text-brand-800"
                >
                  <Plus className="size-3" aria-hidden="true" />
                  {colorLabel(color.slug, locale)}
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}

interface ColorChoice {
  /** What the form posts (a palette colour by its Russian name). */
  value: string;
  label: string;
}

/**
 * The colours as checkboxes, for a form that runs no JavaScript: the chosen ones ticked (untick to
 * remove), the palette's others to tick.
 */
function ColorCheckboxes({
  name,
  chosen,
  suggestions,
  labels,
}: {
  name: string;
  chosen: readonly ColorChoice[];
  suggestions: readonly ColorChoice[];
  labels: { chosen: string; suggestions: string };
}) {
  const group = (legend: string, choices: readonly ColorChoice[], checked: boolean) =>
    choices.length > 0 && (
      <fieldset className="mt-2">
        <legend className="text-slate-500 text-xs">{legend}</legend>
        <div className="mt-1.5 flex flex-wrap gap-1.5">
          {choices.map((choice) => (
            <label
              key={choice.value}
              className="inline-flex min-h-8 cursor-pointer items-center gap-1.5 rounded-full border border-slate-200 bg-white px-2.5 py-1 text-slate-700 text-sm has-checked:border-brand-300 has-checked:bg-brand-50"
            >
              <input
                type="checkbox"
                name={name}
                value={choice.value}
                defaultChecked={checked}
                className="size-4 accent-brand-600"
              />
              {choice.label}
            </label>
          ))}
        </div>
      </fieldset>
    );
  return (
    <>
      {group(labels.chosen, chosen, true)}
      {group(labels.suggestions, suggestions, false)}
    </>
  );
}

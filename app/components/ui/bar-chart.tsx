/**
 * A small bar chart drawn as SVG on the server (no chart library, no JavaScript needed): one group
 * of bars per category (a month), one bar per series, side by side, with a value axis and a
 * legend. It is one image for assistive technology (role="img", named by `label`, which should
 * carry the totals), and its figures are a table beside it (`tableLabel` opens it), for anybody
 * who would rather read them, a screen reader included.
 *
 * The drawing is sized for a phone (its text is about 11 px in a 390 px wide window) and grows with
 * its box up to `max-w-md` (about 16 px text at most).
 */
import { useId } from "react";
import { cn } from "~/lib/cn";

export interface BarSeries {
  label: string;
  /** One value per category, in the categories' order. */
  values: readonly number[];
  tone: BarTone;
}

export type BarTone = "brand" | "accent";

/** Each tone: the bar's fill and the legend's swatch (3:1 or more against white). */
const TONES: Record<BarTone, { fill: string; swatch: string }> = {
  brand: { fill: "fill-brand-500", swatch: "bg-brand-500" },
  accent: { fill: "fill-accent-700", swatch: "bg-accent-700" },
};

export interface BarCategory {
  /** The axis' short label, three letters or so ('янв'). */
  short: string;
  /** The table's label ('январь 2026'). */
  long: string;
}

// A phone's card is about 300 px wide inside: the drawing's units are about pixels there.
const WIDTH = 300;
const HEIGHT = 170;
const PAD = { top: 10, right: 2, bottom: 32, left: 26 };
/** Narrower groups than this put every other label on a second line (twelve months do). */
const STAGGER_BELOW = 36;

/** The smallest 1, 2 or 5 × 10ⁿ at or above `value` (at least 1): the axis' top. */
export function niceCeiling(value: number): number {
  if (!(value > 1)) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 5, 10]) {
    if (step * power >= value) return step * power;
  }
  return 10 * power;
}

export function BarChart({
  label,
  categories,
  series,
  categoryHeader,
  tableLabel,
  formatValue = String,
  className,
}: {
  /** The chart's accessible name: what it shows and its totals. */
  label: string;
  categories: readonly BarCategory[];
  series: readonly BarSeries[];
  /** The table's first column heading ('Месяц'). */
  categoryHeader: string;
  /** The summary of the table's disclosure ('Цифры по месяцам'). */
  tableLabel: string;
  formatValue?: (value: number) => string;
  className?: string;
}) {
  const titleId = useId();
  const max = niceCeiling(Math.max(0, ...series.flatMap((s) => s.values)));
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const groupWidth = plotWidth / Math.max(1, categories.length);
  const gap = 2;
  const barWidth = Math.max(2, Math.min(14, (groupWidth * 0.75 - gap) / series.length));
  const stagger = groupWidth < STAGGER_BELOW;
  const y = (value: number) => PAD.top + plotHeight - (value / max) * plotHeight;
  // Counts: a middle line only where it falls on a whole number.
  const ticks = Number.isInteger(max / 2) ? [0, max / 2, max] : [0, max];
  return (
    <figure className={cn("max-w-md", className)}>
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby={titleId}
        className="h-auto w-full overflow-visible"
      >
        <title id={titleId}>{label}</title>
        {ticks.map((tick) => (
          <g key={tick}>
            <line
              x1={PAD.left}
              x2={WIDTH - PAD.right}
              y1={y(tick)}
              y2={y(tick)}
              className={tick === 0 ? "stroke-slate-400" : "stroke-slate-200"}
              strokeWidth={1}
            />
            <text
              x={PAD.left - 5}
              y={y(tick)}
              textAnchor="end"
              dominantBaseline="middle"
              className="fill-slate-600"
              fontSize={11}
            >
              {formatValue(tick)}
            </text>
          </g>
        ))}
        {categories.map((category, i) => {
          const groupX = PAD.left + i * groupWidth;
          const barsWidth = series.length * barWidth + (series.length - 1) * gap;
          const start = groupX + (groupWidth - barsWidth) / 2;
          return (
            <g key={category.long}>
              {series.map((s, j) => {
                const value = s.values[i] ?? 0;
                if (value <= 0) return null;
                const top = y(value);
                return (
                  <rect
                    key={s.label}
                    x={start + j * (barWidth + gap)}
                    y={top}
                    width={barWidth}
                    height={Math.max(1, PAD.top + plotHeight - top)}
                    rx={1.5}
                    className={TONES[s.tone].fill}
                  />
                );
              })}
              <text
                x={groupX + groupWidth / 2}
                y={HEIGHT - (stagger && i % 2 === 0 ? 17 : 5)}
                textAnchor="middle"
                className="fill-slate-600"
                fontSize={11}
              >
                {category.short}
              </text>
            </g>
          );
        })}
      </svg>
      <figcaption className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-slate-700 text-sm">
        {series.map((s) => (
          <span key={s.label} className="inline-flex items-center gap-1.5">
            <span aria-hidden="true" className={cn("size-3 rounded-sm", TONES[s.tone].swatch)} />
            {s.label}
          </span>
        ))}
      </figcaption>
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer font-semibold text-brand-700 hover:underline">
          {tableLabel}
        </summary>
        <table className="mt-2 w-full max-w-md text-left">
          <thead>
            <tr className="border-slate-200 border-b text-slate-600">
              <th scope="col" className="py-1.5 pr-3 font-semibold">
                {categoryHeader}
              </th>
              {series.map((s) => (
                <th key={s.label} scope="col" className="py-1.5 pr-3 text-right font-semibold">
                  {s.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {categories.map((category, i) => (
              <tr key={category.long} className="border-slate-100 border-b">
                <th scope="row" className="py-1.5 pr-3 font-normal text-slate-700">
                  {category.long}
                </th>
                {series.map((s) => (
                  <td key={s.label} className="py-1.5 pr-3 text-right text-slate-900 tabular-nums">
                    {formatValue(s.values[i] ?? 0)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}

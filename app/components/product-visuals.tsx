import { Shirt } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { common, products } from "~/domain/catalogue";
import { colorHex, colorLabel, isNamedColor } from "~/domain/reference";
import { thumbnailUrl } from "~/domain/uploads";
import { cn } from "~/lib/cn";
import { useLocale, useMessages } from "~/lib/i18n";

export function ColorChip({ color, className }: { color: string; className?: string }) {
  const locale = useLocale();
  const label = colorLabel(color, locale);
  const swatch = colorHex(color);
  return (
    <span
      className={cn(
        "inline-flex max-w-full items-center gap-1.5 rounded-full border border-slate-200 bg-white px-2 py-0.5 text-slate-700 text-xs",
        className,
      )}
    >
      <span
        aria-hidden="true"
        className="size-2.5 shrink-0 rounded-full border border-slate-300"
        style={swatch ? { backgroundColor: swatch } : undefined}
        data-color-swatch=""
      />
      <span
        className="truncate"
        data-user-content={!isNamedColor(color) || undefined}
        data-color-name=""
      >
        {label}
      </span>
    </span>
  );
}

/** Up to `max` colours, then '+N' (at most 3 on a portfolio card: docs/product.md, "Constants"). */
export function ColorChips({
  colors,
  max = 3,
  className,
}: {
  colors: readonly string[];
  max?: number;
  className?: string;
}) {
  const m = useMessages({ products, common });
  if (colors.length === 0) return null;
  const shown = colors.slice(0, max);
  const rest = colors.length - shown.length;
  return (
    <ul
      className={cn("flex flex-wrap items-center gap-1.5", className)}
      aria-label={m.products.card.colors}
    >
      {shown.map((color) => (
        <li key={color} className="min-w-0">
          <ColorChip color={color} />
        </li>
      ))}
      {rest > 0 && (
        <li>
          <span
            className="inline-flex items-center rounded-full bg-slate-100 px-2 py-0.5 font-semibold text-slate-600 text-xs"
            title={m.products.card.moreColors(rest)}
          >
            <span aria-hidden="true">{m.common.moreCount(rest)}</span>
            <span className="sr-only">{m.products.card.moreColors(rest)}</span>
          </span>
        </li>
      )}
    </ul>
  );
}

/**
 * A product picture in a fixed 4:3 box (no layout shift): the thumbnail, or a drawn placeholder
 * when there is none or it fails to load.
 */
export function ProductImage({
  url,
  alt,
  large = false,
  eager = false,
  className,
}: {
  url: string | null | undefined;
  alt: string;
  /** The full-size picture (dialog) instead of the thumbnail (cards). */
  large?: boolean;
  eager?: boolean;
  className?: string;
}) {
  const [broken, setBroken] = useState(false);
  const image = useRef<HTMLImageElement>(null);
  // An image that failed before hydration fired its error event too early to be seen.
  useEffect(() => {
    const img = image.current;
    if (img?.complete && img.naturalWidth === 0) setBroken(true);
  }, []);
  return (
    <div
      className={cn(
        "relative aspect-[4/3] w-full overflow-hidden bg-slate-100",
        large && "bg-slate-50",
        className,
      )}
    >
      {url && !broken ? (
        <img
          ref={image}
          src={large ? url : thumbnailUrl(url)}
          alt={alt}
          width={large ? 1600 : 480}
          height={large ? 1200 : 360}
          loading={eager ? "eager" : "lazy"}
          decoding="async"
          onError={() => setBroken(true)}
          className={cn("absolute inset-0 size-full", large ? "object-contain" : "object-cover")}
        />
      ) : (
        <ImagePlaceholder />
      )}
    </div>
  );
}

function ImagePlaceholder() {
  const m = useMessages({ products });
  return (
    <div
      className="absolute inset-0 grid place-items-center bg-gradient-to-br from-brand-50 via-slate-50 to-accent-100/60"
      role="img"
      aria-label={m.products.card.noImage}
    >
      <div className="flex flex-col items-center gap-2 text-brand-700/70">
        <span className="grid size-14 place-items-center rounded-2xl border border-brand-200/70 bg-white/70">
          <Shirt className="size-7" aria-hidden="true" />
        </span>
        <span className="font-medium text-slate-500 text-xs">{m.products.card.noImage}</span>
      </div>
    </div>
  );
}

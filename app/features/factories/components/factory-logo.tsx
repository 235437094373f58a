import { useEffect, useRef, useState } from "react";
import { SpriteIcon } from "~/components/ui/sprite-icon";
import { thumbnailUrl } from "~/domain/uploads";
import { cn } from "~/lib/cn";

/**
 * A factory's logo in a fixed square, or a drawn placeholder when there is none or the image
 * fails to load (a broken logo is hidden: docs/product.md, "Constants").
 */
export function FactoryLogo({
  url,
  name,
  size = 64,
  className,
  large = false,
  alt,
  loading = "lazy",
}: {
  url: string | null;
  name: string;
  size?: number;
  className?: string;
  /** Use the full-size image instead of the thumbnail. */
  large?: boolean;
  /** Text alternative; defaults to the name. Pass '' where the name is written beside it. */
  alt?: string;
  /** 'eager' for a logo above the fold. */
  loading?: "lazy" | "eager";
}) {
  const [broken, setBroken] = useState(false);
  const image = useRef<HTMLImageElement>(null);
  // An image that failed before the page hydrated fired its error event too early to be seen.
  useEffect(() => {
    const img = image.current;
    if (img?.complete && img.naturalWidth === 0) setBroken(true);
  }, []);
  const box = cn(
    "grid shrink-0 place-items-center overflow-hidden rounded-xl border border-slate-200 bg-brand-50 text-brand-700",
    className,
  );
  if (!url || broken) {
    return (
      <span className={box} style={{ width: size, height: size }} aria-hidden="true">
        <SpriteIcon name="factory" style={{ width: size * 0.45, height: size * 0.45 }} />
      </span>
    );
  }
  return (
    <span className={box} style={{ width: size, height: size }}>
      <img
        ref={image}
        src={large ? url : thumbnailUrl(url)}
        alt={alt ?? name}
        width={size}
        height={size}
        loading={loading}
        decoding="async"
        onError={() => setBroken(true)}
        className="size-full object-cover"
      />
    </span>
  );
}

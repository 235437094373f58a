import type { CSSProperties } from "react";
import spriteHref from "~/assets/icons.svg?no-inline";
import type { SpriteIconName } from "./sprite-icons";

/**
 * A decorative icon drawn from the sprite file instead of inline paths: a list that repeats the
 * same icons (the directory's 24 cards) carries one short <use> per icon, and the drawings are
 * one cached file (same origin, so the Content-Security-Policy's default-src 'self' allows it).
 * Sized and coloured like a lucide icon: by class (size-4, text-…), stroke in currentColor.
 */
export function SpriteIcon({
  name,
  className,
  style,
}: {
  name: SpriteIconName;
  className?: string;
  style?: CSSProperties;
}) {
  return (
    <svg aria-hidden="true" width="24" height="24" className={className} style={style}>
      <use href={`${spriteHref}#${name}`} />
    </svg>
  );
}

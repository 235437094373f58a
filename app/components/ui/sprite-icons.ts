/**
 * The icons of the SVG sprite app/assets/icons.svg (SpriteIcon, ui/sprite-icon.tsx): lucide's
 * drawings, written there by `npx tsx scripts/icon-sprite.ts`; scripts/icon-sprite.test.ts checks
 * that the file is current. To add an icon, add its lucide name here and run the script.
 */
export const SPRITE_ICONS = [
  "arrow-right",
  "badge-check",
  "factory",
  "map-pin",
  "search",
  "search-x",
  "star",
  "x",
] as const;
export type SpriteIconName = (typeof SPRITE_ICONS)[number];

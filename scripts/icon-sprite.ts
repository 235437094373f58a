/**
 * npx tsx scripts/icon-sprite.ts — writes app/assets/icons.svg, the SVG sprite of SpriteIcon
 * (app/components/ui/sprite-icon.tsx): one <symbol> per name in SPRITE_ICONS (ui/sprite-icons.ts), drawn exactly as
 * the lucide-react icon of that name draws itself (its paths, stroke and viewBox).
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { icons } from "lucide-react";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { SPRITE_ICONS } from "~/components/ui/sprite-icons";

export const SPRITE_FILE = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  "../app/assets/icons.svg",
);

const pascal = (name: string) =>
  name.replace(/(^|-)([a-z0-9])/g, (_, _dash: string, letter: string) => letter.toUpperCase());

/** The sprite's text: the drawing of each icon as a symbol with lucide's own attributes. */
export function iconSprite(): string {
  const symbols = SPRITE_ICONS.map((name) => {
    const icon = icons[pascal(name) as keyof typeof icons];
    if (!icon) throw new Error(`lucide-react has no icon "${name}"`);
    const markup = renderToStaticMarkup(createElement(icon));
    const open = /^<svg ([^>]*)>/.exec(markup);
    if (!open?.[1] || !markup.endsWith("</svg>")) throw new Error(`unexpected markup: ${markup}`);
    const keep = [...open[1].matchAll(/([\w-]+)="([^"]*)"/g)]
      .filter(([, attribute]) =>
        ["viewBox", "fill", "stroke", "stroke-width", "stroke-linecap", "stroke-linejoin"].includes(
          attribute as string,
        ),
      )
      .map(([whole]) => whole)
      .join(" ");
    const body = markup.slice(open[0].length, -"</svg>".length);
    return `<symbol id="${name}" ${keep}>${body}</symbol>`;
  });
  return `<svg xmlns="http://www.w3.org/2000/svg">\n${symbols.join("\n")}\n</svg>\n`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  writeFileSync(SPRITE_FILE, iconSprite());
  console.log(`${path.relative(process.cwd(), SPRITE_FILE)}: ${SPRITE_ICONS.length} icons`);
}

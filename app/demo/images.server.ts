/**
 * Demo pictures drawn locally with sharp from SVG (nothing is downloaded): geometric factory
 * emblems and garment silhouettes in the product's colour. No text is drawn, so no font is
 * needed on the machine.
 */
import sharp from "sharp";

export type Shape = "tshirt" | "jacket" | "trousers" | "skirt" | "dress" | "cap" | "apron" | "set";

const SHAPES: Record<Shape, string> = {
  tshirt:
    "M300 170 l70 -20 q30 40 60 0 l70 20 l90 90 l-60 60 l-50 -40 v300 h-220 v-300 l-50 40 l-60 -60 z",
  jacket:
    "M300 160 l70 -20 l30 40 l30 -40 l70 20 l60 60 l40 330 l-60 10 l-30 -250 v300 h-220 v-300 l-30 250 l-60 -10 l40 -330 z M400 180 v420",
  trousers: "M290 160 h220 l30 470 h-100 l-40 -330 l-40 330 h-100 z",
  skirt: "M320 180 h160 l90 380 q-170 40 -340 0 z",
  dress:
    "M340 150 l30 -10 q30 40 60 0 l30 10 l10 120 q-10 40 -10 60 l130 300 q-210 50 -380 0 l130 -300 q0 -20 -10 -60 z",
  cap: "M220 470 q0 -230 180 -240 q180 10 180 240 z M560 470 q110 0 150 40 q-60 20 -150 0 z",
  apron:
    "M340 170 h120 v90 l80 -20 v360 q-140 40 -280 0 v-360 l80 20 z M340 170 q-40 -70 60 -80 q100 10 60 80",
  set: "M290 150 l60 -20 q50 40 100 0 l60 20 l60 60 l-40 50 l-30 -20 v150 h-200 v-150 l-30 20 l-40 -50 z M300 430 h200 l20 230 h-90 l-30 -150 l-30 150 h-90 z",
};

function mix(hex: string, other: string, amount: number): string {
  const a = Number.parseInt(hex.slice(1), 16);
  const b = Number.parseInt(other.slice(1), 16);
  const channel = (shift: number) =>
    Math.round(((a >> shift) & 255) * (1 - amount) + ((b >> shift) & 255) * amount);
  return `#${((channel(16) << 16) | (channel(8) << 8) | channel(0)).toString(16).padStart(6, "0")}`;
}

/** A product photo stand-in: the garment's silhouette on a soft, patterned backdrop. */
export function productSvg(shape: Shape, colorHex: string, variant: number): string {
  const background = mix(colorHex, "#ffffff", 0.85);
  const stroke = mix(colorHex, "#000000", 0.35);
  const pattern = variant % 3;
  const deco =
    pattern === 0
      ? `<pattern id="p" width="40" height="40" patternUnits="userSpaceOnUse"><circle cx="20" cy="20" r="2" fill="${mix(colorHex, "#ffffff", 0.6)}"/></pattern>`
      : pattern === 1
        ? `<pattern id="p" width="36" height="36" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="4" height="36" fill="${mix(colorHex, "#ffffff", 0.7)}"/></pattern>`
        : `<pattern id="p" width="60" height="60" patternUnits="userSpaceOnUse"><path d="M0 30 h60 M30 0 v60" stroke="${mix(colorHex, "#ffffff", 0.7)}" stroke-width="2"/></pattern>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 800 800">
<defs>${deco}</defs>
<rect width="800" height="800" fill="${background}"/>
<rect width="800" height="800" fill="url(#p)"/>
<ellipse cx="400" cy="700" rx="260" ry="30" fill="${mix(colorHex, "#000000", 0.2)}" opacity="0.15"/>
<path d="${SHAPES[shape]}" fill="${colorHex}" stroke="${stroke}" stroke-width="8" stroke-linejoin="round" fill-rule="evenodd"/>
</svg>`;
}

const LOGO_PALETTES: [string, string][] = [
  ["#0f5f5c", "#f2b84b"],
  ["#1f2f5a", "#e58fb0"],
  ["#7d1f35", "#f4e3c1"],
  ["#2e8a57", "#f4f4f2"],
  ["#1f2328", "#e6b422"],
  ["#2f5fb3", "#d9ecff"],
  ["#7a4fb3", "#f2d7ff"],
  ["#e57a2e", "#1f2328"],
];

/** A square emblem: one of several geometric marks in one of several palettes. */
export function logoSvg(index: number): string {
  const [bg, fg] = LOGO_PALETTES[index % LOGO_PALETTES.length] as [string, string];
  const marks = [
    `<circle cx="200" cy="200" r="90" fill="none" stroke="${fg}" stroke-width="28"/><circle cx="200" cy="200" r="24" fill="${fg}"/>`,
    `<path d="M110 290 L200 100 L290 290 Z" fill="none" stroke="${fg}" stroke-width="26" stroke-linejoin="round"/>`,
    `<rect x="115" y="115" width="170" height="170" rx="30" fill="none" stroke="${fg}" stroke-width="26" transform="rotate(45 200 200)"/>`,
    `<path d="M100 260 q50 -120 100 0 q50 120 100 0" fill="none" stroke="${fg}" stroke-width="26" stroke-linecap="round"/><path d="M100 170 q50 -120 100 0 q50 120 100 0" fill="none" stroke="${fg}" stroke-width="26" stroke-linecap="round"/>`,
    `<path d="M120 120 h160 v40 h-100 v40 h80 v40 h-80 v80 h-60 z" fill="${fg}"/>`,
  ];
  const mark = marks[Math.floor(index / LOGO_PALETTES.length + index) % marks.length];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400" viewBox="0 0 400 400"><rect width="400" height="400" rx="80" fill="${bg}"/>${mark}</svg>`;
}

export async function renderWebp(svg: string, size: number): Promise<Buffer> {
  return sharp(Buffer.from(svg)).resize(size, size).webp({ quality: 80 }).toBuffer();
}

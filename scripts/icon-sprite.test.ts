import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { SPRITE_ICONS } from "~/components/ui/sprite-icons";
import { iconSprite, SPRITE_FILE } from "./icon-sprite";

describe("the icon sprite (app/assets/icons.svg)", () => {
  it("is what scripts/icon-sprite.ts writes from lucide-react: run it after changing the icons", () => {
    expect(readFileSync(SPRITE_FILE, "utf8")).toBe(iconSprite());
  });

  it("has one symbol per icon name, each drawn in lucide's 24-unit box with the current colour", () => {
    const sprite = readFileSync(SPRITE_FILE, "utf8");
    const ids = [...sprite.matchAll(/<symbol id="([^"]+)" ([^>]*)>/g)];
    expect(ids.map(([, id]) => id)).toEqual([...SPRITE_ICONS]);
    for (const [, id, attributes] of ids) {
      expect(attributes, id).toContain('viewBox="0 0 24 24"');
      expect(attributes, id).toContain('stroke="currentColor"');
      expect(attributes, id).toContain('fill="none"');
    }
  });
});

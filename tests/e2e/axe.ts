import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";

/** WCAG 2.0 and 2.1, levels A and AA, plus axe's best practices. */
export const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"];

/** Only these impacts fail a test; minor and moderate findings are left to review. */
const BLOCKING = new Set(["serious", "critical"]);

interface Finding {
  id: string;
  impact?: string | null;
  help: string;
  helpUrl: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

/** One readable line per violation, with its rule, impact, help text and the elements. */
export function describeViolations(what: string, violations: Finding[]): string {
  if (violations.length === 0) return "";
  const lines = violations.map((v) => {
    const targets = v.nodes
      .slice(0, 8)
      .map((node) => {
        const selector = node.target.map((part) => JSON.stringify(part)).join(" >> ");
        const why = node.failureSummary?.split("\n").slice(1).join(" ").trim();
        return `      - ${selector}${why ? ` (${why})` : ""}`;
      })
      .join("\n");
    const more = v.nodes.length > 8 ? `\n      … and ${v.nodes.length - 8} more` : "";
    return `  [${v.impact}] ${v.id}: ${v.help} (${v.helpUrl})\n${targets}${more}`;
  });
  return `${what}: ${violations.length} serious/critical accessibility violation(s)\n${lines.join("\n")}`;
}

/**
 * Runs axe-core on the page as it is now (open dialogs and menus included) and fails with a
 * list of every serious or critical violation. `include` narrows the check to a part of the page.
 */
export async function expectAccessible(
  page: Page,
  what: string,
  { include }: { include?: string } = {},
): Promise<void> {
  await test.step(`axe: ${what}`, async () => {
    // Colours are read when the page has settled: after two frames (a dialog, menu or toast
    // starts its transition on the frame after it mounts), every finite animation or transition
    // still running has finished (a spinner's endless one is not waited for). The wait is
    // bounded: twice in CI (2 of 3 full runs) it never ended on /tenders at 390 px and the test
    // timed out at 90 s without a check; past the bound axe reads the page as it is, and a colour
    // caught mid-transition would fail the check visibly instead.
    const settled = await page.evaluate(async () => {
      const settle = async () => {
        for (let frame = 0; frame < 2; frame++) {
          await new Promise((resolve) => requestAnimationFrame(resolve));
        }
        const finite = document
          .getAnimations()
          .filter((animation) => animation.effect?.getTiming().iterations !== Infinity);
        await Promise.all(finite.map((animation) => animation.finished.catch(() => undefined)));
        return true;
      };
      const bound = new Promise<false>((resolve) => setTimeout(() => resolve(false), 5000));
      return Promise.race([settle(), bound]);
    });
    if (!settled) {
      test.info().annotations.push({
        type: "axe",
        description: `${what}: the page had not settled after 5 s; checked as it was`,
      });
    }
    let builder = new AxeBuilder({ page }).withTags(AXE_TAGS);
    if (include) builder = builder.include(include);
    const results = await builder.analyze();
    const blocking = results.violations.filter((v) => BLOCKING.has(v.impact ?? ""));
    expect(blocking, describeViolations(what, blocking)).toEqual([]);
  });
}

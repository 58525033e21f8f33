/** The accessibility bar of the portal's pages: axe (WCAG A/AA) finds nothing serious or critical. */
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/**
 * The page at rest: axe reads colours as they are at that instant, and a button the pointer has just
 * clicked was still fading into its hover colour ("color-contrast: .hover:bg-blue-800" in a CI run).
 * The pointer leaves, and every transition that ends is waited for (a spinner never ends).
 */
async function atRest(page: Page): Promise<void> {
  await page.mouse.move(0, 0);
  await page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const ending = document
      .getAnimations()
      .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)));
    await Promise.all(ending.map((animation) => animation.finished.catch(() => undefined)));
  });
}

export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  await atRest(page);
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((node) => node.target).join(", ")}`)).toEqual([]);
}

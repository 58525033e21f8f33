/**
 * The API reference at /docs is usable by everyone: axe (its default rules: WCAG A/AA and best
 * practices) finds no violation, at desktop width and at 390 px, and on a phone the page body never
 * scrolls sideways.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";

/** Each violation axe finds: its rule, impact, how many elements and the first of them. */
async function violations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.map((violation) => ({
    id: violation.id,
    impact: violation.impact,
    nodes: violation.nodes.length,
    first: violation.nodes[0]?.target.join(" "),
  }));
}

for (const width of [1280, 390]) {
  test(`axe finds no violation on /docs at ${width} px`, async ({ page }) => {
    // axe walks the whole reference (every operation's schemas and samples): 44–60 s on CI's two
    // cores, and 1.8-2.0 min beside a whole CI run on a slower machine of the kind CI sometimes gets.
    test.setTimeout(300_000);
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/docs");
    await expect(page.getByRole("heading", { name: "Delivery Channel Provider API" })).toBeVisible();
    // None at all, so none serious or critical (the bar) and none moderate or minor either.
    expect(await violations(page)).toEqual([]);
  });
}

test("at 390 px the reference's body does not scroll sideways", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/docs");
  await expect(page.getByRole("heading", { name: "Delivery Channel Provider API" })).toBeVisible();
  const widths = await page.evaluate(() => ({
    viewport: document.documentElement.clientWidth,
    page: document.documentElement.scrollWidth,
    body: document.body.scrollWidth,
  }));
  expect(widths.page).toBeLessThanOrEqual(widths.viewport);
  expect(widths.body).toBeLessThanOrEqual(widths.viewport);
  await page
    .getByRole("navigation", { name: "Contents" })
    .getByRole("link", { name: "Create delivery channel" })
    .click();
  await page.screenshot({ path: "artifacts/docs-390.png" });
});

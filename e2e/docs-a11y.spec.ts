/**
 * The API reference at /docs is usable by everyone: axe (its default rules: WCAG A/AA and best
 * practices) finds no violation, at desktop width and at 390 px, and on a phone the page body never
 * scrolls sideways. At desktop width every rule but colour contrast runs over the whole page; colour
 * contrast, and every rule at 390 px, over one part of each kind (EACH_KIND_OF_PART).
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";

/** What axe checks: `parts` (CSS selectors; the whole page when absent), with every rule but `except`. */
interface Check {
  parts?: readonly string[];
  except?: readonly string[];
}

/** Each violation axe finds: its rule, impact, how many elements and the first of them. */
async function violations(page: Page, { parts = [], except = [] }: Check) {
  const builder = new AxeBuilder({ page }).disableRules([...except]);
  for (const part of parts) builder.include(part);
  const results = await builder.analyze();
  return results.violations.map((violation) => ({
    id: violation.id,
    impact: violation.impact,
    nodes: violation.nodes.length,
    first: violation.nodes[0]?.target.join(" "),
  }));
}

/**
 * One of each kind of part the page is made of: the header, the contents, the overview, and one
 * operation with its schema tables, samples in each language and responses. Every operation is
 * written by the same functions with the same classes (lib/api/reference/operation-html.ts), so the
 * other 45 repeat its layout and colours; what they do not repeat is their content (ids, headings,
 * link and code text), which the rules other than colour contrast check over the whole page.
 * axe over the whole reference took 130 s of CI's browser time at each width, 60 of them contrast.
 */
const EACH_KIND_OF_PART = [
  "header",
  "nav[aria-label='Contents']",
  "section[aria-labelledby='overview']",
  "section[aria-labelledby='operation-createDeliveryChannel']",
];

const CHECKS: { name: string; width: number; checks: Check[] }[] = [
  {
    name: "at 1280 px",
    width: 1280,
    checks: [{ except: ["color-contrast"] }, { parts: EACH_KIND_OF_PART }],
  },
  { name: "at 390 px", width: 390, checks: [{ parts: EACH_KIND_OF_PART }] },
];

for (const { name, width, checks } of CHECKS) {
  test(`axe finds no violation on /docs ${name}`, async ({ page }) => {
    // axe over the whole page at 1280 px: up to 2 minutes beside a whole CI run.
    test.setTimeout(300_000);
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/docs");
    await expect(page.getByRole("heading", { name: "Delivery Channel Provider API" })).toBeVisible();
    for (const part of EACH_KIND_OF_PART) await expect(page.locator(part), part).toHaveCount(1);
    // None at all, so none serious or critical (the bar) and none moderate or minor either.
    for (const check of checks) expect(await violations(page, check)).toEqual([]);
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

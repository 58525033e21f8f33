/**
 * The guides in Chromium (issue 31, item 3): a portal page's header links to its guide ("Guide: …"),
 * and following the link, in the same tab, lands on the guide's heading; in Arabic the label says the
 * guide is in English and the guide page is English, left to right. A guide page loads nothing from
 * elsewhere, fits a 390 px phone and passes axe.
 */
import { expect, type Page, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/a11y";
import { createAdminAccount, createProviderAccount, signIn } from "./support/accounts";

/** Follows the page's help link and checks that it lands on the heading its anchor names. */
async function followHelpLink(page: Page, name: RegExp, heading: string) {
  const link = page.getByRole("link", { name });
  await expect(link).toBeVisible();
  await link.click();
  await expect(page).toHaveURL(/\/guides\/[a-z-]+#[a-z0-9-]+$/);
  const anchor = new URL(page.url()).hash.slice(1);
  const target = page.locator(`[id="${anchor}"]`);
  await expect(target).toHaveText(heading);
  await expect(target).toBeInViewport();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
}

test("the portal's keys page links to its guide, which opens on the heading", async ({ page }) => {
  const account = createProviderAccount();
  await signIn(page, account);
  await page.goto("/keys");
  await followHelpLink(page, /^Guide: API keys$/, "API keys");
  await expect(page.getByRole("navigation", { name: "Guides" })).toBeVisible();
});

test("the console's audit page links to its guide's heading, also in Arabic", async ({
  page,
  context,
  baseURL,
}) => {
  const admin = createAdminAccount();
  await signIn(page, admin, /\/admin/);
  await page.goto("/admin/audit");
  await followHelpLink(page, /^Guide: Audit trail$/, "Reading and exporting the trail");

  await context.addCookies([{ name: "locale", value: "ar", url: baseURL! }]);
  await page.goto("/admin/audit");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  const link = page.getByRole("link", { name: /Audit trail/ });
  await expect(link).toContainText("بالإنجليزية");
  await expect(link.locator('[lang="en"]')).toHaveText("Audit trail");
  await followHelpLink(page, /Audit trail/, "Reading and exporting the trail");
  await expect(page.locator("html")).toHaveAttribute("dir", "ltr");
});

test("a guide page loads nothing from elsewhere, fits a phone and passes axe", async ({ page }) => {
  const requests: string[] = [];
  const problems: string[] = [];
  page.on("request", (request) => requests.push(request.url()));
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(message.text());
  });
  await page.setViewportSize({ width: 390, height: 844 });
  const response = await page.goto("/guides/data-protection");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: "Data protection" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Beneficiary data" })).toBeVisible();
  expect(requests.filter((url) => new URL(url).hostname !== "127.0.0.1")).toEqual([]);
  expect(problems).toEqual([]);
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  await expectNoSeriousA11yViolations(page);

  // A link between guides stays within /guides.
  await page.getByRole("link", { name: "API keys" }).first().click();
  await expect(page).toHaveURL(/\/guides\/keys/);
});

/**
 * The platform API's tokens in Chromium: a console user creates a token on API tokens, sees it once,
 * calls the platform API with it, revokes it, and the API refuses it; the page passes axe and does
 * not scroll sideways on a phone. /docs shows the Platform API tag with its bearer credential.
 */
import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/a11y";
import { createAdminAccount, signIn } from "./support/accounts";

test("a token is created once, works on the platform API, and stops when revoked", async ({
  page,
  request,
}) => {
  const admin = createAdminAccount();
  await signIn(page, admin, /\/admin$/);
  await page.getByRole("link", { name: "API tokens" }).click();
  await page.getByLabel("Name").fill("e2e script");
  await page.getByLabel("Expires after").selectOption("7");
  await page.getByRole("button", { name: "Create token" }).click();
  const shown = page.getByTestId("new-api-key");
  await expect(shown).toHaveText(/^dcp_pat_/);
  const token = (await shown.textContent()) ?? "";

  const listed = await request.get("/api/platform/v1/channel-requests?state=PENDING", {
    headers: { authorization: `Bearer ${token}` },
  });
  expect((await listed.json()).status).toBe("success");

  await page.reload();
  await expect(page.getByTestId("new-api-key")).toHaveCount(0);
  const row = page.getByRole("row").filter({ hasText: "e2e script" });
  await expect(row).toContainText("Active");
  await expectNoSeriousA11yViolations(page);
  await row.getByRole("button", { name: /Revoke/ }).click();
  await page.getByRole("button", { name: "Revoke token" }).click();
  await expect(row).toContainText("Revoked");
  const refused = await request.get("/api/platform/v1/channels", {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(refused.status()).toBe(401);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

test("the reference shows the Platform API with its bearer credential", async ({ page }) => {
  await page.goto("/docs");
  await expect(page.getByRole("heading", { name: "List channel requests" })).toBeVisible();
  await expect(page.getByText("Authorization: Bearer dcp_pat_…").first()).toBeVisible();
});

/**
 * Notifications by email in Chromium (issue 13): a reviewer's rejection is written for the provider's
 * user, the administrator reads it on the mailbox (the e2e server has no SMTP_URL, so it is kept
 * there), and the provider's user turns that kind off; both pages pass axe and fit a phone.
 */
import { expect, type Page, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/a11y";
import { createAdminAccount, createProviderAccount, signIn } from "./support/accounts";

async function fitsAPhone(page: Page) {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.setViewportSize({ width: 1280, height: 800 });
}

test("a rejection reaches the provider's user by mail, kept on the mailbox; the user turns it off", async ({
  page,
  request,
}) => {
  const provider = createProviderAccount();
  const created = await request.post("/api/DeliveryChannel/Create", {
    headers: { "x-api-key": provider.apiKey },
    data: {
      providerDeliveryChannelId: `mail-${Date.now()}`,
      name: { language: "EN", translation: "Mailed kiosk" },
      landingPage: "www.example.org",
      availability: { categoriesSupported: ["CASH"] },
    },
  });
  expect((await created.json()).status).toBe("success");

  const admin = createAdminAccount();
  await signIn(page, admin, /\/admin$/);
  await page.goto(`/admin/requests?providerId=${provider.providerId}`);
  await page.getByRole("link", { name: "Delivery Channel Create: Mailed kiosk" }).click();
  await page.getByRole("button", { name: "Reject…" }).click();
  await page.getByLabel("Reason for the provider").fill("The landing page is not yours");
  await page.getByRole("button", { name: "Reject request" }).click();
  await expect(page).toHaveURL(/\/admin\/requests$/);

  await page.getByRole("link", { name: "Mailbox" }).click();
  const message = page.getByRole("listitem").filter({ hasText: provider.email });
  await expect(message).toContainText("Channel request rejected: Mailed kiosk");
  await expect(message).toContainText("Kept (no SMTP)");
  await message.getByText("Channel request rejected: Mailed kiosk").click();
  await expect(message).toContainText("The landing page is not yours");
  await expectNoSeriousA11yViolations(page);
  await fitsAPhone(page);

  await page.context().clearCookies();
  await signIn(page, provider);
  await page.getByRole("link", { name: "Notifications", exact: true }).click();
  const decisions = page.getByRole("checkbox", { name: /A decision on one of my organisation/ });
  await expect(decisions).toBeChecked();
  await decisions.uncheck();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Your notification settings are saved.")).toBeVisible();
  await page.reload();
  await expect(decisions).not.toBeChecked();
  await expectNoSeriousA11yViolations(page);
  await fitsAPhone(page);
});

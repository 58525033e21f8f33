/**
 * The audit trail in Chromium: an administrator's decision in the console appears on the audit page
 * with who made it and what changed, the filters find it, the CSV export downloads it, and the page
 * passes axe and does not scroll sideways on a phone.
 */
import { readFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import { expectNoSeriousA11yViolations } from "./support/a11y";
import { createAdminAccount, createProviderAccount, signIn } from "./support/accounts";

test("a decision appears in the audit trail, filtered and exported", async ({ page, request }) => {
  const provider = createProviderAccount();
  const channelId = `audit-${Date.now()}`;
  const created = await request.post("/api/DeliveryChannel/Create", {
    headers: { "x-api-key": provider.apiKey },
    data: {
      providerDeliveryChannelId: channelId,
      name: { language: "EN", translation: "Audited kiosk" },
      landingPage: "www.example.org",
      availability: { categoriesSupported: ["CASH"], countriesSupported: ["BG"] },
    },
  });
  expect((await created.json()).status).toBe("success");

  const admin = createAdminAccount();
  await signIn(page, admin, /\/admin$/);
  await page.goto(`/admin/requests?providerId=${provider.providerId}`);
  await page.getByRole("link", { name: "Delivery Channel Create: Audited kiosk" }).click();
  await page.getByRole("button", { name: "Approve" }).click();
  await expect(page).toHaveURL(/\/admin\/requests$/);

  await page.getByRole("link", { name: "Audit trail" }).click();
  // Part of the email, in another case, finds the actor (issue 30, finding 11).
  const part = admin.email.split("@")[0]!.toUpperCase();
  await page.getByLabel("Actor (part of an email, or an id)").fill(part);
  // Actions go by their names (issue 30, finding 5); the code stays the filter's value and the CSV's.
  await page.getByLabel("Action").selectOption({ label: "Channel request approved" });
  await page.getByRole("button", { name: "Filter" }).click();
  const row = page.getByRole("row").filter({ hasText: "Channel request approved" });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(admin.email);
  await expect(row).toContainText("pending → approved");
  await expectNoSeriousA11yViolations(page);

  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export CSV" }).click();
  const csv = readFileSync(await (await download).path(), "utf8");
  expect(csv.split("\r\n")[0]).toContain("position,at,actorType,actorId,actor,action");
  expect(csv).toContain(`${admin.email},request.approved,ChannelRequest`);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: "artifacts/screenshots/audit-390.png", fullPage: true });
});

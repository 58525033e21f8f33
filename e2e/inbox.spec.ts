/**
 * The inbox in Chromium (issue 30, finding 3): a reviewer rejects a provider's channel request; the
 * provider's user sees "Inbox" counting it, opens it from the navigation, reads the decision with its
 * reason and follows its link to the channel; the count is gone. The same inbox in Arabic, right to
 * left. Both pass axe.
 */
import { expect, test } from "@playwright/test";
import arabicInbox from "../messages/ar/inbox.json" with { type: "json" };
import arabicNav from "../messages/ar/nav.json" with { type: "json" };
import { expectNoSeriousA11yViolations } from "./support/a11y";
import { createAdminAccount, createProviderAccount, signIn } from "./support/accounts";

test("a provider's user opens the rejection of their channel request from the inbox, in English and Arabic", async ({
  page,
  request,
  baseURL,
}) => {
  const provider = createProviderAccount();
  const providerDeliveryChannelId = `inbox-${Date.now()}`;
  const created = await request.post("/api/DeliveryChannel/Create", {
    headers: { "x-api-key": provider.apiKey },
    data: {
      providerDeliveryChannelId,
      name: { language: "EN", translation: "Inbox kiosk" },
      landingPage: "www.example.org",
      availability: { categoriesSupported: ["CASH"] },
    },
  });
  expect((await created.json()).status).toBe("success");

  const admin = createAdminAccount();
  await signIn(page, admin, /\/admin$/);
  await page.goto(`/admin/requests?providerId=${provider.providerId}`);
  await page.getByRole("link", { name: "Delivery Channel Create: Inbox kiosk" }).click();
  await page.getByRole("button", { name: "Reject…" }).click();
  await page.getByLabel("Reason for the provider").fill("The kiosk has no licence");
  await page.getByRole("button", { name: "Reject request" }).click();
  await expect(page).toHaveURL(/\/admin\/requests$/);

  await page.context().clearCookies();
  await signIn(page, provider);
  // The header's navigation, whatever its label's language.
  const nav = page.locator("header nav");
  const inboxLink = nav.getByRole("link", { name: /^Inbox/ });
  await expect(inboxLink).toContainText("1");
  await inboxLink.click();
  await expect(page).toHaveURL(/\/inbox$/);
  await expect(page.getByRole("heading", { name: "Inbox" })).toBeVisible();
  const entry = page.getByRole("listitem").filter({ hasText: "Channel decision" });
  await expect(entry).toContainText("Inbox kiosk");
  // The reason is isolated from the sentence around it (U+2068 … U+2069).
  await expect(entry).toContainText(/Reason: \u2068?The kiosk has no licence/);
  await expect(entry).toContainText("New");
  // Opened: the count is gone, here and on the other pages.
  await expect(inboxLink).toHaveText("Inbox");
  await expectNoSeriousA11yViolations(page);
  await nav.getByRole("link", { name: "Channels", exact: true }).click();
  await expect(page).toHaveURL(/\/channels$/);
  await expect(inboxLink).toHaveText("Inbox");

  await inboxLink.click();
  await entry.getByRole("link").click();
  await expect(page).toHaveURL(new RegExp(`/channels/${providerDeliveryChannelId}$`));
  await expect(page.locator("main").getByRole("alert")).toContainText("The kiosk has no licence");

  // In Arabic, right to left: the same inbox from the navigation, its kind named in Arabic.
  await page.context().addCookies([{ name: "locale", value: "ar", url: baseURL! }]);
  await page.goto("/channels");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await nav.getByRole("link", { name: arabicNav.inbox, exact: true }).click();
  await expect(page).toHaveURL(/\/inbox$/);
  await expect(page.getByRole("heading", { name: arabicInbox.title })).toBeVisible();
  const arabicEntry = page.getByRole("listitem").filter({ hasText: arabicInbox.kind.channel_decision });
  await expect(arabicEntry).toContainText("The kiosk has no licence");
  await expect(arabicEntry).not.toContainText(arabicInbox.new);
  await expectNoSeriousA11yViolations(page);
});
